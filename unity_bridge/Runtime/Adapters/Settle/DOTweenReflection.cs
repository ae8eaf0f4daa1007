using System;
using System.Reflection;
using AgentBridgeUnity.Adapters.Reflection;

namespace AgentBridgeUnity.Adapters.Settle
{
    /// <summary>
    /// DOTween, reached by reflection so the package does not require it: counts playing tweens
    /// and completes them. <see cref="Present"/> is false when DOTween is not in the game.
    /// </summary>
    internal sealed class DOTweenReflection
    {
        const string TypeName = "DG.Tweening.DOTween";
        readonly MethodInfo _totalPlaying;
        readonly MethodInfo _completeAll;

        public DOTweenReflection()
        {
            Type dotween = LoadedTypes.Find(TypeName);
            if (dotween == null)
                return;
            _totalPlaying = dotween.GetMethod("TotalPlayingTweens", BindingFlags.Public | BindingFlags.Static, null, Type.EmptyTypes, null);
            _completeAll = dotween.GetMethod("CompleteAll", BindingFlags.Public | BindingFlags.Static, null, new[] { typeof(bool) }, null);
        }

        public bool Present
        {
            get { return _totalPlaying != null; }
        }

        public int PlayingTweens()
        {
            return _totalPlaying == null ? 0 : (int)_totalPlaying.Invoke(null, null);
        }

        /// <summary>
        /// Completes every tween at once, running their callbacks; DOTween leaves infinite loops
        /// alone.
        /// </summary>
        public void CompleteAll()
        {
            if (_completeAll != null)
                _completeAll.Invoke(null, new object[] { true });
        }
    }
}
