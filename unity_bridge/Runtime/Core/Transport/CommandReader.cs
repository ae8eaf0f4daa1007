using System;
using System.Collections.Generic;
using System.IO;
using AgentBridgeUnity.Core.Json;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Reads the request lines clients append to <c>cmd.jsonl</c>, at most
    /// <see cref="ReadBudget"/> bytes a call so a flood cannot stall a frame. Lines are split as
    /// bytes (<see cref="LineSplitter"/>). A line <c>{"next": "cmd.N.jsonl"}</c> sends the reader
    /// on to that segment and the finished one is deleted. A command file another process
    /// deleted is made again and one that was truncated is read from its start, each with a
    /// warning.
    /// </summary>
    internal sealed class CommandReader
    {
        /// <summary>Bytes read per call at most (4 MiB).</summary>
        public const int ReadBudget = 4 * 1024 * 1024;

        readonly string _directory;
        readonly StaleFiles _stale;
        readonly Action<string> _warn;
        readonly LineSplitter _splitter;
        readonly int _budget;
        string _path;
        long _offset;
        byte[] _buffer = new byte[0];

        /// <param name="directory">The session folder.</param>
        /// <param name="path">The command file to read first.</param>
        /// <param name="stale">Where finished segments go to be deleted.</param>
        /// <param name="warn">Writes a warning to the engine log.</param>
        /// <param name="maxLineBytes">The line cap.</param>
        /// <param name="budget">Bytes read per call at most.</param>
        public CommandReader(string directory, string path, StaleFiles stale, Action<string> warn,
            int maxLineBytes = LineSplitter.MaxLineBytes, int budget = ReadBudget)
        {
            _directory = directory;
            _path = path;
            _stale = stale;
            _warn = warn;
            _splitter = new LineSplitter(maxLineBytes);
            _budget = budget;
            _offset = File.Exists(path) ? new FileInfo(path).Length : 0;
        }

        /// <summary>The command file being read now.</summary>
        public string CurrentPath
        {
            get { return _path; }
        }

        /// <summary>The new complete lines (blank ones left out), oldest first.</summary>
        public List<RawLine> ReadNewLines()
        {
            var lines = new List<RawLine>();
            int count = ReadChunk();
            if (count > 0)
                _offset += _splitter.Split(_buffer, count, lines);
            return FollowSegments(lines);
        }

        /// <summary>
        /// Reads the new bytes into the buffer; returns how many. When nothing was appended (most
        /// looks, and every look of a held game) it costs one stat and opens nothing.
        /// </summary>
        int ReadChunk()
        {
            var info = new FileInfo(_path);
            if (!info.Exists)
            {
                _warn("AgentBridge: " + _path + " was deleted; made a new one.");
                PrivateFiles.Create(_path);
                Restart();
                return 0;
            }
            if (info.Length == _offset)
                return 0;
            try
            {
                using (var stream = new FileStream(_path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete))
                {
                    long length = stream.Length;
                    if (length < _offset)
                    {
                        _warn("AgentBridge: " + _path + " was truncated; reading it from the start.");
                        Restart();
                    }
                    if (length == _offset)
                        return 0;
                    int wanted = (int)Math.Min(length - _offset, _budget);
                    if (_buffer.Length < wanted)
                        _buffer = new byte[wanted];
                    stream.Seek(_offset, SeekOrigin.Begin);
                    int read = 0;
                    while (read < wanted)
                    {
                        int n = stream.Read(_buffer, read, wanted - read);
                        if (n <= 0)
                            break;
                        read += n;
                    }
                    return read;
                }
            }
            catch (FileNotFoundException)
            {
                return 0; // deleted between the check and the open: made again next time
            }
        }

        void Restart()
        {
            _offset = 0;
            _splitter.Reset();
        }

        /// <summary>
        /// Ends the lines at a <c>{"next": "cmd.N.jsonl"}</c> line and reads on in that file (the
        /// clients write nothing more to this one).
        /// </summary>
        List<RawLine> FollowSegments(List<RawLine> lines)
        {
            for (int i = 0; i < lines.Count; i++)
            {
                string next = SegmentNames.NextOf(lines[i].Content, SegmentNames.Commands);
                if (next == null)
                    continue;
                _stale.Add(_path);
                _path = Path.Combine(_directory, next);
                if (!File.Exists(_path))
                    PrivateFiles.Create(_path);
                Restart();
                _stale.DeleteNow();
                List<RawLine> before = lines.GetRange(0, i);
                before.AddRange(ReadNewLines());
                return before;
            }
            return lines;
        }
    }
}
