// Declarations only: see README.md. The player loop API (UnityEngine.LowLevel, 2019.3+) and the
// types that name its top-level phases (UnityEngine.PlayerLoop; TimeUpdate from 2020.2).
using System;

namespace UnityEngine.LowLevel
{
    public struct PlayerLoopSystem
    {
        public delegate void UpdateFunction();

        public Type type;
        public PlayerLoopSystem[] subSystemList;
        public UpdateFunction updateDelegate;
        public IntPtr updateFunction;
        public IntPtr loopConditionFunction;
    }

    public class PlayerLoop
    {
        public static PlayerLoopSystem GetCurrentPlayerLoop() => throw null;
        public static PlayerLoopSystem GetDefaultPlayerLoop() => throw null;
        public static void SetPlayerLoop(PlayerLoopSystem loop) => throw null;
    }
}

namespace UnityEngine.PlayerLoop
{
    public struct TimeUpdate
    {
    }

    public struct Initialization
    {
    }

    public struct EarlyUpdate
    {
    }

    public struct Update
    {
    }
}
