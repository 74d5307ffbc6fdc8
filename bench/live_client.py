"""The client side of the live benchmark (``bench/bench_live.py``), cheap enough to hold
thousands of phones in one asyncio process: a server-sent-events stream read straight off
the socket (HTTP/1.1, chunked or not; comments, ``id``, ``event``, ``data`` and ``retry``
lines), opened again with ``Last-Event-ID`` after a drop as a browser's ``EventSource``
does, and a keep-alive HTTP connection that sends JSON and reads the answer.
"""

from __future__ import annotations

import asyncio
import json
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from hosted_setup import Address


@dataclass(frozen=True)
class Endpoint:
    """Where to connect: host, port, TLS or not, and the Host header to send."""

    host: str
    port: int
    tls: bool

    @property
    def host_header(self) -> str:
        """The Host header: the host, and the port when not the scheme's own."""
        default = 443 if self.tls else 80
        return self.host if self.port == default else f"{self.host}:{self.port}"

    def ssl_context(self) -> ssl.SSLContext | None:
        """The TLS context for an https deployment, None for plain HTTP."""
        return ssl.create_default_context() if self.tls else None


def endpoint(address: Address) -> Endpoint:
    """The endpoint of a port on 127.0.0.1 or of a deployment's base URL."""
    if isinstance(address, int):
        return Endpoint("127.0.0.1", address, False)
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{address!r}: give the deployment's address as http(s)://host[:port]")
    tls = parts.scheme == "https"
    return Endpoint(parts.hostname, parts.port or (443 if tls else 80), tls)


class Chunked:
    """An incremental reader of a chunked HTTP body: feed it bytes, get the body's bytes."""

    def __init__(self) -> None:
        self.raw = bytearray()
        self.done = False

    def feed(self, data: bytes) -> bytes:
        """The body bytes that ``data`` completes (whole chunks only)."""
        self.raw += data
        out = bytearray()
        while not self.done:
            end = self.raw.find(b"\r\n")
            if end < 0:
                break
            size = int(bytes(self.raw[:end]).split(b";", 1)[0], 16)
            if size == 0:
                self.done = True
                break
            if len(self.raw) < end + 2 + size + 2:
                break
            out += self.raw[end + 2 : end + 2 + size]
            del self.raw[: end + 2 + size + 2]
        return bytes(out)


@dataclass(frozen=True)
class Event:
    """One server-sent event: its ``id``, ``event`` type and ``data`` (None when absent)."""

    id: str | None
    kind: str
    data: str


class EventReader:
    """Splits a stream's body into events and comments (a heartbeat is a comment)."""

    def __init__(self) -> None:
        self.text = b""
        self.retry_ms: int | None = None

    def feed(self, data: bytes) -> tuple[list[Event], int]:
        """The whole events ``data`` completes, and how many comments it held."""
        self.text += data.replace(b"\r\n", b"\n")
        events: list[Event] = []
        comments = 0
        while b"\n\n" in self.text:
            block, self.text = self.text.split(b"\n\n", 1)
            fields: dict[str, list[str]] = {}
            for line in block.decode("utf-8", "replace").split("\n"):
                if line.startswith(":"):
                    comments += 1
                    continue
                name, _, value = line.partition(":")
                fields.setdefault(name, []).append(value.removeprefix(" "))
            if "retry" in fields and fields["retry"][-1].isdigit():
                self.retry_ms = int(fields["retry"][-1])
            if "data" in fields or "id" in fields:
                last_id = fields["id"][-1] if "id" in fields else None
                kind = fields.get("event", ["message"])[-1]
                events.append(Event(last_id, kind, "\n".join(fields.get("data", []))))
        return events, comments


class Stream(asyncio.Protocol):
    """One open event stream: sends the GET, reads the status and headers (``on_open`` once
    they say it is a stream), then hands each event to ``on_event`` and each heartbeat to
    ``on_beat`` (with the loop's time); the ``closed`` future ends with the status (0 when
    the answer was a stream that ended, -1 when the connection closed before an answer)."""

    def __init__(
        self,
        request: bytes,
        on_open: Callable[[float], None],
        on_event: Callable[[Event, float], None],
        on_beat: Callable[[float], None],
    ) -> None:
        self.request = request
        self.on_open = on_open
        self.on_event = on_event
        self.on_beat = on_beat
        self.loop = asyncio.get_running_loop()
        self.closed: asyncio.Future[int] = self.loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.head = b""
        self.status = 0
        self.body: Chunked | None = None
        self.reader = EventReader()
        self.started = False
        self.retry_after: float | None = None  # a refusal's Retry-After, in seconds

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        now = self.loop.time()
        if not self.started:
            self.head += data
            if b"\r\n\r\n" not in self.head:
                return
            head, data = self.head.split(b"\r\n\r\n", 1)
            lines = head.decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            headers = {
                k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])
            }
            if self.status != 200 or "text/event-stream" not in headers.get("content-type", ""):
                if headers.get("retry-after", "").isdigit():
                    self.retry_after = float(headers["retry-after"])
                self._finish(self.status or -1)
                return
            self.started = True
            self.on_open(now)
            if "chunked" in headers.get("transfer-encoding", "").lower():
                self.body = Chunked()
        if self.body is not None:
            data = self.body.feed(data)
        events, comments = self.reader.feed(data)
        for event in events:
            self.on_event(event, now)
        if comments:
            self.on_beat(now)

    def _finish(self, status: int) -> None:
        if not self.closed.done():
            self.closed.set_result(status)
        if self.transport is not None:
            self.transport.close()

    def abort(self) -> None:
        """Drop the connection (a stream gone silent)."""
        if self.transport is not None:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(0 if self.started else -1)


def stream_request(where: Endpoint, path: str, token: str, last_id: str | None) -> bytes:
    """The GET that opens an event stream, as EventSource sends it."""
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {where.host_header}",
        "Accept: text/event-stream",
        "Cache-Control: no-cache",
        f"Authorization: Bearer {token}",
    ]
    if last_id is not None:
        lines.append(f"Last-Event-ID: {last_id}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


class JsonConnection:
    """One keep-alive HTTP/1.1 connection that sends JSON and reads JSON answers; opens
    again after a break."""

    def __init__(self, where: Endpoint, timeout: float = 30) -> None:
        self.where = where
        self.timeout = timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], Any]:
        """Send one request; (status, headers, JSON answer or None). Raises OSError or
        asyncio.TimeoutError on a broken connection, closed so the next call opens one."""
        try:
            return await asyncio.wait_for(self._exchange(method, path, body, headers or {}),
                                          self.timeout)  # fmt: skip
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            self.close()
            raise

    async def _exchange(
        self, method: str, path: str, body: Any, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], Any]:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(
                self.where.host, self.where.port, ssl=self.where.ssl_context()
            )
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.where.host_header}",
                 f"Content-Length: {len(data)}", "Accept: application/json"]  # fmt: skip
        if body is not None:
            lines.append("Content-Type: application/json")
        lines += [f"{name}: {value}" for name, value in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        answer = {
            k.strip().lower(): v.strip()
            for k, _, v in (h.partition(":") for h in header_lines if h)
        }
        if "chunked" in answer.get("transfer-encoding", "").lower():
            content = await self._chunks()
        else:
            content = await self.reader.readexactly(int(answer.get("content-length", "0")))
        if answer.get("connection", "").lower() == "close":
            self.close()
        return status, answer, json.loads(content) if content else None

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        out = bytearray()
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
            chunk = await self.reader.readexactly(size + 2)
            if size == 0:
                return bytes(out)
            out += chunk[:-2]

    def close(self) -> None:
        """Close the connection (the next request opens another)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None
