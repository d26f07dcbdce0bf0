"""Serving a notebook with Voilà (or JupyterLab) on loopback and driving Debian's Chromium with
Playwright: shared by the browser test and the screenshot script.

Never ``playwright install``: the browser is ``/usr/bin/chromium`` (``make setup`` installs it).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jupytext
import psutil  # comes with ipykernel

CHROMIUM_NAMES = ("chromium", "chromium-browser")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
BIN = Path(sys.executable).parent
NOTEBOOKS = Path(__file__).resolve().parents[1]
#: The settings overrides ``make lab`` and the site use (no news pop-up, no update check).
LAB_SETTINGS = NOTEBOOKS.parent / "tools" / "site_config"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def to_ipynb(source: Path, folder: Path) -> Path:
    """Write ``source`` (a jupytext ``.py``) as ``.ipynb`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / (source.stem + ".ipynb")
    jupytext.write(jupytext.read(source), out)
    return out


def _wait_http(url: str, proc: subprocess.Popen, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server we started (its process group), and wait for it to exit."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


@dataclass
class Served:
    """A Voilà server we started: the page's URL (with its token) and the server's process."""

    url: str
    pid: int

    def kernels(self) -> int:
        """How many kernels the server has running now (its ipykernel child processes)."""
        try:
            children = psutil.Process(self.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return 0
        n = 0
        for c in children:
            try:
                n += any("ipykernel" in part for part in c.cmdline())
            except psutil.Error:  # it ended while we looked
                continue
        return n


@contextmanager
def voila(notebook: Path, timeout: float = 60, cull_idle: int | None = None,
          cull_interval: int | None = None, env: dict[str, str] | None = None
          ) -> Iterator[Served]:
    """Serve ``notebook`` (``.ipynb``) with Voilà on 127.0.0.1, as ``make desk`` does (through
    :mod:`notebooks.widgets.serve`); kernels
    idle ``cull_idle`` seconds with no page connected are shut down, checked every
    ``cull_interval`` seconds (both off unless given). ``env`` is added to the environment
    (the kernels' too)."""
    port, token = free_port(), secrets.token_hex(12)
    cmd = [sys.executable, "-m", "dominion_tavern.notebooks.widgets.serve", notebook.name,
           "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", f"--token={token}",
           "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext"]
    if cull_idle is not None:
        cmd.append(f"--MappingKernelManager.cull_idle_timeout={cull_idle}")
    if cull_interval is not None:
        cmd.append(f"--MappingKernelManager.cull_interval={cull_interval}")
    log = open(notebook.parent / "voila.log", "w")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(cmd, cwd=notebook.parent, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True, env={**os.environ, **(env or {})})
    try:
        url = f"http://127.0.0.1:{port}/?token={token}"
        _wait_http(url, proc, timeout)
        yield Served(url, proc.pid)
    finally:
        _stop(proc)
        log.close()


@contextmanager
def lab(folder: Path, timeout: float = 60) -> Iterator[str]:
    """JupyterLab on ``folder`` as ``make lab`` starts it (its settings overrides: no news
    pop-up) in a fresh workspace; yields the base URL with the token (append
    ``lab/tree/NAME.ipynb``)."""
    port, token = free_port(), secrets.token_hex(12)
    settings = folder.parent / "lab-settings"
    settings.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings / "user"),
               JUPYTERLAB_WORKSPACES_DIR=str(settings / "workspaces"))
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.app_settings_dir={LAB_SETTINGS}",
           "--ServerApp.root_dir=" + str(folder)]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(folder.parent / "lab.log", "w")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(cmd, cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}/"
        _wait_http(f"{base}api/status?token={token}", proc, timeout)
        yield f"{base}?token={token}"
    finally:
        _stop(proc)
        log.close()


def chromium_path() -> str | None:
    """The Chromium the browser tests drive: ``$TAVERN_CHROMIUM``, else a ``chromium`` on the
    PATH (Debian's package), else None: Playwright's own download (``make setup`` on macOS)."""
    named = os.environ.get("TAVERN_CHROMIUM")
    if named:
        return named
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def chromium_missing() -> str | None:
    """Why no Chromium can be driven here, or None when one can."""
    if chromium_path() is not None:
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "the playwright package is missing (make setup installs it)"
    with sync_playwright() as pw:
        if Path(pw.chromium.executable_path).exists():
            return None
    return ("no Chromium: install Debian's chromium package, set TAVERN_CHROMIUM, or on macOS "
            "run make setup (it lets Playwright download its Chromium)")


@contextmanager
def chromium(width: int = 1400, height: int = 1000) -> Iterator[Any]:
    """A Playwright page in a headless Chromium (see :func:`chromium_path`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


def stepper_locator(page: Any, title: str) -> Any:
    """The stepper widget on ``page`` whose title is ``title``."""
    return page.locator(".tv-stepper").filter(has=page.locator(f"h3:text-is('{title}')"))


# -- the static site (make site) ---------------------------------------------------------------
#: Other hosts cannot even be looked up (offline_page also refuses and counts them).
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
SITE_TIMEOUT = 300_000   # ms: a shared two-core machine can be slow; a hang still fails


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """``folder`` served by a plain file server on 127.0.0.1; yields its URL."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
         "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        _wait_http(url, proc, 30)
        yield url
    finally:
        _stop(proc)


@dataclass
class Watched:
    """A page and what it did: requests refused (to another host), requests served, console
    errors, and the times of a notebook's start-up: seconds from opening, and the CPU seconds
    the browser's processes used by then (on a busy machine the first grows, the second not)."""

    page: Any
    outside: list[str]
    served: list[str]
    errors: list[str]
    times: dict[str, float]
    cpu: dict[str, float]


@contextmanager
def offline_page() -> Iterator[Watched]:
    """A Chromium page that can reach 127.0.0.1 and nothing else (see :data:`OFFLINE`)."""
    from urllib.parse import urlparse

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(),
                                     args=[*CHROMIUM_ARGS, OFFLINE])
        try:
            context = browser.new_context(viewport={"width": 1300, "height": 1000},
                                          accept_downloads=True)
            w = Watched(context.new_page(), [], [], [], {}, {})

            def route(r: Any) -> None:
                url = r.request.url
                if url.startswith(("data:", "blob:")) or urlparse(url).hostname == "127.0.0.1":
                    w.served.append(url)
                    r.continue_()
                else:
                    w.outside.append(url)
                    r.abort()

            context.route("**/*", route)
            w.page.on("console", lambda m: w.errors.append(m.text) if m.type == "error" else None)
            w.page.on("pageerror", lambda e: w.errors.append(str(e)))
            yield w
        finally:
            browser.close()


def browser_cpu() -> float:
    """CPU seconds (user and system) used so far by the Chromium processes this one started."""
    total = 0.0
    for proc in psutil.Process().children(recursive=True):
        try:
            if "chrom" in proc.name():
                times = proc.cpu_times()
                total += times.user + times.system
        except psutil.Error:  # it ended while we looked
            continue
    return total


def run_site_notebook(w: Watched, url: str, name: str) -> Any:
    """Open notebook ``name`` in the site at ``url``, run all its cells and wait until every
    one has run; the page. ``w.times`` gets when the notebook showed (``page``), the kernel
    ran the first cell (its "loading Tavern…" line: ``kernel``), the kit was installed and
    ready (``installs``), the next cell had run (``first cell``) and all had (``all``); and
    ``w.cpu`` the browser's CPU seconds at each."""
    page = w.page
    start, cpu_start = time.monotonic(), browser_cpu()

    def mark(what: str) -> None:
        w.times[what] = round(time.monotonic() - start, 1)
        w.cpu[what] = round(browser_cpu() - cpu_start, 1)

    def first_output_has(text: str) -> None:
        page.wait_for_function(
            "t => (document.querySelector('.jp-CodeCell .jp-OutputArea') || {}).textContent"
            "?.includes(t)", arg=text, timeout=SITE_TIMEOUT, polling=50)

    page.goto(f"{url}lab/index.html?path={name}")
    page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=SITE_TIMEOUT)
    page.locator(".jp-Notebook-ExecutionIndicator").wait_for(timeout=SITE_TIMEOUT)
    mark("page")
    # The notebook shows before its kernel is chosen (the toolbar says "No Kernel"); Run All
    # Cells clicked then is a race with the kernel's start. Two runs in about 47 hung there,
    # never showing "loading Tavern": wait for the kernel to be idle first, as a reader would.
    page.wait_for_function(
        "() => !/No Kernel/.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent"
        " ?? 'No Kernel') && document.querySelector('.jp-Notebook-ExecutionIndicator')"
        "?.getAttribute('data-status') === 'idle'", timeout=SITE_TIMEOUT, polling=50)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    first_output_has("loading Tavern")
    mark("kernel")
    first_output_has("ready")
    mark("installs")
    page.wait_for_function(
        "() => /\\[\\d+\\]/.test(document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')[1]"
        "?.textContent)", timeout=SITE_TIMEOUT, polling=50)
    mark("first cell")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.textContent))", timeout=SITE_TIMEOUT, polling=250)
    mark("all")
    return page
