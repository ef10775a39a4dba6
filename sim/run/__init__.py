"""Running an experiment: seeded batches in parallel, checkpoints, target precision,
aggregation into tidy frames with intervals, and replaying single trials."""
