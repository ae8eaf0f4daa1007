using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace AgentBridgeUnity.Core.Reset
{
    /// <summary>
    /// Sets the static fields of the game's classes back to their initial values, as a fresh
    /// launch (a new domain) has them (reset_game): every static field that is neither constant
    /// nor read-only goes back to its type's default (null, 0, false), then the class's static
    /// constructor runs again, which assigns the field initializers (<c>static int lives = 3;</c>,
    /// read-only ones included, so a <c>static readonly List</c> is a new empty list) and runs the
    /// constructor's body. Generic type definitions, interfaces, enums and compiler-made classes
    /// (lambda caches) are left alone, and so is every class the game asked to keep
    /// (<see cref="AgentBridge.KeepStatics"/>).
    /// <para>
    /// What this cannot make as at launch: a static constructor with side effects (subscribing to
    /// an engine event, creating objects) does them again; a class never used yet gets its
    /// static constructor run twice (setting a field runs it, then the reset runs it again);
    /// static fields of engine and plugin classes (Unity's own <c>SceneManager.sceneLoaded</c>
    /// subscribers) are not the game's and stay; a <c>[ThreadStatic]</c> field is set back on the
    /// main thread only.
    /// </para>
    /// </summary>
    internal static class StaticFields
    {
        const BindingFlags Statics = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

        /// <summary>
        /// Sets back every class of <paramref name="types"/> that has static state; returns how
        /// many were set back. A class whose reset throws is left as the throw left it and
        /// reported to <paramref name="failed"/> with the exception its code threw.
        /// </summary>
        public static int Reset(IEnumerable<Type> types, ICollection<Type> kept, Action<Type, Exception> failed)
        {
            int reset = 0;
            foreach (Type type in types)
            {
                if (!Resettable(type) || (kept != null && kept.Contains(type)))
                    continue;
                ConstructorInfo initializer = type.TypeInitializer;
                var fields = new List<FieldInfo>();
                foreach (FieldInfo field in type.GetFields(Statics))
                {
                    if (!field.IsLiteral && !field.IsInitOnly)
                        fields.Add(field);
                }
                if (initializer == null && fields.Count == 0)
                    continue;
                try
                {
                    foreach (FieldInfo field in fields)
                        field.SetValue(null, DefaultOf(field.FieldType));
                    if (initializer != null)
                        initializer.Invoke(null, null);
                    reset++;
                }
                catch (TargetInvocationException error)
                {
                    failed(type, error.InnerException ?? error);
                }
                catch (Exception error)
                {
                    failed(type, error);
                }
            }
            return reset;
        }

        static bool Resettable(Type type)
        {
            if (type.IsInterface || type.IsEnum || type.ContainsGenericParameters)
                return false;
            if (type.IsDefined(typeof(CompilerGeneratedAttribute), false) || type.Name.StartsWith("<", StringComparison.Ordinal))
                return false;
            for (Type outer = type.DeclaringType; outer != null; outer = outer.DeclaringType)
            {
                if (outer.IsDefined(typeof(CompilerGeneratedAttribute), false))
                    return false;
            }
            return true;
        }

        static object DefaultOf(Type type)
        {
            return type.IsValueType ? Activator.CreateInstance(type) : null;
        }
    }
}
