using System;
using System.Collections.Generic;
using System.IO;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// Finds the scene a request names among the scene paths of a build (as the Build Settings
    /// list them, <c>Assets/Scenes/Menu.unity</c>). Accepted, most precise first: the full path,
    /// the path without <c>.unity</c>, the path without <c>Assets/</c> and <c>.unity</c> (as
    /// SceneManager.LoadScene takes it), and the file name; each exactly, then ignoring case.
    /// </summary>
    internal static class BuildScenes
    {
        const string AssetsPrefix = "Assets/";
        const string Extension = ".unity";

        static readonly Func<string, string>[] Forms =
        {
            path => path,
            path => WithoutExtension(path),
            path => WithoutExtension(path.StartsWith(AssetsPrefix, StringComparison.Ordinal) ? path.Substring(AssetsPrefix.Length) : path),
            path => Path.GetFileNameWithoutExtension(path),
        };

        /// <summary>
        /// The index in <paramref name="paths"/> of the scene <paramref name="request"/> names.
        /// NOT_FOUND (listing the scenes) when none matches; INVALID_ARGS when a name fits several.
        /// </summary>
        public static int Find(string request, IReadOnlyList<string> paths)
        {
            string wanted = (request ?? "").Trim().Replace('\\', '/');
            if (wanted.Length > 0)
            {
                foreach (StringComparison comparison in new[] { StringComparison.Ordinal, StringComparison.OrdinalIgnoreCase })
                {
                    foreach (Func<string, string> form in Forms)
                    {
                        List<int> found = Matches(wanted, paths, form, comparison);
                        if (found.Count == 1)
                            return found[0];
                        if (found.Count > 1)
                            throw new InvalidArgsException(String.Format(
                                "'{0}' names {1} scenes in the build ({2}); give the scene's path.",
                                request, found.Count, String.Join(", ", found.ConvertAll(i => paths[i]).ToArray())));
                    }
                }
            }
            if (paths.Count == 0)
                throw new NotFoundException(String.Format(
                    "There is no scene '{0}': the build has no scenes (add them in the Build Settings).", request));
            var names = new List<string>();
            foreach (string path in paths)
                names.Add(Path.GetFileNameWithoutExtension(path));
            throw new NotFoundException(String.Format(
                "There is no scene '{0}' in the build (scenes: {1}); give a scene's name or its path as in the Build Settings.",
                request, String.Join(", ", names.ToArray())));
        }

        /// <summary>The scene's name, as its node under <c>/root</c> is called.</summary>
        public static string NameOf(string path)
        {
            return Path.GetFileNameWithoutExtension(path);
        }

        static List<int> Matches(string wanted, IReadOnlyList<string> paths, Func<string, string> form, StringComparison comparison)
        {
            var found = new List<int>();
            for (int i = 0; i < paths.Count; i++)
            {
                if (string.Equals(form(paths[i].Replace('\\', '/')), wanted, comparison))
                    found.Add(i);
            }
            return found;
        }

        static string WithoutExtension(string path)
        {
            return path.EndsWith(Extension, StringComparison.OrdinalIgnoreCase) ? path.Substring(0, path.Length - Extension.Length) : path;
        }
    }
}
