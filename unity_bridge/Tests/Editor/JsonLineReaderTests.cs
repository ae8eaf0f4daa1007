using System;
using System.IO;
using System.Text;
using AgentBridgeUnity.Core.Json;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class JsonLineReaderTests
    {
        string _path;

        [SetUp]
        public void CreateFile()
        {
            _path = Path.Combine(Path.GetTempPath(), "agent-bridge-lines-" + Guid.NewGuid().ToString("N"));
            File.WriteAllText(_path, "");
        }

        [TearDown]
        public void DeleteFile()
        {
            File.Delete(_path);
        }

        void Append(string text)
        {
            File.AppendAllText(_path, text, new UTF8Encoding(false));
        }

        [Test]
        public void StartsAtTheEndSoOldLinesAreNeverReplayed()
        {
            Append("{\"id\": 1}\n");
            JsonLineReader reader = JsonLineReader.AtEnd(_path);
            Append("{\"id\": 2}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(1, lines.Count);
            Assert.AreEqual("{\"id\": 2}", lines[0].Content);
        }

        [Test]
        public void APartialLineWaitsForItsNewline()
        {
            JsonLineReader reader = JsonLineReader.AtEnd(_path);
            Append("{\"id\": 1}\n{\"id\"");
            Assert.AreEqual(1, reader.ReadNewLines().Count);
            Assert.AreEqual(0, reader.ReadNewLines().Count);
            Append(": 2}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(1, lines.Count);
            Assert.AreEqual("{\"id\": 2}", lines[0].Content);
        }

        [Test]
        public void AcceptsCrLfAndSkipsEmptyLines()
        {
            JsonLineReader reader = JsonLineReader.AtEnd(_path);
            Append("{\"a\": 1}\r\n\n   \r\n{\"b\": 2}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual("{\"a\": 1}", lines[0].Content);
            Assert.AreEqual("{\"b\": 2}", lines[1].Content);
        }

        [Test]
        public void AnInvalidUtf8LineSpoilsOnlyItself()
        {
            JsonLineReader reader = JsonLineReader.AtEnd(_path);
            using (var stream = new FileStream(_path, FileMode.Append))
            {
                byte[] bad = { (byte)'{', 0xff, 0xfe, (byte)'}', (byte)'\n' };
                stream.Write(bad, 0, bad.Length);
                byte[] good = Encoding.UTF8.GetBytes("{\"ok\": \"é\"}\n");
                stream.Write(good, 0, good.Length);
            }
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.IsFalse(lines[0].IsUtf8);
            Assert.IsTrue(lines[1].IsUtf8);
            Assert.AreEqual("{\"ok\": \"é\"}", lines[1].Content);
        }

        [Test]
        public void ATruncatedFileIsReadFromItsStart()
        {
            Append("{\"id\": 1}\n{\"id\": 2}\n");
            JsonLineReader reader = JsonLineReader.AtEnd(_path);
            File.WriteAllText(_path, "{\"id\": 3}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(1, lines.Count);
            Assert.AreEqual("{\"id\": 3}", lines[0].Content);
        }
    }
}
