using System.Collections.Generic;
using System.IO;
using System.Text;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Transport;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// Reads response lines as a client does: from resp.jsonl on, following each
    /// <c>{"next": "resp.N.jsonl"}</c> line into the next segment.
    /// </summary>
    internal sealed class ResponseFollower
    {
        readonly string _directory;
        string _path;
        long _offset;

        public ResponseFollower(string directory)
        {
            _directory = directory;
            _path = Path.Combine(directory, SegmentNames.Of(SegmentNames.Responses, 0));
        }

        /// <summary>How many <c>next</c> lines were followed.</summary>
        public int SegmentsFollowed { get; private set; }

        /// <summary>The complete response lines written since the last call, parsed.</summary>
        public List<JObject> ReadNew()
        {
            var responses = new List<JObject>();
            while (true)
            {
                string next = null;
                foreach (string line in NewLines())
                {
                    next = SegmentNames.NextOf(line, SegmentNames.Responses);
                    if (next != null)
                        break;
                    responses.Add((JObject)StrictJsonParser.Parse(line));
                }
                if (next == null)
                    return responses;
                _path = Path.Combine(_directory, next);
                _offset = 0;
                SegmentsFollowed++;
            }
        }

        IEnumerable<string> NewLines()
        {
            byte[] bytes;
            using (var stream = new FileStream(_path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete))
            {
                stream.Seek(_offset, SeekOrigin.Begin);
                bytes = new byte[stream.Length - _offset];
                int read = 0;
                while (read < bytes.Length)
                {
                    int n = stream.Read(bytes, read, bytes.Length - read);
                    if (n <= 0)
                        break;
                    read += n;
                }
            }
            int start = 0;
            for (int i = 0; i < bytes.Length; i++)
            {
                if (bytes[i] != (byte)'\n')
                    continue;
                string line = Encoding.UTF8.GetString(bytes, start, i - start);
                start = i + 1;
                _offset += line.Length == 0 ? 1 : Encoding.UTF8.GetByteCount(line) + 1;
                if (line.Length > 0)
                    yield return line;
                if (SegmentNames.NextOf(line, SegmentNames.Responses) != null)
                    yield break;
            }
        }
    }
}
