"""The MCP server (``agent-bridge mcp``): one tool per step, for AI agents."""
