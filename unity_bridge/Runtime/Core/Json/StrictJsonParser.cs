using System;
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
        const int MaxDepth = 256;

        readonly string _text;
        int _pos;

        StrictJsonParser(string text)
        {
            _text = text;
        }

        /// <summary>The value in <paramref name="text"/>; throws ParseErrorException otherwise.</summary>
        public static JToken Parse(string text)
        {
            var parser = new StrictJsonParser(text);
            parser.SkipWhitespace();
            JToken value = parser.ReadValue(0);
            parser.SkipWhitespace();
            if (parser._pos < text.Length)
                throw parser.Error("unexpected text after the JSON value");
            return value;
        }

        JToken ReadValue(int depth)
        {
            if (depth > MaxDepth)
                throw Error("nesting deeper than " + MaxDepth);
            if (_pos >= _text.Length)
                throw Error("the line ends where a value should start");
            char c = _text[_pos];
            switch (c)
            {
                case '{': return ReadObject(depth);
                case '[': return ReadArray(depth);
                case '"': return new JValue(ReadString());
                case 't': ReadWord("true"); return new JValue(true);
                case 'f': ReadWord("false"); return new JValue(false);
                case 'n': ReadWord("null"); return JValue.CreateNull();
                default:
                    if (c == '-' || (c >= '0' && c <= '9'))
                        return ReadNumber();
                    throw Error("unexpected character '" + c + "'");
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
            if (string.CompareOrdinal(_text, _pos, word, 0, word.Length) != 0)
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

        ParseErrorException Error(string what, int offset = 0)
        {
            int at = Math.Max(0, Math.Min(_text.Length, _pos + offset)) + 1;
            return new ParseErrorException(String.Format(
                "The line is not valid JSON ({0} at character {1}).", what, at));
        }
    }
}
