using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.Events;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Fills an InputField or TMP_InputField as typing would: the <c>text</c> setter applies the
    /// field's own limits and raises onValueChanged; a submit then raises onEndEdit and, where
    /// the field has one, onSubmit, as pressing Enter does.
    /// </summary>
    internal static class UguiTextEntry
    {
        public static string Fill(Component field, string text, bool submit)
        {
            LoadedTypes.Set(field, "text", text);
            string now = LoadedTypes.Get(field, "text") as string ?? "";
            if (submit)
            {
                Raise(field, "onEndEdit", now);
                Raise(field, "onSubmit", now);
            }
            return now;
        }

        static void Raise(Component field, string member, string text)
        {
            var unityEvent = UnityEventMembers.Find(field, member) as UnityEvent<string>;
            if (unityEvent != null)
                unityEvent.Invoke(text);
        }
    }
}
