"""Shared test settings: hypothesis profiles sized for CI."""

from hypothesis import settings

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("default", max_examples=100, deadline=None)
settings.load_profile("default")
