// Declarations only: see README.md.
namespace UnityEngine.Events
{
    public delegate void UnityAction();
    public delegate void UnityAction<T0>(T0 arg0);
    public delegate void UnityAction<T0, T1>(T0 arg0, T1 arg1);

    public abstract class UnityEventBase
    {
        public int GetPersistentEventCount() => throw null;
        public Object GetPersistentTarget(int index) => throw null;
        public string GetPersistentMethodName(int index) => throw null;
    }

    public class UnityEvent : UnityEventBase
    {
        public void AddListener(UnityAction call) => throw null;
        public void RemoveListener(UnityAction call) => throw null;
        public void Invoke() => throw null;
    }

    public class UnityEvent<T0> : UnityEventBase
    {
        public void AddListener(UnityAction<T0> call) => throw null;
        public void RemoveListener(UnityAction<T0> call) => throw null;
        public void Invoke(T0 arg0) => throw null;
    }
}
