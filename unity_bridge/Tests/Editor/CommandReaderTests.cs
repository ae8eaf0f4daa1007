using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Transport;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>Reading request lines from cmd.jsonl: bytes, caps, refusals, segments, recovery.</summary>
    [TestFixture]
    public class CommandReaderTests
    {
        string _directory;
        string _path;
        List<string> _warnings;
        StaleFiles _stale;

        [SetUp]
        public void CreateFolder()
        {
            _directory = Path.Combine(Path.GetTempPath(), "agent-bridge-lines-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_directory);
            _path = Path.Combine(_directory, "cmd.jsonl");
            File.WriteAllText(_path, "");
            _warnings = new List<string>();
            _stale = new StaleFiles();
        }

        [TearDown]
        public void DeleteFolder()
        {
            Directory.Delete(_directory, true);
        }

        CommandReader Reader(int maxLine = LineSplitter.MaxLineBytes, int budget = CommandReader.ReadBudget)
        {
            return new CommandReader(_directory, _path, _stale, _warnings.Add, maxLine, budget);
        }

        void Append(string text, string path = null)
        {
            AppendBytes(Encoding.UTF8.GetBytes(text), path);
        }

        void AppendBytes(byte[] bytes, string path = null)
        {
            using (var stream = new FileStream(path ?? _path, FileMode.Append))
                stream.Write(bytes, 0, bytes.Length);
        }

        [Test]
        public void StartsAtTheEndSoOldLinesAreNeverReplayed()
        {
            Append("{\"id\": 1}\n");
            CommandReader reader = Reader();
            Append("{\"id\": 2}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(1, lines.Count);
            Assert.AreEqual("{\"id\": 2}", lines[0].Content);
        }

        [Test]
        public void APartialLineWaitsForItsNewline()
        {
            CommandReader reader = Reader();
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
            CommandReader reader = Reader();
            Append("{\"a\": 1}\r\n\n   \r\n{\"b\": 2}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual("{\"a\": 1}", lines[0].Content);
            Assert.AreEqual("{\"b\": 2}", lines[1].Content);
        }

        [Test]
        public void AnInvalidUtf8LineSpoilsOnlyItselfAndKeepsItsId()
        {
            CommandReader reader = Reader();
            var bytes = new List<byte>(Encoding.UTF8.GetBytes("{\"id\": 7, \"cmd\": \""));
            bytes.AddRange(new byte[] { 0xff, 0xfe, (byte)'"', (byte)'}', (byte)'\n' });
            bytes.AddRange(Encoding.UTF8.GetBytes("{\"ok\": \"é\"}\n"));
            AppendBytes(bytes.ToArray());
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual(ErrorCode.ParseError, lines[0].Refusal.Code);
            StringAssert.Contains("UTF-8", lines[0].Refusal.Message);
            Assert.AreEqual(7, (int)lines[0].Id);
            Assert.IsNull(lines[1].Refusal);
            Assert.AreEqual("{\"ok\": \"é\"}", lines[1].Content);
        }

        [Test]
        public void ANulByteIsAParseErrorForThatLineOnly()
        {
            CommandReader reader = Reader();
            Append("{\"id\": \"n-1\", \"cmd\": \"hel\0lo\"}\n{\"id\": 2}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual(ErrorCode.ParseError, lines[0].Refusal.Code);
            StringAssert.Contains("NUL", lines[0].Refusal.Message);
            Assert.AreEqual("n-1", (string)lines[0].Id);
            Assert.AreEqual("{\"id\": 2}", lines[1].Content);
        }

        [Test]
        public void AnOverlongLineIsRefusedUnreadWithoutItsText()
        {
            CommandReader reader = Reader(maxLine: 64);
            string pad = new string('x', 200);
            Append("{\"id\": 9, \"cmd\": \"hello\", \"args\": {\"pad\": \"" + pad + "\"}}\n{\"id\": 10}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual(ErrorCode.InvalidRequest, lines[0].Refusal.Code);
            Assert.AreEqual(9, (int)lines[0].Id);
            StringAssert.DoesNotContain("xxxx", lines[0].Refusal.Message);
            StringAssert.Contains("capped at 64 bytes", lines[0].Refusal.Message);
            Assert.AreEqual("{\"id\": 10}", lines[1].Content);
        }

        [Test]
        public void AnOverlongLineSpreadOverManyReadsIsSkippedInPieces()
        {
            CommandReader reader = Reader(maxLine: 64, budget: 100);
            Append("{\"id\": \"long\", \"pad\": \"" + new string('y', 1000) + "\"}\n{\"id\": 11}\n");
            var lines = new List<RawLine>();
            for (int i = 0; i < 20 && lines.Count < 2; i++)
                lines.AddRange(reader.ReadNewLines());
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual(ErrorCode.InvalidRequest, lines[0].Refusal.Code);
            Assert.AreEqual("long", (string)lines[0].Id);
            StringAssert.Contains("1025 bytes", lines[0].Refusal.Message);
            Assert.AreEqual("{\"id\": 11}", lines[1].Content);
        }

        [Test]
        public void AReadTakesAtMostTheBudget()
        {
            CommandReader reader = Reader(budget: 12);
            Append("{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n");
            Assert.AreEqual(1, reader.ReadNewLines().Count);
            Assert.AreEqual(1, reader.ReadNewLines().Count);
            Assert.AreEqual(1, reader.ReadNewLines().Count);
            Assert.AreEqual(0, reader.ReadNewLines().Count);
        }

        [Test]
        public void AnIdIsReadOnlyFromAReadableStart()
        {
            Assert.AreEqual(12, (int)IdOf("{\"id\": 12, \"cmd\""));
            Assert.AreEqual("a\"b", (string)IdOf("  { \"id\" : \"a\\\"b\" ,"));
            Assert.IsNull(IdOf("{\"cmd\": \"hello\", \"id\": 3}"));
            Assert.IsNull(IdOf("{\"id\": 1234567890123456789}"));
            Assert.IsNull(IdOf("{\"id\": 12"), "an id cut off is not read");
            Assert.AreEqual(7, (int)IdOf("{\"id\": 7}"));
            Assert.IsNull(IdOf("{\"id\": 1.5}"));
            Assert.IsNull(IdOf("[\"id\", 3]"));
        }

        static JToken IdOf(string head)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(head);
            return LineHeadId.Find(bytes, 0, bytes.Length);
        }

        [Test]
        public void ATruncatedFileIsReadFromItsStartWithAWarning()
        {
            Append("{\"id\": 1}\n{\"id\": 2}\n");
            CommandReader reader = Reader();
            File.WriteAllText(_path, "{\"id\": 3}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(1, lines.Count);
            Assert.AreEqual("{\"id\": 3}", lines[0].Content);
            StringAssert.Contains("truncated", _warnings[0]);
        }

        [Test]
        public void ADeletedFileIsMadeAgainWithAWarning()
        {
            Append("{\"id\": 1}\n");
            CommandReader reader = Reader();
            File.Delete(_path);
            Assert.AreEqual(0, reader.ReadNewLines().Count);
            Assert.IsTrue(File.Exists(_path));
            StringAssert.Contains("was deleted", _warnings[0]);
            Append("{\"id\": 2}\n");
            Assert.AreEqual("{\"id\": 2}", reader.ReadNewLines()[0].Content);
        }

        [Test]
        public void ANextLineSendsTheReaderOnAndTheOldSegmentIsDeleted()
        {
            CommandReader reader = Reader();
            string next = Path.Combine(_directory, "cmd.1.jsonl");
            File.WriteAllText(next, "{\"id\": 3}\n");
            Append("{\"id\": 1}\n{\"next\":\"cmd.1.jsonl\"}\n{\"id\": \"never\"}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual("{\"id\": 1}", lines[0].Content);
            Assert.AreEqual("{\"id\": 3}", lines[1].Content);
            Assert.AreEqual(next, reader.CurrentPath);
            Assert.IsFalse(File.Exists(_path));
            Append("{\"id\": 4}\n", next);
            Assert.AreEqual("{\"id\": 4}", reader.ReadNewLines()[0].Content);
        }

        [Test]
        public void ANextLineNamingSomethingElseIsAnOrdinaryLine()
        {
            CommandReader reader = Reader();
            Append("{\"next\":\"../resp.jsonl\"}\n{\"next\":\"resp.1.jsonl\"}\n");
            var lines = reader.ReadNewLines();
            Assert.AreEqual(2, lines.Count);
            Assert.AreEqual(_path, reader.CurrentPath);
        }

        [Test]
        public void CreatedFilesArePrivateWhereFilesHaveModes()
        {
            if (!PrivateFiles.HasModes)
                Assert.Ignore("This platform has no file modes.");
            string made = Path.Combine(_directory, "made.jsonl");
            PrivateFiles.Create(made);
            Assert.AreEqual("-rw-------", Mode(made));
        }

        /// <summary>The file's mode as ls prints it.</summary>
        internal static string Mode(string path)
        {
            var info = new System.Diagnostics.ProcessStartInfo("ls", "-l \"" + path + "\"")
            {
                RedirectStandardOutput = true, UseShellExecute = false,
            };
            using (var ls = System.Diagnostics.Process.Start(info))
            {
                string output = ls.StandardOutput.ReadToEnd();
                ls.WaitForExit();
                return output.Substring(0, 10);
            }
        }
    }
}
