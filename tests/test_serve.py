"""``make desk``'s server fix (notebooks/widgets/serve.py): applied when jupyter_server has the
parts it reads, and refused with a message, leaving jupyter_server as it is, when it does not."""

from __future__ import annotations

import pytest

serve = pytest.importorskip("dominion_tavern.notebooks.widgets.serve")


@pytest.fixture
def originals(monkeypatch):
    """Whatever patch() does is undone after the test."""
    for cls, name in ((serve.MappingKernelManager, "cull_kernel_if_idle"),
                      (serve.KernelWebsocketHandler, "select_subprotocol")):
        monkeypatch.setattr(cls, name, getattr(cls, name))
    return monkeypatch


def test_the_fix_is_applied_to_this_jupyter_server(originals) -> None:
    assert serve.patch() is True
    assert serve.MappingKernelManager.cull_kernel_if_idle is serve._cull_if_idle_recounted
    assert serve.KernelWebsocketHandler.select_subprotocol is serve._select_subprotocol_if_open


def test_a_jupyter_server_without_the_parts_read_is_left_alone(originals, capsys) -> None:
    before = serve.MappingKernelManager.cull_kernel_if_idle
    originals.delattr(serve.ZMQChannelsWebsocketConnection, "_open_sessions")
    assert serve.patch() is False
    assert serve.MappingKernelManager.cull_kernel_if_idle is before
    assert "has no ZMQChannelsWebsocketConnection._open_sessions" in capsys.readouterr().err


@pytest.mark.parametrize("argv, ok", [
    (["desk.ipynb", "--token=abc123"], True),
    (["desk.ipynb", "--token", "abc123"], True),
    (["desk.ipynb"], False),
    (["desk.ipynb", "--token="], False),
    (["desk.ipynb", "--token", "  "], False),
])
def test_the_desk_starts_only_with_a_token(argv, ok) -> None:
    assert (serve.token_problem(argv) is None) == ok


def test_make_desk_reads_tavern_token_not_token() -> None:
    from pathlib import Path
    make = (Path(__file__).parents[1] / "Makefile").read_text()
    assert "$(TOKEN)" not in make and "ifndef TOKEN" not in make
    assert "--token=$(TAVERN_TOKEN)" in make and "ifndef TAVERN_TOKEN" in make


def test_jupyterlab_starts_without_its_news_pop_up(tmp_path) -> None:
    """``make lab`` and the test server read the site's settings overrides, in which
    JupyterLab's news are off: its settings API says so (the pop-up asking whether to fetch
    news shows only while ``fetchNews`` is ``"none"``)."""
    import json
    import urllib.request
    from pathlib import Path

    from dominion_tavern.notebooks.widgets.browser import LAB_SETTINGS, lab

    make = (Path(__file__).parents[1] / "Makefile").read_text()
    assert "--LabApp.app_settings_dir=$(LAB_SETTINGS)" in make
    assert Path(make.split("LAB_SETTINGS := $(CURDIR)/")[1].split()[0]) == \
        LAB_SETTINGS.relative_to(Path(__file__).parents[1])
    (tmp_path / "nb").mkdir()
    with lab(tmp_path / "nb") as url:
        base, token = url.split("?token=")
        name = "@jupyterlab/apputils-extension:notification"
        with urllib.request.urlopen(f"{base}lab/api/settings/{name}?token={token}") as r:
            defaults = json.load(r)["schema"]["properties"]
    assert defaults["fetchNews"]["default"] == "false"
    assert defaults["checkForUpdates"]["default"] is False
