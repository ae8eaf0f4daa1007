"""One connection to a bridge: request ids, answers, the event stream and waits on it."""
