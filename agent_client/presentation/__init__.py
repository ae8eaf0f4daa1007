"""What the command line and the MCP server show alike: answers as short text, errors as a code
and a sentence, and the error of a front end that cannot do what it was asked."""
