using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// Opens the scene <c>-agentScene</c> names: among the Build Settings' scenes first, then among
    /// every scene asset under <c>Assets/</c>, matched as change_scene matches
    /// (<see cref="BuildScenes"/>).
    /// </summary>
    internal static class BatchScenes
    {
        /// <summary>True once the scene is open; otherwise logs why and exits the editor with code 2.</summary>
        public static bool Open(string scene)
        {
            string path;
            try
            {
                path = Resolve(scene);
            }
            catch (AgentBridgeException error)
            {
                Debug.LogError("AgentBridge: -agentScene: " + error.Message);
                BatchSession.ExitNow(BatchSession.BadSceneExitCode);
                return false;
            }
            EditorSceneManager.OpenScene(path, OpenSceneMode.Single);
            Debug.Log("AgentBridge: opened " + path);
            return true;
        }

        static string Resolve(string scene)
        {
            var build = new List<string>();
            foreach (EditorBuildSettingsScene entry in EditorBuildSettings.scenes)
                build.Add(entry.path);
            try
            {
                return build[BuildScenes.Find(scene, build)];
            }
            catch (NotFoundException)
            {
                var project = new List<string>();
                foreach (string guid in AssetDatabase.FindAssets("t:Scene", new[] { "Assets" }))
                    project.Add(AssetDatabase.GUIDToAssetPath(guid));
                return project[BuildScenes.Find(scene, project)];
            }
        }
    }
}
