using System.IO;
using System.Text;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Writes bridge.json (private to its owner where files have modes) through a temporary name,
    /// so a reader never sees half of it.
    /// </summary>
    internal static class ReadyFile
    {
        public static void Write(SessionFiles files, JObject info)
        {
            string temporary = files.Ready + ".tmp";
            File.WriteAllText(temporary, WireJson.Serialize(info) + "\n", new UTF8Encoding(false));
            PrivateFiles.Restrict(temporary);
            if (File.Exists(files.Ready))
                File.Delete(files.Ready);
            File.Move(temporary, files.Ready);
        }
    }
}
