// Declarations only: see ../README.md (UnityEngine.TestRunner, the Unity Test Framework).
using System;

namespace UnityEngine.TestTools
{
    [AttributeUsage(AttributeTargets.Method)]
    public class UnityTestAttribute : Attribute
    {
    }
}
