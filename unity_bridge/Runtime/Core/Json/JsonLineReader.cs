using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// Reads the complete lines appended to a file since the last call. Bytes after the last
    /// newline are an incomplete line and stay in the file until their newline arrives. Each
    /// line is decoded as strict UTF-8 on its own, so one bad line cannot spoil its neighbours.
    /// </summary>
    internal sealed class JsonLineReader
    {
        static readonly Encoding StrictUtf8 = new UTF8Encoding(false, true);

        readonly string _path;
        long _offset;

        JsonLineReader(string path, long offset)
        {
            _path = path;
            _offset = offset;
        }

        /// <summary>A reader that starts at the file's current end: older lines are never replayed.</summary>
        public static JsonLineReader AtEnd(string path)
        {
            long length = File.Exists(path) ? new FileInfo(path).Length : 0;
            return new JsonLineReader(path, length);
        }

        /// <summary>A reader that starts at the beginning of the file.</summary>
        public static JsonLineReader AtStart(string path)
        {
            return new JsonLineReader(path, 0);
        }

        /// <summary>The new complete, non-empty lines, oldest first.</summary>
        public List<RawLine> ReadNewLines()
        {
            var lines = new List<RawLine>();
            byte[] chunk = ReadNewBytes();
            if (chunk == null)
                return lines;
            int end = Array.LastIndexOf(chunk, (byte)'\n');
            if (end < 0)
                return lines;
            _offset += end + 1;
            int start = 0;
            for (int i = 0; i <= end; i++)
            {
                if (chunk[i] != (byte)'\n')
                    continue;
                RawLine line = Decode(chunk, start, i - start);
                if (line != null)
                    lines.Add(line);
                start = i + 1;
            }
            return lines;
        }

        byte[] ReadNewBytes()
        {
            using (var stream = new FileStream(_path, FileMode.OpenOrCreate, FileAccess.Read,
                FileShare.ReadWrite | FileShare.Delete))
            {
                long length = stream.Length;
                if (length < _offset)
                    _offset = 0; // the file was truncated or replaced: read it from the start
                if (length == _offset)
                    return null;
                var buffer = new byte[length - _offset];
                stream.Seek(_offset, SeekOrigin.Begin);
                int read = 0;
                while (read < buffer.Length)
                {
                    int n = stream.Read(buffer, read, buffer.Length - read);
                    if (n <= 0)
                        break;
                    read += n;
                }
                if (read < buffer.Length)
                    Array.Resize(ref buffer, read);
                return buffer;
            }
        }

        static RawLine Decode(byte[] bytes, int start, int count)
        {
            if (count > 0 && bytes[start + count - 1] == (byte)'\r')
                count--;
            if (count >= 3 && bytes[start] == 0xEF && bytes[start + 1] == 0xBB && bytes[start + 2] == 0xBF)
            {
                start += 3;
                count -= 3;
            }
            if (IsBlank(bytes, start, count))
                return null;
            try
            {
                return RawLine.Text(StrictUtf8.GetString(bytes, start, count));
            }
            catch (DecoderFallbackException)
            {
                return RawLine.InvalidUtf8();
            }
        }

        static bool IsBlank(byte[] bytes, int start, int count)
        {
            for (int i = start; i < start + count; i++)
            {
                byte b = bytes[i];
                if (b != (byte)' ' && b != (byte)'\t' && b != (byte)'\r')
                    return false;
            }
            return true;
        }
    }
}
