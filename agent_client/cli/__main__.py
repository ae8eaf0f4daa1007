"""``python -m agent_client.cli``: the command line, as the console script runs it."""

import sys

from agent_client.cli.main import main

sys.exit(main())
