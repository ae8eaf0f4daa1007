using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using AgentBridgeUnity.Adapters.Reflection;
using AgentBridgeUnity.Core.Settle;

namespace AgentBridgeUnity.Adapters.Settle
{
    /// <summary>
    /// DOTween, reached by reflection so the package does not require it: the playing tweens
    /// (<c>DOTween.PlayingTweens</c>), their loop count (<c>TweenExtensions.Loops</c>) and
    /// completing one (<c>TweenExtensions.Complete(tween, withCallbacks: true)</c>).
    /// <see cref="Present"/> is false when DOTween is not in the game.
    /// </summary>
    internal sealed class DOTweenReflection : ITweenSource
    {
        const string DOTweenName = "DG.Tweening.DOTween";
        const string TweenName = "DG.Tweening.Tween";
        const string ExtensionsName = "DG.Tweening.TweenExtensions";
        static readonly IList<object> None = new object[0];

        readonly MethodInfo _playing;
        readonly MethodInfo _loops;
        readonly MethodInfo _complete;
        readonly bool _completeTakesCallbacks;

        public DOTweenReflection()
        {
            Type dotween = LoadedTypes.Find(DOTweenName);
            Type tween = LoadedTypes.Find(TweenName);
            Type extensions = LoadedTypes.Find(ExtensionsName);
            if (dotween == null || tween == null || extensions == null)
                return;
            _playing = StaticMethod(dotween, "PlayingTweens", null);
            _loops = StaticMethod(extensions, "Loops", tween);
            _complete = extensions.GetMethod("Complete", BindingFlags.Public | BindingFlags.Static, null,
                new[] { tween, typeof(bool) }, null);
            _completeTakesCallbacks = _complete != null;
            if (_complete == null)
                _complete = extensions.GetMethod("Complete", BindingFlags.Public | BindingFlags.Static, null, new[] { tween }, null);
        }

        public bool Present
        {
            get { return _playing != null && _loops != null && _complete != null; }
        }

        public IList<object> Playing()
        {
            if (!Present)
                return None;
            object[] args = new object[_playing.GetParameters().Length];
            var list = _playing.Invoke(null, args) as IList;
            if (list == null || list.Count == 0)
                return None;
            var tweens = new List<object>(list.Count);
            foreach (object tween in list)
                tweens.Add(tween);
            return tweens;
        }

        public bool LoopsForever(object tween)
        {
            return (int)_loops.Invoke(null, new[] { tween }) == -1;
        }

        public void Complete(object tween)
        {
            _complete.Invoke(null, _completeTakesCallbacks ? new[] { tween, true } : new[] { tween });
        }

        /// <summary>
        /// The public static method of that name taking only <paramref name="parameter"/> (or,
        /// when null, nothing but optional parameters).
        /// </summary>
        static MethodInfo StaticMethod(Type type, string name, Type parameter)
        {
            foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.Static))
            {
                if (method.Name != name)
                    continue;
                ParameterInfo[] parameters = method.GetParameters();
                if (parameter != null && parameters.Length == 1 && parameters[0].ParameterType == parameter)
                    return method;
                if (parameter == null && Array.TrueForAll(parameters, p => p.IsOptional))
                    return method;
            }
            return null;
        }
    }
}
