"""Issue 11: the batch engine declares every ability template once (``kernel.fits.TEMPLATES``:
the rule and the kernel functions that do it), by name, and never by card."""

from __future__ import annotations

from engine.batch.kernel.fits import KERNEL_OK, KEYWORDS, TEMPLATES
from engine.library import KEYWORDS as LIBRARY_KEYWORDS
from engine.library import TEMPLATES as LIBRARY_TEMPLATES


def test_every_library_template_is_declared_by_the_batch_engine() -> None:
    assert set(TEMPLATES) == set(LIBRARY_TEMPLATES)


def test_every_library_keyword_is_declared_by_the_batch_engine() -> None:
    assert set(KEYWORDS) == set(LIBRARY_KEYWORDS)


def test_every_declaration_names_a_rule_and_where_it_is_done() -> None:
    for name, handling in (TEMPLATES | KEYWORDS).items():
        assert handling.rule and handling.where, name


def test_every_library_card_runs_on_the_kernel() -> None:
    assert KERNEL_OK.all()
