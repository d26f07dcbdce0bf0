"""``python -m dominion_tavern.notebooks.widgets.serve NOTEBOOK [voila options]``: Voilà, as
``make desk`` runs it, with one fix to jupyter_server so that idle kernels really are culled.

The culler shuts down a kernel only when no page is connected to it, and it learns that from a
count the server keeps as websockets open and close. A page reloaded while its websocket is
still opening closes it halfway (jupyter_server issue 1265), and the count comes out wrong:
-1 or 1 for a kernel no page uses, which reads as "connected" for good. Twenty quick reloads
left five kernels that were never culled. The fix: before each cull check the count is taken
again from the websockets really open to the kernel; and a socket closed during its handshake
selects no subprotocol instead of raising.

It refuses to start without a token or with an empty one (Voilà would then let any local
user's browser in): ``make desk`` passes ``TAVERN_TOKEN``, or a random token.
"""

from __future__ import annotations

import sys
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

_cull_kernel_if_idle = MappingKernelManager.cull_kernel_if_idle
_select_subprotocol = KernelWebsocketHandler.select_subprotocol


def open_websockets(kernel_id: str) -> int:
    """The pages connected to ``kernel_id`` now: its registered sessions whose websocket is
    open."""
    n = 0
    for key, handler in list(ZMQChannelsWebsocketConnection._open_sessions.items()):
        ws = getattr(handler, "ws_connection", None)
        if key.startswith(f"{kernel_id}:") and ws is not None and not ws.is_closing():
            n += 1
    return n


async def _cull_if_idle_recounted(self: MappingKernelManager, kernel_id: str) -> Any:
    if kernel_id in self._kernel_connections:
        self._kernel_connections[kernel_id] = open_websockets(kernel_id)
    return await _cull_kernel_if_idle(self, kernel_id)


def _select_subprotocol_if_open(self: KernelWebsocketHandler, subprotocols: Any) -> Any:
    if self.connection is None:   # closed during the handshake
        return None
    return _select_subprotocol(self, subprotocols)


#: The private parts of jupyter_server the fix reads (as of jupyter_server 2.x).
NEEDED = ((ZMQChannelsWebsocketConnection, "_open_sessions"),
          (MappingKernelManager, "_kernel_connections"))


def patch() -> bool:
    """Apply the fix; if this jupyter_server lacks what it reads, say so and leave it as it is
    (the desk works, idle kernels may outlive their pages)."""
    missing = [f"{cls.__name__}.{name}" for cls, name in NEEDED if not hasattr(cls, name)]
    if missing:
        print(f"serve: this jupyter_server has no {', '.join(missing)}; idle kernels are culled "
              "by jupyter_server alone (a reloaded page may leave its kernel running)",
              file=sys.stderr)
        return False
    MappingKernelManager.cull_kernel_if_idle = _cull_if_idle_recounted
    KernelWebsocketHandler.select_subprotocol = _select_subprotocol_if_open
    return True


def token_problem(argv: list[str]) -> str | None:
    """Why the ``--token`` in ``argv`` cannot protect the desk, or None."""
    tokens = [a.split("=", 1)[1] for a in argv if a.startswith("--token=")]
    tokens += [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--token"]
    if not tokens:
        return "no --token given: anyone on this machine could use the desk"
    if not all(t.strip() for t in tokens):
        return "an empty --token lets anyone on this machine use the desk"
    return None


def main() -> int:
    if (problem := token_problem(sys.argv[1:])) is not None:
        print(f"serve: {problem}; give one (make desk makes a random token, or uses "
              "TAVERN_TOKEN if set)", file=sys.stderr)
        return 2
    patch()
    from voila.app import main as voila_main

    sys.argv[0] = "voila"
    return voila_main() or 0


if __name__ == "__main__":
    sys.exit(main())
