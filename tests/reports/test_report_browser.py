"""The report in a real browser: headless Chromium opens a run's report.html offline, and the
page must render (a screenshot with real content and visible charts), log no console message
and make no network request. CI installs Debian's ``chromium`` (.ci/run); without it, skip."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

PIL_Image = pytest.importorskip("PIL.Image", reason="Pillow (a matplotlib dependency) is needed")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (hint: apt-get install chromium; .ci/run installs it)",
)

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # nothing could be fetched even if asked
    "--enable-logging=stderr",
    "--v=0",
)
CHART_BLUE = (0x3B, 0x6F, 0xB6)  # the first colour of the charts' palette


def _chromium(tmp: Path, page: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={tmp / 'profile'}", *args, page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _console_messages(stderr: str) -> list[str]:
    """Messages the page logged (errors included): Chromium writes them as ``:CONSOLE``."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


def _page_requests(net_log: Path) -> set[str]:
    """Network URLs the page asked for (the browser's own background requests have a
    non-file isolation key and are not the page's)."""
    doc = json.loads(net_log.read_text("utf-8"))
    urls = set()
    for event in doc.get("events", []):
        params = event.get("params") or {}
        url, key = str(params.get("url", "")), str(params.get("network_isolation_key", ""))
        if url.startswith(("http://", "https://", "ws://", "wss://")) and "file://" in key:
            urls.add(url)
    return urls


def _screenshot(tmp: Path, page: Path) -> tuple[Path, list[str], set[str]]:
    png, net_log = tmp / "page.png", tmp / "net.json"
    done = _chromium(
        tmp,
        page,
        f"--screenshot={png}",
        "--window-size=1280,2000",
        f"--log-net-log={net_log}",
    )
    assert png.is_file(), f"no screenshot: {done.stderr[-2000:]}"
    return png, _console_messages(done.stderr), _page_requests(net_log)


@pytest.mark.parametrize("kind", ["wipe", "mana"])
def test_report_renders_offline_in_chromium(
    runs: dict[str, Path], kind: str, tmp_path: Path
) -> None:
    png, console, requests = _screenshot(tmp_path, runs[kind] / "report.html")
    assert console == []
    assert requests == set()
    with PIL_Image.open(png) as image:
        assert image.size == (1280, 2000)
        rgb = image.convert("RGB")
        colors = rgb.getcolors(maxcolors=1 << 20)
    assert colors is not None and len(colors) > 200  # text, charts, antialiasing: not blank
    total = 1280 * 2000
    background = max(n for n, _ in colors)
    assert background < 0.9 * total
    blue = sum(
        n for n, c in colors if all(abs(a - b) <= 6 for a, b in zip(c, CHART_BLUE, strict=True))
    )
    assert blue > 3_000, "the charts' bars are not on screen"


def test_report_dom_has_its_charts(runs: dict[str, Path], tmp_path: Path) -> None:
    done = _chromium(tmp_path, runs["sweep"] / "report.html", "--dump-dom")
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert dom.count("<svg") >= 6
    assert "Return order split" in dom and "Sweep: " in dom
    assert _console_messages(done.stderr) == []


def test_the_browser_checks_catch_a_bad_page(tmp_path: Path) -> None:
    """The checks above are not vacuous: a page with a script error and a remote image fails
    both of them."""
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><p>bad</p><img src="https://example.com/x.png">'
        "<script>undefinedFunction();</script>",
        encoding="utf-8",
    )
    _, console, requests = _screenshot(tmp_path, page)
    assert any("Uncaught" in line for line in console)
    assert requests == {"https://example.com/x.png"}
