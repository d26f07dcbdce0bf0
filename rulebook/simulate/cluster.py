"""Simulation on a running Dask cluster (``pip install dominion-tavern[cluster]``).

Only imported when a cluster is asked for: ``distributed`` is an optional extra. Every worker
needs the same version of ``dominion-tavern`` installed; it is checked before any game runs.
"""

from __future__ import annotations

import asyncio
import importlib.metadata
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager

DISTRIBUTION = "dominion-tavern"
INSTALL = "pip install 'dominion-tavern[cluster]'"


class ClusterError(Exception):
    """The cluster cannot be used: the extra is missing, the address does not answer, or
    the workers cannot run the engine."""


@contextmanager
def cluster_executor(address: str, timeout: float) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask scheduler at ``address`` and the number of worker threads."""
    try:
        from distributed import Client
        from distributed.comm import resolve_address
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed package, an optional extra: "
                           f"{INSTALL}") from None
    try:
        resolve_address(address)
    except (ValueError, OSError) as e:
        raise ClusterError(f"{address!r} is not a Dask scheduler's address ({e}); "
                           "give one like tcp://HOST:8786") from None
    try:
        server = identify(address, timeout)
        client = Client(address, timeout=timeout, set_as_default=False) \
            if server == "Scheduler" else None
    except (OSError, TimeoutError) as e:
        why = f" ({e})" if str(e) else ""
        raise ClusterError(f"no Dask scheduler answered at {address!r} within {timeout:g} s"
                           f"{why}") from None
    if client is None:
        raise ClusterError(f"{address!r} is a Dask {server.lower()}, not the scheduler: give "
                           "the scheduler's address")
    try:
        threads = ready_threads(client, address, timeout)
        with client.get_executor() as executor:
            yield executor, threads
    finally:
        client.close()


def identify(address: str, timeout: float) -> str:
    """What kind of Dask server answers at ``address`` ("Scheduler", "Worker", ...). Asked
    before making a client: a server that is not Dask's can keep a client (and even the
    handshake's own timeout) waiting for ever, so the whole question has one deadline."""
    from distributed.comm import connect

    async def ask() -> str:
        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity"})
            return str((await comm.read()).get("type"))
        finally:
            comm.abort()

    with ThreadPoolExecutor(1) as thread:  # its own event loop, even under Jupyter's
        return thread.submit(asyncio.run, asyncio.wait_for(ask(), timeout)).result()


def engine_version() -> str:
    return importlib.metadata.version(DISTRIBUTION)


def ready_threads(client, address: str, timeout: float) -> int:
    """Wait for a worker; check every worker has this version of the engine; count threads."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise ClusterError(f"the Dask scheduler at {address!r} has no workers "
                           f"(none joined within {timeout:g} s)") from None
    mine = engine_version()
    theirs = client.run(importlib.metadata.version, DISTRIBUTION, on_error="return")
    wrong = {w: v for w, v in theirs.items() if v != mine}
    if wrong:
        listed = ", ".join(f"{w} has {'none' if isinstance(v, Exception) else v}"
                           for w, v in sorted(wrong.items()))
        raise ClusterError(f"every Dask worker needs {DISTRIBUTION} {mine} installed "
                           f"({INSTALL}); {listed}")
    return sum(client.nthreads().values())
