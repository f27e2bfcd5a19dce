"""Say who the learner is, from the one place the server was told to trust.

``rulesdojo serve`` sets ``RULESDOJO_IDENTITY`` for its kernels:

- ``hub``: ``JUPYTERHUB_USER``, which JupyterHub sets in each learner's own server;
- ``header:NAME``: one request header that the operator's proxy sets and overwrites
  (``--user-header X-Forwarded-User``); Voila hands it to the kernel as ``HTTP_X_FORWARDED_USER``;
- ``typed`` (or unset, outside a hub): nobody vouches for a name; the learner types one.

Only the configured place is read: with ``header:X-Forwarded-User`` a browser-sent
``X-JupyterHub-User`` (or a ``JUPYTERHUB_USER`` in the environment) changes nothing. With an
identity configured there is no typed name to fall back on: a page whose kernel was started before
its request (a preheated kernel) waits until Voila hands the request's headers over.
"""

from __future__ import annotations

import asyncio
import os
import re
import threading
import time
from dataclasses import dataclass
from typing import Callable

ENV = "RULESDOJO_IDENTITY"
HEADER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")


class IdentityError(ValueError):
    """Report an identity setting that can't be used (a malformed header name, an unknown kind)."""


@dataclass(frozen=True)
class Source:
    """Where the learner's identity comes from: ``hub``, ``header`` (with its name) or ``typed``.

    >>> Source.parse("header:X-Forwarded-User").env_name
    'HTTP_X_FORWARDED_USER'
    >>> Source.parse("hub").env_name, Source.parse("typed").trusted
    ('JUPYTERHUB_USER', False)
    """

    kind: str
    header: str | None = None

    @classmethod
    def parse(cls, text: str) -> "Source":
        """Read a setting as ``RULESDOJO_IDENTITY`` holds it; raise ``IdentityError`` if malformed."""
        text = (text or "").strip()
        if text in ("hub", "typed"):
            return cls(text)
        if text.startswith("header:") and HEADER.match(text[7:]):
            return cls("header", text[7:])
        raise IdentityError(f"identity is 'hub', 'typed' or 'header:NAME' (a header name such as "
                            f"X-Forwarded-User), not {text!r}")

    @property
    def trusted(self) -> bool:
        """Say whether the server vouches for the name (no typed name then)."""
        return self.kind != "typed"

    @property
    def env_name(self) -> str | None:
        """Name the environment variable the kernel finds the identity in."""
        if self.kind == "hub":
            return "JUPYTERHUB_USER"
        if self.kind == "header":
            return "HTTP_" + self.header.upper().replace("-", "_")
        return None

    def setting(self) -> str:
        """Return the setting as ``RULESDOJO_IDENTITY`` holds it.

        >>> Source("header", "X-Remote-User").setting()
        'header:X-Remote-User'
        """
        return f"header:{self.header}" if self.kind == "header" else self.kind


def configured(env=None) -> Source:
    """Return where identity comes from: ``RULESDOJO_IDENTITY``, else the hub in a hub's server.

    >>> configured({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "JUPYTERHUB_USER": "x"}).kind
    'header'
    >>> configured({"JUPYTERHUB_USER": "ana"}).kind, configured({}).kind
    ('hub', 'typed')
    """
    env = os.environ if env is None else env
    if env.get(ENV):
        return Source.parse(env[ENV])
    return Source("hub") if env.get("JUPYTERHUB_USER", "").strip() else Source("typed")


def known(env=None) -> str | None:
    """Return the trusted identity now, or None (none configured, or not handed over yet).

    >>> known({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "HTTP_X_JUPYTERHUB_USER": "Victim"})
    >>> known({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "HTTP_X_FORWARDED_USER": " ana "})
    'ana'
    """
    env = os.environ if env is None else env
    source = configured(env)
    if not source.trusted:
        return None
    return env.get(source.env_name, "").strip() or None


def typed_name(text: str) -> str:
    """Tidy a typed name (used only when no identity is configured).

    >>> typed_name("  Ana   Lopez ")
    'Ana Lopez'
    """
    return " ".join(str(text).split())


def _preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT") == "True" and bool(os.environ.get("VOILA_KERNEL_ID"))


def _ask_voila_until_known(retry: float) -> None:
    """Block until Voila hands this preheated kernel its page's request headers."""
    from voila.utils import wait_for_request
    while known() is None:
        try:
            wait_for_request()  # waits for the page's request; gives up only if it can't connect
        except Exception:  # noqa: BLE001 - a failed connection is retried, never shown
            pass
        if known() is None:
            time.sleep(retry)


def when_known(callback: Callable[[str], None], retry: float = 0.5) -> bool:
    """Call ``callback(identity)`` now if the identity is known, else once it is; say which.

    A preheated Voila kernel runs its notebook before any page asks for it: the page's headers
    arrive later, so the wait happens on a thread and the callback runs on the kernel's loop.
    Without a configured identity, or where none can arrive, the callback is never called.

    >>> os.environ["RULESDOJO_IDENTITY"] = "hub"; os.environ["JUPYTERHUB_USER"] = "ana"
    >>> when_known(print)
    ana
    True
    >>> del os.environ["RULESDOJO_IDENTITY"], os.environ["JUPYTERHUB_USER"]
    """
    who = known()
    if who is not None:
        callback(who)
        return True
    if not configured().trusted or not _preheated():
        return False
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None

    def wait():
        _ask_voila_until_known(retry)
        who = known()
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(callback, who)
        else:
            callback(who)

    threading.Thread(target=wait, name="rulesdojo-identity", daemon=True).start()
    return False
