// Declarations only: see README.md.
using UnityEngine.Events;

namespace UnityEngine.SceneManagement
{
    public enum LoadSceneMode
    {
        Single = 0, Additive = 1,
    }

    public struct Scene
    {
        public string name { get => throw null; set => throw null; }
        public string path => throw null;
        public bool isLoaded => throw null;
        public int buildIndex => throw null;
        public int handle => throw null;
        public bool IsValid() => throw null;
        public GameObject[] GetRootGameObjects() => throw null;
        public static bool operator ==(Scene lhs, Scene rhs) => throw null;
        public static bool operator !=(Scene lhs, Scene rhs) => throw null;
        public override bool Equals(object other) => throw null;
        public override int GetHashCode() => throw null;
    }

    public static class SceneUtility
    {
        public static string GetScenePathByBuildIndex(int buildIndex) => throw null;
    }

    public class SceneManager
    {
        public static int sceneCount => throw null;
        public static Scene GetSceneAt(int index) => throw null;
        public static Scene GetActiveScene() => throw null;
        public static int sceneCountInBuildSettings => throw null;
        public static void LoadScene(int sceneBuildIndex, LoadSceneMode mode) => throw null;
        public static AsyncOperation LoadSceneAsync(string sceneName, LoadSceneMode mode) => throw null;
        public static AsyncOperation LoadSceneAsync(int sceneBuildIndex, LoadSceneMode mode) => throw null;
        public static event UnityAction<Scene, Scene> activeSceneChanged { add => throw null; remove => throw null; }
        public static event UnityAction<Scene, LoadSceneMode> sceneLoaded { add => throw null; remove => throw null; }
    }
}
