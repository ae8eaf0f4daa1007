"""The wire: protocol constants and shapes, the line codec, and one error class per code."""
