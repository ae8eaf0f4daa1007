using System;
using System.Diagnostics;
using System.Threading;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// BridgeRuntime.Hold itself, the loop an engine's frame blocks in while the game is held: it
    /// answers what needs no frames, returns once a request needs frames, and lets the engine go
    /// when told to (the client process is gone).
    /// </summary>
    [TestFixture]
    public class HoldLoopTests : BridgeFixture
    {
        const int GuardMs = 10000;

        /// <summary>Runs Hold on another thread as an engine's frame would, and waits for it to return.</summary>
        static double HoldUntilReturned(BridgeHarness bridge, Func<bool> leave)
        {
            var watch = Stopwatch.StartNew();
            var holding = new Thread(() => bridge.Runtime.Hold(leave));
            holding.Start();
            Assert.IsTrue(holding.Join(GuardMs), "Hold returned");
            return watch.Elapsed.TotalMilliseconds;
        }

        [Test]
        public void HoldAnswersWhatNeedsNoFramesAndReturnsForWhatDoes()
        {
            Bridge.Runtime.Tick();
            Bridge.Append("{\"id\": 1, \"cmd\": \"hello\"}\n{\"id\": 2, \"cmd\": \"get_tree\"}\n{\"id\": 3, \"cmd\": \"wait\", \"args\": {\"frames\": 2}}\n");
            HoldUntilReturned(Bridge, () => false);
            Assert.IsFalse(Bridge.Runtime.Holds, "the wait needs frames");
            JObject[] answered = Bridge.Frames(0).ToArray();
            Assert.AreEqual(2, answered.Length);
            Assert.AreEqual(0, Bridge.EngineFrames);
            Assert.AreEqual(2, (int)Bridge.Until(1)[0]["data"]["frames_waited"]);
        }

        [Test]
        public void HoldLetsTheEngineGoWhenTheClientIsGone()
        {
            Bridge.Runtime.Tick();
            int looks = 0;
            HoldUntilReturned(Bridge, () => ++looks > 3);
            Assert.IsTrue(Bridge.Runtime.Holds, "still held: the engine quits from here");
        }

        [Test]
        public void AResumedGameIsNotHeld()
        {
            Bridge.Data("resume");
            Bridge.Runtime.Tick();
            Assert.Less(HoldUntilReturned(Bridge, () => false), GuardMs);
            Assert.AreEqual(true, Bridge.Engine.Clock.RealTime);
        }
    }
}
