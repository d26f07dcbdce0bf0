"""Serving a notebook with Voilà (or JupyterLab) on loopback and driving Debian's Chromium with
Playwright: shared by the browser test and the screenshot script.

Never ``playwright install``: the browser is ``/usr/bin/chromium`` (``make setup`` installs it).
"""

from __future__ import annotations

import json
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
    """JupyterLab on ``folder`` (news pop-up off, fresh workspace); yields the base URL with
    the token (append ``lab/tree/NAME.ipynb``)."""
    port, token = free_port(), secrets.token_hex(12)
    settings = folder.parent / "lab-settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(json.dumps({
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                        "checkForUpdates": False}}))
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings / "user"),
               JUPYTERLAB_WORKSPACES_DIR=str(settings / "workspaces"))
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.app_settings_dir={settings}",
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
