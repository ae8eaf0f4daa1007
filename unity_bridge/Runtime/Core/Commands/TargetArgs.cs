using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>The <c>path</c> / <c>ref</c> pair every command acting on one node takes.</summary>
    internal static class TargetArgs
    {
        /// <summary>The <c>root</c> of get_tree and snapshot: a path or a ref, <c>/root</c> by default.</summary>
        public static ArgSpec Root()
        {
            return ArgSpec.Of("string", "subtree root: a path, or a ref from the latest snapshot")
                .WithDefault(PathNames.RootPath);
        }

        public static ArgsSchema Schema()
        {
            return new ArgsSchema()
                .Add("path", ArgSpec.Of("string", "absolute node path, as get_tree reports it").AsOptional())
                .Add("ref", ArgSpec.Of("string", "a ref from the latest snapshot, \"e3\" or \"@e3\"").AsOptional());
        }
    }
}
