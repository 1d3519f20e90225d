"""Whether a request's client is still there, asked between searches: the work of a client
that went away stops early, and one that only half-closed its connection gets its answer.

A client that sends its request and then shuts down its writing side (``nc -N``, some
HTTP/1.0 clients) still reads, and its end of file looks exactly like one that closed: TCP
tells the two apart only when something is written. So at the first end of file an HTTP/1.1
client is sent an interim ``102 Processing`` (a 1xx answer every HTTP/1.1 client must accept
before the final one); a client that closed answers it with a reset, waited for a moment
(ANSWER_WAIT_MS: a round trip), so that its search stops at once. An HTTP/1.0 client may not be sent a 1xx: its search runs to its budget.
"""

from __future__ import annotations

import select
import socket
from typing import Any

INTERIM = b"HTTP/1.1 102 Processing\r\n\r\n"
GONE_EVENTS = select.POLLERR | select.POLLHUP  # reset, or closed both ways
ANSWER_WAIT_MS = 100  # for a closed client's reset to the interim answer; a half-closed one costs this once


class Client:
    """The connection of one request's client."""

    def __init__(self, connection: socket.socket, may_send_interim: bool) -> None:
        self.connection = connection
        self.may_send_interim = may_send_interim
        self.asked = False

    @classmethod
    def of(cls, environ: dict[str, Any]) -> Client | None:
        """The client of a request served by gunicorn; None elsewhere (a test client)."""
        connection = environ.get("gunicorn.socket")
        if connection is None:
            return None
        return cls(connection, environ.get("SERVER_PROTOCOL") == "HTTP/1.1")

    def gone(self) -> bool:
        """True once the connection is reset or closed both ways."""
        events = self._events(select.POLLIN, 0)
        if events & GONE_EVENTS:
            return True
        if events & select.POLLIN and self._at_end_of_file() and not self.asked:
            return self._ask()
        return False

    def _events(self, wanted: int, wait_ms: int) -> int:
        """The poll events of the connection (reset and hang-up are always among them)."""
        poller = select.poll()
        try:
            poller.register(self.connection, wanted)
            return sum(event for _, event in poller.poll(wait_ms))
        except (OSError, ValueError):
            return select.POLLERR

    def _at_end_of_file(self) -> bool:
        try:
            return self.connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    def _ask(self) -> bool:
        """Send the interim answer that makes a closed client reset: True if it does."""
        self.asked = True
        if not self.may_send_interim:
            return False
        try:
            self.connection.send(INTERIM, socket.MSG_DONTWAIT)
        except OSError:
            return True
        return bool(self._events(0, ANSWER_WAIT_MS) & GONE_EVENTS)
