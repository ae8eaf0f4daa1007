using System.Collections.Generic;
using System.IO;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Segment files that are finished and to be deleted. A file a reader still holds open
    /// (Windows refuses to delete it then) stays listed and is tried again later.
    /// </summary>
    internal sealed class StaleFiles
    {
        readonly List<string> _paths = new List<string>();

        /// <summary>How many files wait to be deleted.</summary>
        public int Count
        {
            get { return _paths.Count; }
        }

        public void Add(string path)
        {
            if (!_paths.Contains(path))
                _paths.Add(path);
        }

        /// <summary>Deletes what it can now; the rest stays for the next try.</summary>
        public void DeleteNow()
        {
            for (int i = _paths.Count - 1; i >= 0; i--)
            {
                try
                {
                    if (File.Exists(_paths[i]))
                        File.Delete(_paths[i]);
                    _paths.RemoveAt(i);
                }
                catch (IOException)
                {
                }
                catch (System.UnauthorizedAccessException)
                {
                }
            }
        }
    }
}
