using System;
using System.IO;
using System.Text;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Appends response lines to <c>resp.jsonl</c>, in bounded segments: once a segment passes
    /// the segment size it ends with <c>{"next": "resp.N.jsonl"}</c> and writing goes on in that
    /// file, and the segment before the ended one is deleted (readers are at most one segment
    /// behind). A response file another process deleted is made again, and one that was
    /// truncated is written at its new end, each with a warning. A failed write is reported to
    /// the caller, never swallowed.
    /// </summary>
    internal sealed class ResponseWriter : IDisposable
    {
        /// <summary>Bytes after which a response segment ends (16 MiB).</summary>
        public const long SegmentBytes = 16L * 1024 * 1024;

        static readonly Encoding Utf8 = new UTF8Encoding(false);

        readonly string _directory;
        readonly long _segmentBytes;
        readonly StaleFiles _stale;
        readonly Action<string> _warn;
        readonly Func<string, Stream> _open;
        int _segment;
        string _path;
        Stream _stream;

        /// <param name="directory">The session folder (resp.jsonl must exist in it).</param>
        /// <param name="segmentBytes">Bytes after which a segment ends.</param>
        /// <param name="stale">Where finished segments go to be deleted.</param>
        /// <param name="warn">Writes a warning to the engine log.</param>
        /// <param name="open">Opens a segment for appending (tests pass a failing stream).</param>
        public ResponseWriter(string directory, long segmentBytes, StaleFiles stale, Action<string> warn,
            Func<string, Stream> open = null)
        {
            _directory = directory;
            _segmentBytes = segmentBytes;
            _stale = stale;
            _warn = warn;
            _open = open ?? OpenForAppend;
            _path = Path.Combine(directory, SegmentNames.Of(SegmentNames.Responses, 0));
        }

        /// <summary>The segment written now.</summary>
        public string CurrentPath
        {
            get { return _path; }
        }

        static Stream OpenForAppend(string path)
        {
            return new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete);
        }

        /// <summary>Appends <paramref name="line"/> and a newline; returns null, or why it failed.</summary>
        public string WriteLine(string line)
        {
            try
            {
                EnsureFile();
                var bytes = new byte[Utf8.GetByteCount(line) + 1];
                Utf8.GetBytes(line, 0, line.Length, bytes, 0);
                bytes[bytes.Length - 1] = (byte)'\n';
                _stream.Write(bytes, 0, bytes.Length);
                _stream.Flush();
                if (_stream.Position >= _segmentBytes)
                    NextSegment();
                return null;
            }
            catch (Exception error)
            {
                if (!(error is IOException || error is UnauthorizedAccessException || error is NotSupportedException))
                    throw;
                CloseStream(); // opened again, at the file's end, for the next line
                return "AgentBridge could not write a response to " + _path + " (" + error.Message + "); is the disk full?";
            }
        }

        /// <summary>Opens the segment, making it again when another process deleted it.</summary>
        void EnsureFile()
        {
            if (!File.Exists(_path))
            {
                _warn("AgentBridge: " + _path + " was deleted; made a new one.");
                CloseStream();
                PrivateFiles.Create(_path);
            }
            else if (_stream != null && _stream.Length < _stream.Position)
            {
                _warn("AgentBridge: " + _path + " was truncated by another process; writing at its end.");
                CloseStream();
            }
            if (_stream == null)
                _stream = _open(_path);
        }

        /// <summary>Ends this segment with a pointer to the next and goes on there.</summary>
        void NextSegment()
        {
            string nextPath = Path.Combine(_directory, SegmentNames.Of(SegmentNames.Responses, _segment + 1));
            try
            {
                PrivateFiles.Create(nextPath);
            }
            catch (IOException error)
            {
                _warn("AgentBridge: cannot create " + nextPath + " (" + error.Message + "); responses stay in " + _path + ".");
                return;
            }
            byte[] marker = Utf8.GetBytes(SegmentNames.NextLine(SegmentNames.Responses, _segment + 1) + "\n");
            _stream.Write(marker, 0, marker.Length);
            _stream.Flush();
            CloseStream();
            _segment++;
            if (_segment >= 2)
                _stale.Add(Path.Combine(_directory, SegmentNames.Of(SegmentNames.Responses, _segment - 2)));
            _path = nextPath;
            _stale.DeleteNow();
        }

        void CloseStream()
        {
            if (_stream == null)
                return;
            try
            {
                _stream.Dispose();
            }
            catch (IOException)
            {
            }
            _stream = null;
        }

        public void Dispose()
        {
            CloseStream();
        }
    }
}
