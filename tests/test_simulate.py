"""Bots and `tavern simulate` / `tavern example` (issue: engine core)."""

from __future__ import annotations

import importlib.metadata
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.decisions import Decision
from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.setup import KINGDOMS, Setup
from dominion_tavern.rulebook.simulate import cluster as simulate_cluster
from dominion_tavern.rulebook.simulate import games as games_module
from dominion_tavern.rulebook.simulate.bots import RandomBot
from dominion_tavern.rulebook.simulate.games import play_game, random_kingdoms, simulate
from helpers import TEN_DIFFERENT, deck, position


def test_big_money_beats_random():
    report = simulate(["big-money", "random"], 20, 5, "first-game")
    summary = report.summary()
    assert summary["wins"] == {"P1-big-money": 20.0, "P2-random": 0.0}
    assert summary["unfinished"] == 0


def test_random_bot_orders_a_big_hand_without_listing_every_order(monkeypatch):
    """Haunted Woods makes Bob put a 10-card hand onto his deck in any order (card FAQ:
    Haunted Woods): 10 different cards have 3,628,800 orders. The random bot answers with one
    of them, legal and whole, without listing them all (19 s and 1.4 GB of memory here)."""
    hand = TEN_DIFFERENT
    g = position(["Haunted Woods", "Village", "Smithy", "Moat"], phase="buy",
                 turn={"player": "Bob", "buys": 2},
                 ann={"play": [{"card": "Haunted Woods", "earlier": True}]},
                 bob={"hand": ["Gold", *hand], "deck": ["5 Copper"]})
    g.answer("play Gold")
    g.answer("buy Silver")
    d = g.pending
    assert d.card == "Haunted Woods" and d.ordered and d.min == len(hand)
    assert d.answer_count() == 3_628_800  # 10!, counted without listing
    with monkeypatch.context() as m:
        m.setattr(Decision, "answers", lambda self: pytest.fail("every answer listed"))
        picks = RandomBot(3).choose(g, d)
    g.answer(picks)
    assert sorted(deck(g, "Bob")[:10]) == sorted(hand)


def test_same_seed_same_games():
    a = simulate(["random", "random"], 3, 11, "first-game")
    b = simulate(["random", "random"], 3, 11, "first-game")
    assert [vars(r) for r in a.games] == [vars(r) for r in b.games]


def test_wins_add_up_to_games_with_ties_shared():
    report = simulate(["big-money", "big-money"], 30, 1, "first-game")
    assert sum(report.summary()["wins"].values()) == 30


