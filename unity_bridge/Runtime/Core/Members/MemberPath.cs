using System;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>
    /// A property or method name as clients write it: <c>value</c>, <c>Slider.value</c>,
    /// <c>position:x</c> or <c>Transform.position:x</c>. The optional qualifier before the first
    /// dot picks a member host; the keys after colons walk into the value.
    /// </summary>
    internal sealed class MemberPath
    {
        MemberPath(string text, string qualifier, string member, string[] subKeys)
        {
            Text = text;
            Qualifier = qualifier;
            Member = member;
            SubKeys = subKeys;
        }

        public string Text { get; private set; }

        /// <summary>The host qualifier, or null for a bare name.</summary>
        public string Qualifier { get; private set; }

        public string Member { get; private set; }

        public string[] SubKeys { get; private set; }

        public static MemberPath Parse(string text)
        {
            string[] parts = (text ?? "").Split(':');
            string head = parts[0].Trim();
            string qualifier = null;
            int dot = head.IndexOf('.');
            if (dot >= 0)
            {
                qualifier = head.Substring(0, dot);
                head = head.Substring(dot + 1);
            }
            var subKeys = new string[parts.Length - 1];
            Array.Copy(parts, 1, subKeys, 0, subKeys.Length);
            if (head.Length == 0 || qualifier == "" || Array.Exists(subKeys, key => key.Length == 0))
                throw new InvalidArgsException("'" + text + "' is not a member name: write name, Type.name or name:sub.");
            return new MemberPath(text, qualifier, head, subKeys);
        }
    }
}
