using System;
using System.Collections.Generic;
using System.Globalization;

namespace AgentBridgeUnity.Core.Keys
{
    /// <summary>
    /// The key names <c>input</c> takes (the Godot bridge's: <c>Enter</c>, <c>Escape</c>,
    /// <c>Space</c>, <c>A</c>, <c>5</c>, <c>F5</c>, <c>Up</c>...), case-insensitive with common
    /// aliases (<c>Return</c>, <c>Esc</c>, <c>ArrowUp</c>, <c>Control</c>), and the modifiers.
    /// </summary>
    internal static class KeyNames
    {
        public const string Submit = "submit";
        public const string Cancel = "cancel";
        public const string MoveUp = "up";
        public const string MoveDown = "down";
        public const string MoveLeft = "left";
        public const string MoveRight = "right";

        static readonly Dictionary<string, KeyName> ByName = Build();

        /// <summary>The key, or INVALID_ARGS naming examples.</summary>
        public static KeyName Resolve(string name)
        {
            KeyName key;
            string wanted = (name ?? "").Trim();
            if (wanted.Length > 0 && ByName.TryGetValue(wanted.ToLowerInvariant(), out key))
                return key;
            throw new InvalidArgsException(String.Format(
                "Unknown key '{0}' (examples: Enter, Escape, A, Space, F5, Left).", name));
        }

        /// <summary>The key a modifier name (<c>ctrl</c>, <c>shift</c>, <c>alt</c>, <c>meta</c>) holds down.</summary>
        public static KeyName Modifier(string modifier)
        {
            switch (modifier)
            {
                case "ctrl": return Resolve("Ctrl");
                case "shift": return Resolve("Shift");
                case "alt": return Resolve("Alt");
                case "meta": return Resolve("Meta");
                default: throw new InvalidArgsException("'" + modifier + "' is not a modifier (ctrl, shift, alt, meta).");
            }
        }

        static Dictionary<string, KeyName> Build()
        {
            var keys = new Dictionary<string, KeyName>();
            Add(keys, "Enter", "Enter", Submit, "Return");
            Add(keys, "Kp Enter", "NumpadEnter", Submit, "NumpadEnter");
            Add(keys, "Space", "Space", Submit);
            Add(keys, "Escape", "Escape", Cancel, "Esc");
            Add(keys, "Up", "UpArrow", MoveUp, "ArrowUp", "UpArrow");
            Add(keys, "Down", "DownArrow", MoveDown, "ArrowDown", "DownArrow");
            Add(keys, "Left", "LeftArrow", MoveLeft, "ArrowLeft", "LeftArrow");
            Add(keys, "Right", "RightArrow", MoveRight, "ArrowRight", "RightArrow");
            Add(keys, "Tab", "Tab", null);
            Add(keys, "Backspace", "Backspace", null);
            Add(keys, "Delete", "Delete", null, "Del");
            Add(keys, "Insert", "Insert", null);
            Add(keys, "Home", "Home", null);
            Add(keys, "End", "End", null);
            Add(keys, "PageUp", "PageUp", null);
            Add(keys, "PageDown", "PageDown", null);
            Add(keys, "Shift", "LeftShift", null);
            Add(keys, "Ctrl", "LeftCtrl", null, "Control");
            Add(keys, "Alt", "LeftAlt", null);
            Add(keys, "Meta", "LeftMeta", null, "Cmd", "Command", "Windows");
            Add(keys, "Minus", "Minus", null, "-");
            Add(keys, "Equal", "Equals", null, "=");
            Add(keys, "Comma", "Comma", null, ",");
            Add(keys, "Period", "Period", null, ".");
            Add(keys, "Slash", "Slash", null, "/");
            Add(keys, "Semicolon", "Semicolon", null, ";");
            Add(keys, "Apostrophe", "Quote", null, "'");
            Add(keys, "BracketLeft", "LeftBracket", null, "[");
            Add(keys, "BracketRight", "RightBracket", null, "]");
            Add(keys, "Backslash", "Backslash", null, "\\");
            Add(keys, "QuoteLeft", "Backquote", null, "`");
            for (char letter = 'A'; letter <= 'Z'; letter++)
                Add(keys, letter.ToString(), letter.ToString(), null);
            for (int digit = 0; digit <= 9; digit++)
            {
                string text = digit.ToString(CultureInfo.InvariantCulture);
                Add(keys, text, "Digit" + text, null);
                Add(keys, "Kp " + text, "Numpad" + text, null, "Numpad" + text);
            }
            for (int f = 1; f <= 12; f++)
            {
                string text = "F" + f.ToString(CultureInfo.InvariantCulture);
                Add(keys, text, text, null);
            }
            return keys;
        }

        static void Add(Dictionary<string, KeyName> keys, string canonical, string inputSystem, string navigation,
            params string[] aliases)
        {
            var key = new KeyName(canonical, inputSystem, navigation);
            keys[canonical.ToLowerInvariant()] = key;
            foreach (string alias in aliases)
                keys[alias.ToLowerInvariant()] = key;
        }
    }
}
