"""The merged test report (``agent-bridge report merge``): the results blobs of a run's shards
joined into one static HTML page, with each test's trace as a viewer page beside it."""
