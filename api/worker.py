"""The gunicorn worker: gthread's threads, but a request is read whole before a thread serves it.

gthread hands a connection to a thread as soon as its first byte arrives, and the thread then
reads the rest of the request blocking: a client that sends its headers or its body a byte at
a time holds that thread for as long as it likes, and 64 of them held every thread of the
service (issue #26). Here the worker's own event loop reads each request, without a thread,
until it is whole (``eights.api.request_end``); only then does a thread parse and serve it, from
memory. A request not whole within EIGHTS_READ_TIMEOUT_S gets 408 and is closed, so a slow
client costs one socket for a few seconds and never a thread.
"""

from __future__ import annotations

import os
import socket
import time
from collections import deque
from concurrent.futures import Future
from functools import partial
from selectors import EVENT_READ
from typing import Any

from gunicorn.workers.gthread import TConn, ThreadWorker

from eights.api.gunicorn_errors import write_problem
from eights.api.request_end import request_end
from eights.answers.settings import Settings

RECEIVE_BYTES = 65536
SLOW_REQUEST_STATUS = 408


class ReadingConnection(TConn):  # type: ignore[misc]  # gunicorn has no type hints
    """A client connection with the bytes of its next request, as far as they have come."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.received = b""
        self.request_end: int | None = None
        self.deadline = 0.0

    def take_request(self) -> bytes:
        """The whole request received, leaving what came after it (a pipelined request)."""
        assert self.request_end is not None
        request, self.received = self.received[:self.request_end], self.received[self.request_end:]
        self.request_end = None
        return request


class RequestReadingWorker(ThreadWorker):  # type: ignore[misc]
    """gthread with requests read whole by the event loop, under a deadline."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        settings = Settings.load(os.environ)
        self.read_timeout_s = settings.read_timeout_s
        self.max_body_bytes = settings.max_body_bytes
        self.reading: deque[ReadingConnection] = deque()  # by deadline: all have the same timeout

    def accept(self, listener: socket.socket) -> None:
        """A new connection starts being read at once, without a thread."""
        try:
            client, address = listener.accept()
        except (BlockingIOError, ConnectionAbortedError):
            return
        self.nr_conns += 1
        self._read(ReadingConnection(self.cfg, client, address, listener.getsockname()))

    def on_client_socket_readable(self, conn: ReadingConnection, client: socket.socket) -> None:
        """A kept-alive connection's next request begins: read it like a new one's."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._read(conn)

    def _read(self, conn: ReadingConnection) -> None:
        """Serve ``conn``'s next request if it has come whole, else wait for its bytes."""
        conn.request_end = request_end(conn.received, self.max_body_bytes)
        if conn.request_end is not None:
            self.enqueue_req(conn)
            return
        conn.sock.setblocking(False)
        conn.deadline = time.monotonic() + self.read_timeout_s
        self.reading.append(conn)
        self.poller.register(conn.sock, EVENT_READ, partial(self.on_request_bytes, conn))

    def on_request_bytes(self, conn: ReadingConnection, client: socket.socket) -> None:
        """More of a request has come: hand it to a thread once it is whole."""
        try:
            data = client.recv(RECEIVE_BYTES)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the client left before its request was whole
            self._stop_reading(conn)
            self._close(conn)
            return
        conn.received += data
        conn.request_end = request_end(conn.received, self.max_body_bytes)
        if conn.request_end is not None:
            self._stop_reading(conn)
            self.enqueue_req(conn)

    def _stop_reading(self, conn: ReadingConnection) -> None:
        self.poller.unregister(conn.sock)
        self.reading.remove(conn)

    def _close(self, conn: ReadingConnection) -> None:
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """Besides gthread's own: 408 to every request not whole by its deadline."""
        super().murder_pending()
        now = time.monotonic()
        while self.reading and self.reading[0].deadline <= now:
            conn = self.reading.popleft()
            self.poller.unregister(conn.sock)
            if conn.received:  # a silent connection is closed silently, as an idle kept-alive one
                try:
                    write_problem(conn.sock, SLOW_REQUEST_STATUS, "Request Timeout",
                                  f"the request was not sent whole within {self.read_timeout_s} s "
                                  "(EIGHTS_READ_TIMEOUT_S)")
                except OSError:
                    pass
            self._close(conn)

    def handle(self, conn: ReadingConnection) -> Any:
        """In a thread: parse and serve the request read, from memory."""
        conn.data_ready = True  # gthread's wait for a first byte: the whole request is here
        conn.init()
        conn.parser.unreader.unread(conn.take_request())
        return super().handle(conn)

    def finish_request(self, conn: ReadingConnection, future: Future[Any]) -> None:
        """gthread's, then a pipelined request already received is read on at once (its bytes
        no longer make the socket readable)."""
        super().finish_request(conn, future)
        if conn.received and conn in self.keepalived_conns:
            self.poller.unregister(conn.sock)
            self.keepalived_conns.remove(conn)
            self._read(conn)
