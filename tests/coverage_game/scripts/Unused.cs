// A C# script: the game runs without .NET; coverage names it as not counted.
public partial class Unused : Godot.Node
{
}