def test_simulate_json(capsys):
    assert main(["simulate", "--bots", "big-money,random", "--games", "3", "--seed", "2",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and len(out["results"]) == 3
    assert set(out["wins"]) == {"P1-big-money", "P2-random"}
    assert out["games_per_second"] > 0


def test_simulate_errors_are_one_line(capsys):
    assert main(["simulate", "--seed", "x"]) == 2
    assert "--seed must be an integer" in capsys.readouterr().err
    assert main(["simulate", "--kingdom", "Village,Smithy"]) == 2
    assert "10 distinct Kingdom cards" in capsys.readouterr().err
    assert main(["simulate", "--kingdom", "Village,Smithy", "--any-kingdom", "--games",
                 "2"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--bots", "big-money,genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_example_prints_a_whole_game_with_rules(capsys):
    assert main(["example", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if ln.endswith("]")]
    assert lines and all(ln.rsplit("[", 1)[1].rstrip("]") in RULES for ln in lines)
    assert "Game over:" in out


def test_bot_games_replay_to_the_same_log():
    setup = Setup(kingdom="first-game", players=["Ann", "Bob"], seed=9)
    g, result = play_game(setup, ["big-money", "random"], 9)
    assert result.finished
    assert g.branch().log.text() == g.log.text()


# Simulation on several cores and on a Dask cluster (issue 14): the same seeds give the same
# report however the games are run; only the wall time differs.

TWO_KINGDOMS = ["--bots", "big-money,random", "--games", "12", "--seed", "3",
                "--kingdom", "first-game", "--random-kingdoms", "1"]


def report_json(capsys, *argv: str) -> dict:
    """``tavern simulate --json`` with the wall-time figures taken out."""
    assert main(["simulate", *argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    del out["seconds"], out["games_per_second"]
    return out


def test_two_workers_give_the_same_report_as_one(capsys):
    one = report_json(capsys, *TWO_KINGDOMS, "--workers", "1")
    two = report_json(capsys, *TWO_KINGDOMS, "--workers", "2")
    assert two == one
    # listed by Kingdom, then seed, whichever worker finished first
    assert [(r["kingdom"], r["seed"]) for r in one["results"]] == \
        [(k, s) for k in (0, 1) for s in range(3, 15)]


def test_parallel_progress_counts_every_game():
    counted = []
    report = simulate(["random", "random"], 10, 1, "first-game", progress=counted.append,
                      workers=2)
    assert sum(counted) == 10 and len(counted) > 1  # one call per batch, not one at the end
    assert [r.seed for r in report.games] == list(range(1, 11))


def test_each_kingdom_has_its_own_figures(capsys):
    out = report_json(capsys, *TWO_KINGDOMS, "--workers", "1")
    first, drawn = out["kingdoms"]
    assert first == list(KINGDOMS["first-game"]) and drawn == random_kingdoms(1, 3)[0]
    assert [k["games"] for k in out["by_kingdom"]] == [12, 12] and out["games"] == 24
    for seat in ("P1-big-money", "P2-random"):
        assert sum(k["wins"][seat] for k in out["by_kingdom"]) == out["wins"][seat]
    assert main(["simulate", *TWO_KINGDOMS, "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "24 games on 2 Kingdom(s)" in text and ", ".join(drawn) in text


def test_random_kingdoms_are_ten_base_or_adventures_cards_drawn_from_the_seed():
    drawn = random_kingdoms(5, 7)
    assert drawn == random_kingdoms(5, 7) and drawn != random_kingdoms(5, 8)
    assert len({tuple(k) for k in drawn}) == 5
    for cards in drawn:
        assert len(set(cards)) == 10
        assert {CARDS[c].set for c in cards} <= {"base-2e", "adventures"}
        Setup(kingdom=cards)  # a legal Kingdom (rule game.setup.kingdom)


def test_worker_and_kingdom_errors_are_one_line(capsys):
    assert main(["simulate", "--workers", "0"]) == 2
    assert "workers must be at least 1, not 0" in capsys.readouterr().err
    assert main(["simulate", "--random-kingdoms", "-1"]) == 2
    assert "--random-kingdoms must be 0 or more" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--workers", "2", "--cluster", "tcp://127.0.0.1:8786"])
    assert "not allowed with argument" in capsys.readouterr().err
    assert main(["simulate", "--cluster", "tcp://127.0.0.1:8786", "--connect-timeout", "0"]) == 2
    assert "the connect timeout must be more than 0 s, not 0" in capsys.readouterr().err


def test_the_cluster_extra_is_imported_only_for_a_cluster():
    code = ("import sys\nfrom dominion_tavern.checker.cli import main\n"
            "main(['simulate', '--games', '4', '--workers', '2', '--json'])\n"
            "loaded = [m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')]\n"
            "sys.exit(f'imported: {loaded}' if loaded else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr


def test_a_missing_cluster_extra_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    assert main(["simulate", "--games", "2", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tavern simulate: error: --cluster needs Dask's distributed")
    assert "pip install 'dominion-tavern[cluster]'" in err


def local_cluster(workers: int):
    """A Dask scheduler on this machine with ``workers`` worker processes."""
    distributed = pytest.importorskip(
        "distributed", reason="the cluster extra is not installed "
        "(pip install 'dominion-tavern[cluster]'; make setup installs it)")
    return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=":0", silence_logs=logging.ERROR)


@pytest.fixture(scope="module")
def cluster():
    with local_cluster(2) as local:
        yield local


def test_a_cluster_gives_the_same_report_as_one_worker(capsys, cluster):
    one = report_json(capsys, *TWO_KINGDOMS, "--workers", "1")
    assert report_json(capsys, *TWO_KINGDOMS, "--cluster", cluster.scheduler_address) == one


def cluster_error(capsys, address: str) -> str:
    assert main(["simulate", "--games", "2", "--cluster", address,
                 "--connect-timeout", "0.5"]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1
    return err


def test_a_cluster_address_that_does_not_answer(capsys, cluster):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert "no Dask scheduler answered at 'tcp://127.0.0.1:" in \
        cluster_error(capsys, f"tcp://127.0.0.1:{port}")
    assert "not a Dask scheduler's address (missing port number" in \
        cluster_error(capsys, "localhost")
    worker = next(iter(cluster.workers.values())).worker_address
    assert "is a Dask worker, not the scheduler" in cluster_error(capsys, worker)


def test_cluster_workers_need_the_same_engine(capsys, cluster, monkeypatch):
    monkeypatch.setattr(simulate_cluster, "engine_version", lambda: "0.0.0")
    err = cluster_error(capsys, cluster.scheduler_address)
    assert "every Dask worker needs dominion-tavern 0.0.0 installed" in err
    assert f"has {importlib.metadata.version('dominion-tavern')}" in err


def test_a_scheduler_without_workers(capsys):
    with local_cluster(0) as empty:
        assert "has no workers (none joined within 0.5 s)" in \
            cluster_error(capsys, empty.scheduler_address)



_KILL: dict = {}  # set by the test below, read in the forked worker processes


def _killed_on_its_batch(batch):
    """A worker that is killed (as by the OOM killer) when it meets the batch ``_KILL["first"]``:
    once (a marker file remembers), or every time."""
    marker = _KILL["dir"] / f"killed-{batch.first}"
    if batch.first == _KILL["first"] and (_KILL["always"] or not marker.exists()):
        marker.touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return _KILL["play"](batch)


@pytest.mark.parametrize("always", [False, True], ids=["once", "every-time"])
def test_a_worker_killed_mid_run_is_said_and_its_games_played_again(tmp_path, monkeypatch,
                                                                   capsys, always):
    """A worker process that ends is not a fault in Tavern: the finished games are kept and
    the lost ones played again in fresh processes; if workers keep ending, exit 4 names the
    games not played and how to play them."""
    args = ["--games", "80", "--seed", "1"]  # 16 batches of 5 games on 2 workers
    want = report_json(capsys, *args, "--workers", "1")
    _KILL.update(dir=tmp_path, play=games_module.play_batch, first=16, always=always)
    monkeypatch.setattr(games_module, "play_batch", _killed_on_its_batch)
    code = main(["simulate", *args, "--workers", "2", "--json"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "fault in Tavern" not in err
    if always:  # the games before the killed batch were played; it and all after were not
        assert code == 4
        # seeds in one range or several (which batches finished first depends on the load)
        assert re.search(r"the games with seeds [\d, -]*\d+-80 were not played, the other \d+ "
                         r"were; play the rest with fewer --workers: "
                         r"--seed \d+ --games \d+(; --seed \d+ --games \d+)*$", err)
        return
    assert code == 0, err
    assert re.fullmatch(r"tavern simulate: a worker process ended \(killed, or out of memory\): "
                        r"the games with seeds [\d, -]*\d+-80 were not played; they are played "
                        r"again\n",  # one range or several, as in the case above
                        err)
    got = json.loads(out)
    assert got["notes"] and want["notes"] == []
    assert got["results"] == want["results"] and got["wins"] == want["wins"]
