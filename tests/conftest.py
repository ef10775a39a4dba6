"""Shared test settings: hypothesis profiles sized for CI, and ``--update-golden``."""

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("default", max_examples=100, deadline=None)
settings.load_profile("default")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*.txt from the current `cauldron explain` output (review the "
        "diff before committing it)",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def pytest_configure(config: pytest.Config) -> None:
    """Compile the numba wipe kernel once, in the main process, before any xdist worker
    starts: the workers then load it from the on-disk cache instead of each compiling it at
    the same time (about half a minute of CPU each on a fresh machine)."""
    if hasattr(config, "workerinput"):  # an xdist worker: the main process did it
        return
    from engine.batch.kernel import warm_up

    warm_up()
