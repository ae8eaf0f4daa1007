using System;
using System.IO;
using System.Text;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>Appends whole lines to a file, one write and one flush per line.</summary>
    internal sealed class JsonLineWriter : IDisposable
    {
        static readonly Encoding Utf8 = new UTF8Encoding(false);

        readonly FileStream _stream;

        public JsonLineWriter(string path)
        {
            _stream = new FileStream(path, FileMode.Append, FileAccess.Write,
                FileShare.ReadWrite | FileShare.Delete);
        }

        public void WriteLine(string line)
        {
            byte[] bytes = Utf8.GetBytes(line + "\n");
            _stream.Write(bytes, 0, bytes.Length);
            _stream.Flush();
        }

        public void Dispose()
        {
            _stream.Dispose();
        }
    }
}
