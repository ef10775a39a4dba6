"""report.html (SPEC section 6): one self-contained offline page per run, its text escaped,
rebuilt by ``cauldron report DIR``."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.helpers import cauldron
from tests.reports.conftest import HOSTILE

# Attributes a browser fetches or follows (xmlns only names a namespace: never fetched).
URL_ATTRIBUTES = {"src", "href", "xlink:href", "srcset", "action", "data", "poster", "background"}


class _Page(HTMLParser):
    """The tags and URL-bearing attributes of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [v or "" for k, v in attrs if k in URL_ATTRIBUTES]


def _page(folder: Path) -> tuple[str, _Page]:
    html = (folder / "report.html").read_text("utf-8")
    page = _Page()
    page.feed(html)
    return html, page


@pytest.mark.parametrize("kind", ["wipe", "sweep", "mana"])
def test_run_writes_a_report_with_its_sections(runs: dict[str, Path], kind: str) -> None:
    html, page = _page(runs[kind])
    assert page.tags.count("svg") >= 4  # the charts, inline
    for text in ("Seed", "Cauldron version", "Wall time", "Trials/s", "Key metrics (95%"):
        assert text in html
    assert "Trials by status" in html and "unsupported" in html
    # replayed example trials with their rule numbers (e.g. 603.3b, 702.79a, 106.4)
    assert html.count("<details") >= 2
    assert re.search(r'<td class="rule">\d{3}\.\d+[a-z]?</td>', html)
    assert 'href="summary.csv"' in html and 'href="manifest.json"' in html
    if kind == "mana":
        for title in ("Mana by type", "Total mana", "<h3>X</h3>", "Costs payable"):
            assert title in html
    else:
        for title in ("Return rate by card", "Return rate by seat", "Return order split"):
            assert title in html
        assert "of persist/undying creatures returned" in html  # the answer, in words
        assert "first return by seat" in html
    assert ("Sweep: " in html) == (kind == "sweep")


def test_experiment_text_is_escaped(runs: dict[str, Path]) -> None:
    html, page = _page(runs["hostile"])
    assert HOSTILE not in html
    assert "<script" not in html and "script" not in page.tags and "b" not in page.tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quoted&#34;" in html


@pytest.mark.parametrize("kind", ["wipe", "sweep", "mana", "hostile"])
def test_report_needs_no_network(runs: dict[str, Path], kind: str) -> None:
    html, page = _page(runs[kind])
    assert page.urls, "the page links its CSVs"
    for url in page.urls:
        assert not re.match(r"^\s*([a-z][a-z0-9+.-]*:|//)", url, re.I) or url.startswith("#"), url
        assert (runs[kind] / url).is_file() or url.startswith("#"), url  # relative, and there
    assert not re.search(r"url\((?!#)|@import|<link|<script|<iframe", html, re.I)
    other = re.sub(r'xmlns(:\w+)?="http://www\.w3\.org/[^"]*"', "", html)
    assert "http://" not in other and "https://" not in other


def test_report_command_rebuilds_the_page(runs: dict[str, Path]) -> None:
    folder = runs["wipe"]
    before = (folder / "report.html").read_text("utf-8")
    (folder / "report.html").unlink()
    done = cauldron("report", str(folder))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {folder / 'report.html'}\n"
    after = (folder / "report.html").read_text("utf-8")
    assert after == before  # from the CSVs and manifest alone: the same page
    assert not list(folder.glob(".report.html.*"))  # no temporary file left behind


@pytest.mark.parametrize("what", ["missing", "empty", "file"])
def test_report_of_a_non_run_folder_is_one_line_and_exit_2(tmp_path: Path, what: str) -> None:
    target = tmp_path / "nothing-here"
    if what == "empty":
        target.mkdir()
    elif what == "file":
        target.write_text("x")
    done = cauldron("report", str(target))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "not a run folder" in done.stderr
    assert not (target / "report.html").exists() if target.is_dir() else True


def test_a_wipe_report_charts_the_life_of_each_seat_after(runs: dict[str, Path]) -> None:
    """Life gained and drained as creatures die (603.10a: Blood Artist, Zulaport Cutthroat)
    is part of the board after: a wipe report charts each seat's mean life as the trials end
    (board_after.csv's life_after); a mana report has no such chart."""
    html, _ = _page(runs["wipe"])
    assert "<h3>Life after</h3>" in html and "Mean life of each seat" in html
    html, _ = _page(runs["mana"])
    assert "<h3>Life after</h3>" not in html
