"""Where the first HTTP/1.x request in some bytes ends: the worker reads a request whole
before a thread serves it (``eights.api.worker``), and this tells it when it has.

It decides only *when to stop reading*, not whether a request is valid: anything it cannot
make sense of (a malformed length, a head or a chunked body past its limit) is handed on at
once, for gunicorn's parser or the app to refuse with the usual answer.

>>> request_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\nGET")
27
>>> request_end(b"POST / HTTP/1.1\\r\\nContent-Length: 4\\r\\n\\r\\n{}") is None
True
>>> request_end(b"POST / HTTP/1.1\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n2\\r\\n{}\\r\\n0\\r\\n\\r\\n")
59
"""

from __future__ import annotations

HEAD_END = b"\r\n\r\n"
LINE_END = b"\r\n"
MAX_HEAD_BYTES = 64 * 1024  # past gunicorn's limits on the request line and headers: it refuses such a head


def request_end(data: bytes, max_body_bytes: int = 1 << 30) -> int | None:
    """The index just past the first request in ``data``; None while more bytes are needed.

    A body longer than ``max_body_bytes`` is not waited for: its head is handed on, and the
    app refuses it (413) without reading it."""
    head_end = data.find(HEAD_END)
    if head_end < 0:
        return len(data) if len(data) > MAX_HEAD_BYTES else None
    body_start = head_end + len(HEAD_END)
    length, chunked = _framing(data[:head_end])
    if chunked:
        return _chunked_end(data, body_start, max_body_bytes)
    if length is None or length > max_body_bytes:
        return body_start
    end = body_start + length
    return end if len(data) >= end else None


def _framing(head: bytes) -> tuple[int | None, bool]:
    """The body's Content-Length (0 without one; None when it is not one plain number) and
    whether it is chunked."""
    lengths = []
    chunked = False
    for line in head.split(LINE_END)[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            lengths.append(value.strip())
        elif name == b"transfer-encoding":
            chunked = chunked or b"chunked" in value.lower()
    if not lengths:
        return 0, chunked
    if len(set(lengths)) != 1 or not lengths[0].isdigit():
        return None, chunked
    return int(lengths[0]), chunked


def _chunked_end(data: bytes, position: int, max_body_bytes: int) -> int | None:
    """The index past a chunked body starting at ``position`` (its trailers included)."""
    start = position
    while True:
        line_end = data.find(LINE_END, position)
        if line_end < 0:
            return len(data) if len(data) - start > max_body_bytes else None
        try:
            size = int(data[position:line_end].split(b";")[0].strip(), 16)
        except ValueError:
            return len(data)  # not a chunk size: gunicorn refuses it
        if size == 0:
            trailers_end = data.find(HEAD_END, line_end)  # the blank line after the trailers, if any
            return trailers_end + len(HEAD_END) if trailers_end >= 0 else None
        position = line_end + len(LINE_END) + size + len(LINE_END)
        if position - start > max_body_bytes:
            return len(data)
        if position > len(data):
            return None
