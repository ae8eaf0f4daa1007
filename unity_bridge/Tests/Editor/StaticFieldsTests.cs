using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Reset;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// Setting a game's static fields back (reset_game): to their initializers through the static
    /// constructor, plain ones to their defaults; generic definitions, enums and kept classes left
    /// alone; a static constructor that throws reported, not fatal. And which assemblies are the game's.
    /// </summary>
    [TestFixture]
    public class StaticFieldsTests
    {
        [Test]
        public void StaticsGoBackToTheirInitializersAndDefaults()
        {
            StaticSample.Score = 40;
            StaticSample.Player = "someone";
            StaticSample.Seen.Add(1);
            StaticSample.Position = new Point { X = 3 };
            var failures = new List<string>();
            int reset = StaticFields.Reset(new[] { typeof(StaticSample), typeof(Plain) }, null,
                (type, error) => failures.Add(type.Name));
            Assert.AreEqual(1, reset, "Plain has no statics");
            Assert.AreEqual(10, StaticSample.Score);
            Assert.IsNull(StaticSample.Player);
            Assert.AreEqual(0, StaticSample.Seen.Count);
            Assert.AreEqual(0, StaticSample.Position.X, "a struct goes back to its default");
            Assert.AreEqual(7, StaticSample.Limit, "constants stay");
            CollectionAssert.IsEmpty(failures);
        }

        [Test]
        public void GenericDefinitionsEnumsAndKeptClassesAreLeftAlone()
        {
            GenericSample<int>.Value = 5;
            StaticSample.Score = 41;
            int reset = StaticFields.Reset(new[] { typeof(GenericSample<>), typeof(Colour), typeof(StaticSample) },
                new[] { typeof(StaticSample) }, (type, error) => Assert.Fail(type.Name));
            Assert.AreEqual(0, reset);
            Assert.AreEqual(5, GenericSample<int>.Value);
            Assert.AreEqual(41, StaticSample.Score);
        }

        [Test]
        public void AStaticConstructorThatThrowsIsReportedAndTheOthersGoOn()
        {
            Assert.AreEqual(1, Fragile.Value);
            Fragile.Value = 2;
            StaticSample.Score = 42;
            var failures = new List<string>();
            int reset = StaticFields.Reset(new[] { typeof(Fragile), typeof(StaticSample) }, null,
                (type, error) => failures.Add(type.Name + ": " + error.Message));
            CollectionAssert.AreEqual(new[] { "Fragile: runs once" }, failures);
            Assert.AreEqual(1, reset);
            Assert.AreEqual(10, StaticSample.Score);
        }

        [Test]
        public void TheGamesAssembliesAreTheOnesNotEnginePlatformOrBridge()
        {
            var assemblies = new GameAssemblies(new[] { "Engine", "Plugin." });
            foreach (string game in new[] { "Assembly-CSharp", "Assembly-CSharp-firstpass", "MyGame.Logic", "LevelEditorGame" })
                Assert.IsTrue(assemblies.IsGameName(game), game);
            foreach (string other in new[] { "Engine.CoreModule", "EngineEditor", "Plugin.Tweens", "AgentBridge.Runtime",
                "System.Core", "mscorlib", "Newtonsoft.Json", "Assembly-CSharp-Editor", "Assembly-CSharp-Editor-firstpass",
                "MyGame.Editor", "MyGame.Editor.Tools", "nunit.framework" })
                Assert.IsFalse(assemblies.IsGameName(other), other);
            Assert.IsFalse(assemblies.IsGame(typeof(object).Assembly));
            Assert.IsFalse(assemblies.IsGame(typeof(StaticFields).Assembly));
            CollectionAssert.DoesNotContain(assemblies.Types(), typeof(StaticFields));
        }
    }

    internal struct Point
    {
        public int X;
    }

    internal enum Colour
    {
        Red,
    }

    internal class Plain
    {
        public int Instance = 1;
    }

    internal static class StaticSample
    {
        public const int Limit = 7;
        public static int Score = 10;
        public static string Player;
        public static Point Position;
        public static readonly List<int> Seen = new List<int>();
    }

    internal static class GenericSample<T>
    {
        public static int Value = 2;
    }

    /// <summary>Its static constructor runs once; run again it throws.</summary>
    internal static class Fragile
    {
        public static int Value = 1;

        static Fragile()
        {
            FragileRuns.Count++;
            if (FragileRuns.Count > 1)
                throw new InvalidOperationException("runs once");
        }
    }

    internal static class FragileRuns
    {
        public static int Count;
    }
}
