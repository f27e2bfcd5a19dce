"""What the protocol-level tests do with a served kit: read a page to its end within a deadline, and
find the server's kernels."""

from __future__ import annotations

import http.client
import time
import urllib.parse
from typing import NamedTuple

import psutil


class Page(NamedTuple):
    status: int   # 0: no answer at all within the deadline
    text: str
    headers: dict
    ended: bool   # the server ended the response (False: cut at the deadline)


def read_page(url: str, deadline: float = 240.0, headers: tuple = ()) -> Page:
    """Fetch ``url`` and read the answer to its end, for at most ``deadline`` seconds in all.

    A socket timeout alone counts only silence: Voila's heartbeat keeps a page that never ends
    talking, so the deadline is for the whole read.
    """
    end = time.monotonic() + deadline
    where = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=deadline)
    status, answer_headers, body = 0, {}, b""
    try:
        conn.putrequest("GET", where.path + (f"?{where.query}" if where.query else ""))
        for name, value in headers:
            conn.putheader(name, value)
        conn.endheaders()
        conn.sock.settimeout(max(0.1, end - time.monotonic()))
        answer = conn.getresponse()
        status, answer_headers = answer.status, dict(answer.headers)
        while time.monotonic() < end:
            conn.sock.settimeout(max(0.1, end - time.monotonic()))
            chunk = answer.read1(65536)
            if not chunk:
                return Page(status, body.decode("utf-8", "replace"), answer_headers, True)
            body += chunk
    except (TimeoutError, ConnectionError, http.client.HTTPException):
        pass
    finally:
        conn.close()
    return Page(status, body.decode("utf-8", "replace"), answer_headers, False)


def kernels(server) -> list[psutil.Process]:
    """The kernels a server runs now."""
    try:
        family = psutil.Process(server.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for p in family:
        try:
            if "ipykernel_launcher" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out
