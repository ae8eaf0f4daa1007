// Declarations only: see ../README.md (Unity.Collections in UnityEngine.CoreModule).
using System;

namespace Unity.Collections
{
    public enum Allocator
    {
        Invalid = 0, None = 1, Temp = 2, TempJob = 3, Persistent = 4,
    }

    public struct NativeArray<T> : IDisposable where T : struct
    {
        public void Dispose() => throw null;
    }
}
