using System.IO;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>The files of one session directory (docs/PROTOCOL.md, section 1).</summary>
    internal sealed class SessionFiles
    {
        public SessionFiles(string directory)
        {
            Directory = Path.GetFullPath(directory);
            Commands = Path.Combine(Directory, "cmd.jsonl");
            Responses = Path.Combine(Directory, "resp.jsonl");
            Ready = Path.Combine(Directory, "bridge.json");
            Artifacts = Path.Combine(Directory, "artifacts");
        }

        public string Directory { get; private set; }
        public string Commands { get; private set; }
        public string Responses { get; private set; }
        public string Ready { get; private set; }
        public string Artifacts { get; private set; }

        /// <summary>
        /// Creates the directory and both line files when missing (private to their owner where
        /// files have modes), and removes a bridge.json left by an earlier run so a client never
        /// mistakes it for this run's.
        /// </summary>
        public void Prepare()
        {
            System.IO.Directory.CreateDirectory(Directory);
            System.IO.Directory.CreateDirectory(Artifacts);
            if (File.Exists(Ready))
                File.Delete(Ready);
            foreach (string path in new[] { Commands, Responses })
            {
                if (!File.Exists(path))
                    PrivateFiles.Create(path);
            }
        }
    }
}
