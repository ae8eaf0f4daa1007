"""A test run's results as files, shared by the pytest plugin (which writes them) and the
report (which reads them): the durations file shards are balanced by, the split itself, and
the results blob each shard leaves behind."""
