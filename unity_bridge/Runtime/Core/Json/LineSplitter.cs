using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// Splits the bytes read from a command file into lines, as bytes. A line longer than the cap
    /// is never kept: its bytes pass by (across as many reads as it takes) and it becomes one
    /// INVALID_REQUEST refusal, without its text, once its newline arrives. Bytes after the last
    /// newline are an incomplete line, read again with the bytes that follow them.
    /// </summary>
    internal sealed class LineSplitter
    {
        /// <summary>The longest request line read, in bytes (1 MiB).</summary>
        public const int MaxLineBytes = 1048576;

        readonly int _maxLine;
        bool _skipping;
        long _skipped;
        byte[] _skippedHead;

        /// <param name="maxLineBytes">The cap; lines longer than this are refused unread.</param>
        public LineSplitter(int maxLineBytes = MaxLineBytes)
        {
            _maxLine = maxLineBytes;
        }

        /// <summary>True while the bytes of an over-long line are passing by.</summary>
        public bool Skipping
        {
            get { return _skipping; }
        }

        /// <summary>
        /// Adds the complete lines of <c>chunk[0, count)</c> to <paramref name="into"/> and returns
        /// how many bytes were used; the caller reads the rest again once more bytes follow.
        /// </summary>
        public int Split(byte[] chunk, int count, List<RawLine> into)
        {
            int start = 0;
            while (start < count)
            {
                int newline = Array.IndexOf(chunk, (byte)'\n', start, count - start);
                if (newline < 0)
                    break;
                if (_skipping)
                {
                    into.Add(LineDecoder.TooLong(_skipped + newline - start, _skippedHead, _maxLine));
                    _skipping = false;
                    _skippedHead = null;
                }
                else if (newline - start > _maxLine)
                {
                    into.Add(LineDecoder.TooLong(newline - start, LineHeadId.Copy(chunk, start, newline), _maxLine));
                }
                else
                {
                    RawLine line = LineDecoder.Decode(chunk, start, newline - start);
                    if (line != null)
                        into.Add(line);
                }
                start = newline + 1;
            }
            int rest = count - start;
            if (_skipping || rest > _maxLine)
            {
                if (!_skipping)
                {
                    _skipping = true;
                    _skipped = 0;
                    _skippedHead = LineHeadId.Copy(chunk, start, count);
                }
                _skipped += rest;
                start = count;
            }
            return start;
        }

        /// <summary>Forgets a line being skipped (the file started again).</summary>
        public void Reset()
        {
            _skipping = false;
            _skippedHead = null;
        }
    }
}
