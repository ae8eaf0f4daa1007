using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// Parses exactly RFC 8259 JSON into JTokens. Newtonsoft's reader is lenient (single quotes,
    /// comments, NaN, unquoted names, dates); the protocol wants PARSE_ERROR for anything that is
    /// not JSON, and integers that stay integers (up to 64 bits; longer ones become floats), so
    /// requests go through this parser instead.
    /// </summary>
    internal sealed class StrictJsonParser
    {
        /// <summary>How deeply a request may nest: containers below this depth are INVALID_ARGS.</summary>
        public const int RequestDepth = 64;

        /// <summary>The nesting <see cref="Parse(string)"/> accepts (responses nest deeply).</summary>
        const int DefaultDepth = 1000;

        readonly string _text;
        readonly int _maxDepth;
        int _pos;
        bool _tooDeep;

        StrictJsonParser(string text, int maxDepth)
        {
            _text = text;
            _maxDepth = maxDepth;
        }

        /// <summary>The value in <paramref name="text"/>; throws ParseException otherwise.</summary>
        public static JToken Parse(string text)
        {
            bool tooDeep;
            JToken value = Parse(text, DefaultDepth, out tooDeep);
            if (tooDeep)
                throw new ParseException("The line is not valid JSON here (it nests deeper than " + DefaultDepth + " levels).");
            return value;
        }

        /// <summary>
        /// The value in <paramref name="text"/>, where a container nested deeper than
        /// <paramref name="maxDepth"/> (the top level is depth 0) is only checked to be JSON, with
        /// no recursion and no tokens built, and read as null; <paramref name="tooDeep"/> says
        /// whether there was one. Throws ParseException for text that is not JSON.
        /// </summary>
        public static JToken Parse(string text, int maxDepth, out bool tooDeep)
        {
            var parser = new StrictJsonParser(text, maxDepth);
            parser.SkipWhitespace();
            JToken value = parser.ReadValue(0);
            parser.SkipWhitespace();
            if (parser._pos < text.Length)
                throw parser.Error("unexpected text after the JSON value");
            tooDeep = parser._tooDeep;
            return value;
        }

        JToken ReadValue(int depth)
        {
            if (_pos >= _text.Length)
                throw Error("the line ends where a value should start");
            char c = _text[_pos];
            if (depth > _maxDepth && (c == '{' || c == '['))
            {
                _tooDeep = true;
                new JsonSkipper(this).SkipContainer();
                return JValue.CreateNull();
            }
            switch (c)
            {
                case '{': return ReadObject(depth);
                case '[': return ReadArray(depth);
                default: return ReadScalar();
            }
        }

        /// <summary>A string, number, true, false or null at the current position.</summary>
        JToken ReadScalar()
        {
            char c = Peek();
            switch (c)
            {
                case '"': return new JValue(ReadString());
                case 't': ReadWord("true"); return new JValue(true);
                case 'f': ReadWord("false"); return new JValue(false);
                case 'n': ReadWord("null"); return JValue.CreateNull();
                default:
                    if (c == '-' || (c >= '0' && c <= '9'))
                        return ReadNumber();
                    throw Error(_pos >= _text.Length ? "the line ends where a value should start" : "unexpected character '" + c + "'");
            }
        }

        JObject ReadObject(int depth)
        {
            var result = new JObject();
            _pos++;
            SkipWhitespace();
            if (Peek() == '}')
            {
                _pos++;
                return result;
            }
            while (true)
            {
                SkipWhitespace();
                if (Peek() != '"')
                    throw Error("expected a quoted member name");
                string name = ReadString();
                SkipWhitespace();
                Expect(':');
                SkipWhitespace();
                result[name] = ReadValue(depth + 1);
                SkipWhitespace();
                char next = Peek();
                _pos++;
                if (next == '}')
                    return result;
                if (next != ',')
                    throw Error("expected ',' or '}'", -1);
            }
        }

        JArray ReadArray(int depth)
        {
            var result = new JArray();
            _pos++;
            SkipWhitespace();
            if (Peek() == ']')
            {
                _pos++;
                return result;
            }
            while (true)
            {
                SkipWhitespace();
                result.Add(ReadValue(depth + 1));
                SkipWhitespace();
                char next = Peek();
                _pos++;
                if (next == ']')
                    return result;
                if (next != ',')
                    throw Error("expected ',' or ']'", -1);
            }
        }

        string ReadString()
        {
            _pos++;
            var builder = new StringBuilder();
            while (true)
            {
                if (_pos >= _text.Length)
                    throw Error("unterminated string");
                char c = _text[_pos++];
                if (c == '"')
                    return builder.ToString();
                if (c < 0x20)
                    throw Error("raw control character in a string", -1);
                if (c != '\\')
                {
                    builder.Append(c);
                    continue;
                }
                if (_pos >= _text.Length)
                    throw Error("unterminated escape");
                char e = _text[_pos++];
                switch (e)
                {
                    case '"': builder.Append('"'); break;
                    case '\\': builder.Append('\\'); break;
                    case '/': builder.Append('/'); break;
                    case 'b': builder.Append('\b'); break;
                    case 'f': builder.Append('\f'); break;
                    case 'n': builder.Append('\n'); break;
                    case 'r': builder.Append('\r'); break;
                    case 't': builder.Append('\t'); break;
                    case 'u': builder.Append(ReadHexChar()); break;
                    default: throw Error("invalid escape '\\" + e + "'", -1);
                }
            }
        }

        char ReadHexChar()
        {
            if (_pos + 4 > _text.Length)
                throw Error("incomplete \\u escape");
            int value;
            if (!int.TryParse(_text.Substring(_pos, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out value))
                throw Error("invalid \\u escape");
            _pos += 4;
            return (char)value;
        }

        JValue ReadNumber()
        {
            int start = _pos;
            bool isFloat = false;
            if (Peek() == '-')
                _pos++;
            if (Peek() == '0')
                _pos++;
            else if (!ReadDigits())
                throw Error("a number needs digits");
            if (Peek() == '.')
            {
                isFloat = true;
                _pos++;
                if (!ReadDigits())
                    throw Error("a decimal point needs digits after it");
            }
            if (Peek() == 'e' || Peek() == 'E')
            {
                isFloat = true;
                _pos++;
                if (Peek() == '+' || Peek() == '-')
                    _pos++;
                if (!ReadDigits())
                    throw Error("an exponent needs digits");
            }
            string literal = _text.Substring(start, _pos - start);
            if (!isFloat)
            {
                long whole;
                if (long.TryParse(literal, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out whole))
                    return new JValue(whole);
                // Beyond 64 bits: a float, as most JSON readers do. (System.Numerics is not
                // referenced under Unity's .NET Framework API compatibility level.) An argument
                // that must be an integer then refuses it with INVALID_ARGS.
            }
            double number;
            if (!double.TryParse(literal, NumberStyles.Float, CultureInfo.InvariantCulture, out number)
                || double.IsInfinity(number))
                throw Error("the number " + literal + " is out of range", start - _pos);
            return new JValue(number);
        }

        bool ReadDigits()
        {
            int start = _pos;
            while (_pos < _text.Length && _text[_pos] >= '0' && _text[_pos] <= '9')
                _pos++;
            return _pos > start;
        }

        void ReadWord(string word)
        {
            if (_pos + word.Length > _text.Length || string.CompareOrdinal(_text, _pos, word, 0, word.Length) != 0)
                throw Error("unexpected character '" + _text[_pos] + "'");
            _pos += word.Length;
        }

        void Expect(char c)
        {
            if (Peek() != c)
                throw Error("expected '" + c + "'");
            _pos++;
        }

        char Peek()
        {
            return _pos < _text.Length ? _text[_pos] : '\0';
        }

        void SkipWhitespace()
        {
            while (_pos < _text.Length)
            {
                char c = _text[_pos];
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                    return;
                _pos++;
            }
        }

        /// <summary>
        /// Checks a container nested too deeply to be built: the same grammar, walked with a
        /// stack of open containers instead of recursion, so any depth costs no call stack.
        /// </summary>
        sealed class JsonSkipper
        {
            readonly StrictJsonParser _parser;
            readonly Stack<char> _open = new Stack<char>();

            public JsonSkipper(StrictJsonParser parser)
            {
                _parser = parser;
            }

            public void SkipContainer()
            {
                while (true)
                {
                    if (!SkipValueStart())
                        continue;
                    if (CloseContainers())
                        return;
                }
            }

            /// <summary>
            /// Reads the start of a value: true when it was a whole value (a scalar or an empty
            /// container), false when a container was opened.
            /// </summary>
            bool SkipValueStart()
            {
                StrictJsonParser p = _parser;
                p.SkipWhitespace();
                char c = p.Peek();
                if (c != '{' && c != '[')
                {
                    p.ReadScalar();
                    return true;
                }
                p._pos++;
                p.SkipWhitespace();
                char close = c == '{' ? '}' : ']';
                if (p.Peek() == close)
                {
                    p._pos++;
                    return true;
                }
                _open.Push(c);
                if (c == '{')
                    SkipMemberName();
                return false;
            }

            /// <summary>After a value: closes finished containers; true once the outermost closed.</summary>
            bool CloseContainers()
            {
                StrictJsonParser p = _parser;
                while (_open.Count > 0)
                {
                    p.SkipWhitespace();
                    char next = p.Peek();
                    char open = _open.Peek();
                    p._pos++;
                    if (next == ',')
                    {
                        if (open == '{')
                            SkipMemberName();
                        return false;
                    }
                    if ((open == '{' && next == '}') || (open == '[' && next == ']'))
                    {
                        _open.Pop();
                        continue;
                    }
                    throw p.Error(open == '{' ? "expected ',' or '}'" : "expected ',' or ']'", -1);
                }
                return true;
            }

            void SkipMemberName()
            {
                StrictJsonParser p = _parser;
                p.SkipWhitespace();
                if (p.Peek() != '"')
                    throw p.Error("expected a quoted member name");
                p.ReadString();
                p.SkipWhitespace();
                p.Expect(':');
            }
        }

        ParseException Error(string what, int offset = 0)
        {
            int at = Math.Max(0, Math.Min(_text.Length, _pos + offset)) + 1;
            return new ParseException(String.Format(
                "The line is not valid JSON ({0} at character {1}).", what, at));
        }
    }
}
