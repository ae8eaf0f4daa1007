using System;
using AgentBridgeUnity.Core.Snapshot;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// Something that animates for a number of frames, so "settled" has something to wait for.
    /// </summary>
    internal sealed class SynMover : SyntheticControl
    {
        /// <summary>The event raised when the movement ends.</summary>
        internal const string FinishedEvent = "animation_finished";

        public SynMover()
        {
            position = new SynVector();
        }

        /// <summary>Frames of movement left.</summary>
        public int framesLeft { get; set; }

        public SynVector position { get; set; }

        public bool playing
        {
            get { return framesLeft > 0; }
        }

        internal override string TypeName
        {
            get { return "Mover"; }
        }

        /// <summary>
        /// True for a mover that wanders on every frame by 1 to 9 x, drawn from the game's global
        /// random generator, as a game's enemies might.
        /// </summary>
        public bool wanders { get; set; }

        /// <summary>A key that moves it 3 x right each frame it is down (null: none), as a player walks.</summary>
        public string walkKey { get; set; }

        /// <summary>
        /// Advances one frame; <paramref name="random"/> is the game's global random generator,
        /// <paramref name="keyboard"/> the keys as the frame's input update left them.
        /// </summary>
        internal void Step(Random random, SyntheticKeyboard keyboard)
        {
            if (wanders)
                position = new SynVector { x = position.x + random.Next(1, 10), y = position.y };
            if (keyboard.IsDown(walkKey))
                position = new SynVector { x = position.x + 3, y = position.y };
            if (framesLeft <= 0)
                return;
            framesLeft--;
            position = new SynVector { x = position.x + 1, y = position.y };
            if (framesLeft == 0)
                Raise(FinishedEvent);
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = AriaRole.Img, Name = ReadableName.Of(Owner.Name) };
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("playing", playing);
            fields.Set("position", position);
        }
    }
}
