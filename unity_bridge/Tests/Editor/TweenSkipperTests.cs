using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Settle;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>Agent mode completes each new tween once and leaves infinite loops running.</summary>
    [TestFixture]
    public class TweenSkipperTests
    {
        sealed class FakeTween
        {
            public int Loops = 1;
            public int Completions;
            public Action OnComplete;
        }

        sealed class FakeSource : ITweenSource
        {
            public readonly List<FakeTween> Playing = new List<FakeTween>();

            IList<object> ITweenSource.Playing()
            {
                return Playing.ConvertAll(tween => (object)tween);
            }

            public bool LoopsForever(object tween)
            {
                return ((FakeTween)tween).Loops == -1;
            }

            public void Complete(object tween)
            {
                var fake = (FakeTween)tween;
                fake.Completions++;
                Playing.Remove(fake);
                if (fake.OnComplete != null)
                    fake.OnComplete();
            }
        }

        FakeSource _source;
        TweenSkipper _skipper;

        [SetUp]
        public void Start()
        {
            _source = new FakeSource();
            _skipper = new TweenSkipper(_source);
        }

        [Test]
        public void ANewTweenIsCompletedOnceWithItsCallbacks()
        {
            bool fired = false;
            var delayedCall = new FakeTween { OnComplete = () => fired = true };
            _source.Playing.Add(delayedCall);
            Assert.AreEqual(1, _skipper.Finite());
            _skipper.Skip();
            Assert.IsTrue(fired);
            Assert.AreEqual(0, _skipper.Finite());
            _skipper.Skip();
            Assert.AreEqual(1, delayedCall.Completions);
        }

        [Test]
        public void ATweenThatKeepsPlayingIsNotCompletedAgain()
        {
            var stubborn = new FakeTween();
            _source.Playing.Add(stubborn);
            _skipper.Skip();
            _source.Playing.Add(stubborn); // still playing after its completion
            _skipper.Skip();
            _skipper.Skip();
            Assert.AreEqual(1, stubborn.Completions);
        }

        [Test]
        public void InfiniteLoopsKeepRunningAndDoNotCountAsBusy()
        {
            var spinner = new FakeTween { Loops = -1 };
            _source.Playing.Add(spinner);
            _skipper.Skip();
            _skipper.Skip();
            Assert.AreEqual(0, spinner.Completions);
            CollectionAssert.Contains(_source.Playing, spinner);
            Assert.AreEqual(0, _skipper.Finite());
        }

        [Test]
        public void TweensStartedByACallbackAreCompletedNextTime()
        {
            var second = new FakeTween();
            var first = new FakeTween { OnComplete = () => _source.Playing.Add(second) };
            _source.Playing.Add(first);
            _skipper.Skip();
            Assert.AreEqual(1, _skipper.Finite(), "the chained tween plays");
            _skipper.Skip();
            Assert.AreEqual(1, second.Completions);
            Assert.AreEqual(0, _skipper.Finite());
        }

        [Test]
        public void ARestartedTweenIsCompletedAgain()
        {
            var reused = new FakeTween();
            _source.Playing.Add(reused);
            _skipper.Skip();
            _skipper.Skip(); // a frame without it
            _source.Playing.Add(reused);
            _skipper.Skip();
            Assert.AreEqual(2, reused.Completions);
        }
    }
}
