"""Replays (docs/REPLAY.md): the replay file, playing one again, and a recording as a test."""
