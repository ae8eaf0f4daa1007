using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// The scenes of the synthetic game. <c>Conformance</c> is the conformance scene of
    /// docs/PROTOCOL.md section 9, with Unity-style controls; <c>Lab</c> holds the awkward cases
    /// (duplicate and slashed names, nesting, something that animates).
    /// </summary>
    internal static class SyntheticScenes
    {
        public const string Conformance = "Conformance";
        public const string Lab = "Lab";

        /// <summary>The type of a scene's node.</summary>
        public const string SceneType = "Scene";

        /// <summary>The synthetic build's scenes, as the Build Settings would list them.</summary>
        public static readonly string[] BuildPaths = { "Assets/Scenes/" + Conformance + ".unity", "Assets/Scenes/" + Lab + ".unity" };

        public static SyntheticNode Build(string name)
        {
            switch (name)
            {
                case Conformance: return BuildConformance();
                case Lab: return BuildLab();
                default: throw new ArgumentException("No synthetic scene '" + name + "'.");
            }
        }

        static SyntheticNode BuildConformance()
        {
            var scene = new SyntheticNode(Conformance, null, SceneType);
            scene.Add(new SyntheticNode("Title", new SynText("Conformance")));
            scene.Add(new SyntheticNode("NameEdit", new SynInputField("Your name")));
            var play = new SynButton("Play");
            scene.Add(new SyntheticNode("PlayButton", play));
            play.onClick.AddListener(scene, "OnPlayPressed");
            scene.Add(new SyntheticNode("DisabledButton", new SynButton("Disabled") { interactable = false }));
            scene.Add(new SyntheticNode("HiddenButton", new SynButton("Hidden"))).Active = false;
            scene.Add(new SyntheticNode("ToggleButton", new SynToggle("Sound", false)));
            scene.Add(new SyntheticNode("Volume", new SynSlider(0, 100, 50)));
            return scene;
        }

        static SyntheticNode BuildLab()
        {
            var scene = new SyntheticNode(Lab, null, SceneType);
            var panel = scene.Add(new SyntheticNode("Panel"));
            panel.Add(new SyntheticNode("Item", new SynButton("Buy")));
            panel.Add(new SyntheticNode("Item", new SynButton("Buy")));
            panel.Add(new SyntheticNode("A/B", new SynText("slashed name")));
            var inner = panel.Add(new SyntheticNode("Inner"));
            inner.Add(new SyntheticNode("Deep", new SynText("deep text")));
            scene.Add(new SyntheticNode("Spinner", new SynMover()));
            scene.Add(new SyntheticNode("ReadOnlyEdit", new SynInputField("Locked") { readOnly = true }));
            scene.Add(new SyntheticNode("Difficulty", new SynDropdown("Easy", "Medium", "Hard")));
            scene.Add(new SyntheticNode("Level", new SynSlider(1, 10, 1) { wholeNumbers = true }));
            return scene;
        }

        /// <summary>Every Mover in the given scenes.</summary>
        public static List<SynMover> Movers(IEnumerable<SyntheticNode> roots)
        {
            var movers = new List<SynMover>();
            var stack = new Stack<SyntheticNode>(roots);
            while (stack.Count > 0)
            {
                SyntheticNode node = stack.Pop();
                var mover = node.Control as SynMover;
                if (mover != null)
                    movers.Add(mover);
                foreach (SyntheticNode child in node.ChildNodes)
                    stack.Push(child);
            }
            return movers;
        }
    }
}
