// Declarations only: see README.md.
using System;
using System.Collections;
using System.Collections.Generic;
using UnityEngine.SceneManagement;

namespace UnityEngine
{
    [Flags]
    public enum HideFlags
    {
        None = 0, HideInHierarchy = 1, HideInInspector = 2, DontSaveInEditor = 4, NotEditable = 8,
        DontSaveInBuild = 16, DontUnloadUnusedAsset = 32, DontSave = 52, HideAndDontSave = 61,
    }

#if UNITY_API_FIND_BY_TYPE
    public enum FindObjectsSortMode
    {
        None = 0, InstanceID = 1,
    }

    public enum FindObjectsInactive
    {
        Exclude = 0, Include = 1,
    }
#endif

#if UNITY_API_ENTITY_ID
    public struct EntityId : IEquatable<EntityId>
    {
        public bool Equals(EntityId other) => throw null;
        public override bool Equals(object obj) => throw null;
        public override int GetHashCode() => throw null;
        public override string ToString() => throw null;
    }
#endif

    public class Object
    {
        public string name { get => throw null; set => throw null; }
        public HideFlags hideFlags { get => throw null; set => throw null; }
#if UNITY_API_INSTANCE_ID_ERROR
        [Obsolete("GetInstanceID is deprecated; use GetEntityId.", true)]
#endif
        public int GetInstanceID() => throw null;
#if UNITY_API_ENTITY_ID
        public EntityId GetEntityId() => throw null;
#endif
#if UNITY_API_FIND_OF_TYPE_OBSOLETE
        [Obsolete("Object.FindObjectsOfType has been deprecated. Use Object.FindObjectsByType instead.")]
#endif
        public static T[] FindObjectsOfType<T>() where T : Object => throw null;
#if UNITY_API_FIND_BY_TYPE
        public static T[] FindObjectsByType<T>(FindObjectsSortMode sortMode) where T : Object => throw null;
        public static T[] FindObjectsByType<T>(FindObjectsInactive findObjectsInactive, FindObjectsSortMode sortMode) where T : Object => throw null;
#endif
        public static void DontDestroyOnLoad(Object target) => throw null;
        public static void Destroy(Object obj) => throw null;
        public static void DestroyImmediate(Object obj) => throw null;
        public static bool operator ==(Object x, Object y) => throw null;
        public static bool operator !=(Object x, Object y) => throw null;
        public static implicit operator bool(Object exists) => throw null;
        public override bool Equals(object other) => throw null;
        public override int GetHashCode() => throw null;
    }

    public sealed class GameObject : Object
    {
        public GameObject(string name) => throw null;
        public GameObject(string name, params Type[] components) => throw null;
        public Transform transform => throw null;
        public bool activeSelf => throw null;
        public bool activeInHierarchy => throw null;
        public Scene scene => throw null;
        public string tag { get => throw null; set => throw null; }
        public void SetActive(bool value) => throw null;
        public Component GetComponent(Type type) => throw null;
        public T GetComponent<T>() => throw null;
        public void GetComponents<T>(List<T> results) => throw null;
        public void GetComponentsInChildren<T>(bool includeInactive, List<T> results) => throw null;
        public T GetComponentInParent<T>() => throw null;
        public T GetComponentInChildren<T>() => throw null;
        public T AddComponent<T>() where T : Component => throw null;
    }

    public class Component : Object
    {
        public GameObject gameObject => throw null;
        public Transform transform => throw null;
        public T GetComponent<T>() => throw null;
    }

    public class Behaviour : Component
    {
        public bool enabled { get => throw null; set => throw null; }
        public bool isActiveAndEnabled => throw null;
    }

    public class MonoBehaviour : Behaviour
    {
        public Coroutine StartCoroutine(IEnumerator routine) => throw null;
    }

    public class Transform : Component
    {
        public Vector3 position { get => throw null; set => throw null; }
        public Vector3 localPosition { get => throw null; set => throw null; }
        public Quaternion localRotation { get => throw null; set => throw null; }
        public Vector3 localScale { get => throw null; set => throw null; }
        public Transform parent { get => throw null; set => throw null; }
        public int childCount => throw null;
        public Transform GetChild(int index) => throw null;
        public Transform Find(string n) => throw null;
        public bool IsChildOf(Transform parent) => throw null;
        public void SetParent(Transform parent) => throw null;
        public void SetParent(Transform parent, bool worldPositionStays) => throw null;
    }

    public sealed class RectTransform : Transform
    {
        public Vector2 sizeDelta { get => throw null; set => throw null; }
        public Vector2 anchoredPosition { get => throw null; set => throw null; }
        public void GetWorldCorners(Vector3[] fourCornersArray) => throw null;
    }

    public class YieldInstruction
    {
    }

    public sealed class Coroutine : YieldInstruction
    {
    }

    public sealed class WaitForEndOfFrame : YieldInstruction
    {
    }

    public class AsyncOperation : YieldInstruction
    {
        public bool isDone => throw null;
    }
}
