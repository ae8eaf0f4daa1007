using System;
using System.IO;
using System.Runtime.InteropServices;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Creates session files only their owner can read and write (mode 0600) where the platform
    /// has file modes (Linux, macOS); on Windows the session folder's own access rules apply.
    /// .NET Framework, which Unity's scripting runtime follows, has no call to set a mode, so the
    /// C library's <c>chmod</c> is called directly.
    /// </summary>
    internal static class PrivateFiles
    {
        const uint OwnerReadWrite = 0x180; // 0600

        [DllImport("libc", EntryPoint = "chmod", SetLastError = true)]
        static extern int ChmodLibc(string path, uint mode);

        [DllImport("libc.so.6", EntryPoint = "chmod", SetLastError = true)]
        static extern int ChmodGlibc(string path, uint mode);

        [DllImport("libc.dylib", EntryPoint = "chmod", SetLastError = true)]
        static extern int ChmodDarwin(string path, uint mode);

        /// <summary>True where files have Unix modes.</summary>
        public static bool HasModes
        {
            get
            {
                PlatformID platform = Environment.OSVersion.Platform;
                return platform == PlatformID.Unix || platform == PlatformID.MacOSX;
            }
        }

        /// <summary>Creates <paramref name="path"/> empty (when missing) and makes it private.</summary>
        public static void Create(string path)
        {
            using (new FileStream(path, FileMode.OpenOrCreate, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete))
            {
            }
            Restrict(path);
        }

        /// <summary>
        /// Gives <paramref name="path"/> mode 0600; false when the platform has no modes or the
        /// call failed.
        /// </summary>
        public static bool Restrict(string path)
        {
            if (!HasModes)
                return false;
            try
            {
                return ChmodLibc(path, OwnerReadWrite) == 0;
            }
            catch (DllNotFoundException)
            {
            }
            catch (EntryPointNotFoundException)
            {
            }
            try
            {
                return ChmodGlibc(path, OwnerReadWrite) == 0;
            }
            catch (DllNotFoundException)
            {
            }
            catch (EntryPointNotFoundException)
            {
            }
            try
            {
                return ChmodDarwin(path, OwnerReadWrite) == 0;
            }
            catch (DllNotFoundException)
            {
                return false;
            }
            catch (EntryPointNotFoundException)
            {
                return false;
            }
        }
    }
}
