"""Cauldron's harness: scenario and experiment files, the runner, reports and the CLI."""
