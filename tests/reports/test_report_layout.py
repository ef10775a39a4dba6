"""The report with a sweep of six points and long labels: no matplotlib layout warning, no
chart text outside its chart in Chromium (legends and axis labels are measured as rendered),
``return_rate_by_card`` only for cards that can return, seats named alike in the tables and
the replayed logs, and a "what this run answers" line at the top."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest

import sim
from sim.report.html import write_report
from tests.reports.test_report_browser import CHROMIUM, _chromium

FILE = Path(__file__).parent / "long_sweep.toml"

# Appended to a copy of the page: every chart text's rendered box against its chart's box.
PROBE = """<script>
window.addEventListener('load', () => {
  const out = [];
  document.querySelectorAll('figure svg').forEach((svg, i) => {
    const box = svg.getBoundingClientRect();
    svg.querySelectorAll('text').forEach(t => {
      const r = t.getBoundingClientRect();
      if (r.width === 0) return;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
          || r.bottom > box.bottom + 1) out.push(i + ': ' + t.textContent);
    });
  });
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify({charts: document.querySelectorAll('figure svg').length,
                                    outside: out});
  document.body.appendChild(pre);
});
</script>"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("long_sweep")
    sim.run_experiment(FILE, jobs=1, out=out)
    return out


def test_no_layout_warnings(folder: Path) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        write_report(folder)
    assert [str(w.message) for w in caught] == []


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_no_chart_text_is_clipped_in_chromium(folder: Path, tmp_path: Path) -> None:
    write_report(folder)
    page = tmp_path / "probe.html"
    html = (folder / "report.html").read_text("utf-8")
    page.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    done = _chromium(tmp_path, page, "--window-size=1280,2000", "--virtual-time-budget=5000",
                     "--dump-dom")  # fmt: skip
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout)
    assert found is not None, done.stderr[-2000:]
    probe = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert probe["charts"] >= 6
    assert probe["outside"] == []


def test_the_page_reads_as_the_tables_do(folder: Path) -> None:
    write_report(folder)
    html = (folder / "report.html").read_text("utf-8")
    assert "What this run answers:</strong> Does Melira change" in html
    assert "Against no Melira at all" in html
    by_card = html.split("<h3>Return rate by card</h3>", 1)[1].split("</figure>", 1)[0]
    assert "Kitchen Finks" in by_card and "Grizzly Bears" not in by_card
    assert "left out" in by_card
    assert "Players by seat, as in the tables" in html
    log = html.split("Example trials, replayed", 1)[1].split("<h2>Configuration", 1)[0]
    assert not re.search(r"\bP[12]\b(?! is the active| in cauldron)", _no_seat_lines(log))


def _no_seat_lines(text: str) -> str:
    """The logs without the lines that map seats to players."""
    return re.sub(r"Players by seat[^<]*", "", text)
