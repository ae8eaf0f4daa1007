"""Moving lines: the Transport interface and the file transport (segments, the request lock,
file notifications)."""
