"""Say who the learner is, from the one place the server was told to trust.

``rulesdojo serve`` sets ``RULESDOJO_IDENTITY`` for its kernels:

- ``hub``: ``JUPYTERHUB_USER``, which JupyterHub sets in each learner's own server;
- ``header:NAME``: one request header that the operator's proxy sets and overwrites
  (``--user-header X-Forwarded-User``); Voila hands it to the kernel as ``HTTP_X_FORWARDED_USER``;
- ``typed`` (or unset, outside a hub): nobody vouches for a name; the learner types one.

In typed mode each browser is a learner of its own: the page sends its kernel an anonymous learner
key, 32 random hex digits kept in the browser's storage (``views/static/learner_key.js``), and lesson
progress, saved boards and exam attempts are kept under it. A kernel outside Voila (JupyterLab,
Notebook, a script) belongs to one person: its key is kept in a file beside the results instead.

Only the configured place is read: with ``header:X-Forwarded-User`` a browser-sent
``X-JupyterHub-User`` (or a ``JUPYTERHUB_USER`` in the environment) changes nothing. With an
identity configured there is no typed name to fall back on: a page whose kernel was started before
its request (a preheated kernel) waits until Voila hands the request's headers over.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import threading
import time
import unicodedata
from pathlib import Path
from dataclasses import dataclass
from typing import Callable

ENV = "RULESDOJO_IDENTITY"
HEADER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")
KEY = re.compile(r"[0-9a-f]{32}")
MAX_NAME = 80  # characters of a typed name
KEY_FILE = "learner-key"  # beside the results file: the learner outside Voila


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
        if self.kind == "header" and self.header is not None:
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
    """Return the trusted identity now, or None (none configured, not handed over yet, or refused:
    ``refused`` says why).

    >>> known({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "HTTP_X_JUPYTERHUB_USER": "Victim"})
    >>> known({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "HTTP_X_FORWARDED_USER": " ana "})
    'ana'
    >>> known({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "HTTP_X_FORWARDED_USER": "JosÃ©"})
    'José'
    """
    try:
        return _vouched(env)
    except TypedNameError:
        return None


def refused(env=None) -> str | None:
    """Say why the identity the server handed over can't be used (None: it can, or there is none yet).

    >>> refused({"RULESDOJO_IDENTITY": "header:X-Forwarded-User", "HTTP_X_FORWARDED_USER": "ana\\tbo"})
    "The name the server gave (through X-Forwarded-User) can't hold control or text-direction characters: ask whoever runs the server."
    """
    try:
        _vouched(env)
    except TypedNameError as exc:
        return str(exc)
    return None


def _vouched(env=None) -> str | None:
    """Return the configured identity, read as the server's sign-in meant it: a header's bytes as
    UTF-8 (an HTTP server hands a header's bytes over as Latin-1), and held to a typed name's checks
    (its length, no control or text-direction character, a tab included); ``TypedNameError`` if not."""
    env = os.environ if env is None else env
    source = configured(env)
    if not source.trusted:
        return None
    value = env.get(source.env_name, "").strip()
    if source.kind == "header":
        try:
            value = value.encode("latin-1").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            pass  # not UTF-8 bytes: the characters as they came
    if not value:
        return None
    where = f"through {source.header}" if source.kind == "header" else "by JupyterHub"
    if len(value) > MAX_NAME:
        raise TypedNameError(f"The name the server gave ({where}) is longer than {MAX_NAME} characters: "
                             "ask whoever runs the server.")
    if any(unicodedata.category(ch).startswith("C") for ch in value):
        raise TypedNameError(f"The name the server gave ({where}) can't hold control or text-direction "
                             "characters: ask whoever runs the server.")
    return value


class TypedNameError(ValueError):
    """Refuse a typed name that can't be kept: too long, or holding a control character."""


def typed_name(text: str) -> str:
    """Tidy a typed name (used only when no identity is configured); raise ``TypedNameError`` if unfit.

    Markup characters are fine: every name is escaped where it is shown.

    >>> typed_name("  R&D   <Ana> ")
    'R&D <Ana>'
    >>> typed_name("Ana\u202e")
    Traceback (most recent call last):
    rulesdojo.serve.identity.TypedNameError: A name can't hold control or text-direction characters: type it again.
    """
    name = " ".join(str(text).split())
    if len(name) > MAX_NAME:
        raise TypedNameError(f"A name is at most {MAX_NAME} characters; this one has {len(name)}.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):  # controls, bidi overrides, unassigned
        raise TypedNameError("A name can't hold control or text-direction characters: type it again.")
    return name


def served(env=None) -> bool:
    """Say whether this kernel serves a Voila page (where each page is a browser, not the kernel's owner).

    >>> served({"VOILA_BASE_URL": "/"}), served({})
    (True, False)
    """
    env = os.environ if env is None else env
    return any(k in env for k in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_PREHEAT"))


def learner_key(text) -> str | None:
    """Return ``text`` if it has the shape of a learner key (32 lowercase hex digits), else None.

    >>> learner_key("0123456789abcdef0123456789abcdef")
    '0123456789abcdef0123456789abcdef'
    >>> learner_key("Ana"), learner_key(None), learner_key("0123456789ABCDEF0123456789ABCDEF")
    (None, None, None)
    """
    return text if isinstance(text, str) and KEY.fullmatch(text) else None


class _Browser:
    """The key this kernel's page sent (the first with the right shape), and who waits for it."""

    key: str | None = None
    waiting: list = []


def key_arrived(text) -> bool:
    """Take the key the page sent; say whether it is this kernel's key now.

    Anything but a key's shape is ignored, and so is a second, different key: a kernel serves one page.
    """
    key = learner_key(text)
    if key is None or _Browser.key not in (None, key):
        return False
    if _Browser.key is None:
        _Browser.key = key
        waiting, _Browser.waiting = _Browser.waiting, []
        for callback in waiting:
            callback(key)
    return True


def local_key(results=None, env=None) -> str:
    """Return the key of the one learner a kernel outside Voila has, kept in a file beside the results.

    >>> import tempfile; where = Path(tempfile.mkdtemp()) / "results.sqlite3"
    >>> local_key(where) == local_key(where) and learner_key(local_key(where)) is not None
    True
    """
    from ..quiz.store import data_folder, default_path, is_url
    env = os.environ if env is None else env
    data = data_folder(env.get("XDG_DATA_HOME"))
    place = str(results or env.get("RULESDOJO_RESULTS") or default_path(data))
    folder = data if is_url(place) else Path(place).parent
    path = folder / KEY_FILE
    try:
        key = learner_key(path.read_text(encoding="ascii").strip())
    except (OSError, UnicodeDecodeError):
        key = None
    if key is None:
        key = secrets.token_hex(16)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(key + "\n", encoding="ascii")
            path.chmod(0o600)
        except OSError:
            pass  # a folder that can't be written: this kernel's key lasts while it runs
        else:
            key = learner_key(path.read_text(encoding="ascii").strip()) or key
    return key


def when_key_known(callback: Callable[[str], None], env=None) -> bool:
    """Call ``callback(key)`` with this browser's learner key now if known, else once the page sends it.

    A preheated Voila kernel runs its notebook before any page asks for it; the key comes when the
    page connects, so what the callback restores is the learner's state as it is then. Outside
    Voila the kernel's own learner is known at once (``local_key``). Say whether it was called now.
    """
    if _Browser.key is None and not served(env):
        _Browser.key = local_key(env=env)
    if _Browser.key is not None:
        callback(_Browser.key)
        return True
    _Browser.waiting = [*_Browser.waiting, callback]
    return False


def when_learner_known(callback: Callable[[str], None], env=None) -> bool:
    """Call ``callback(learner)`` once the learner is known: the configured identity where there is
    one, else this browser's learner key (never the account running the kernel). Say whether now."""
    if configured(env).trusted:
        return when_known(callback, env=env)
    return when_key_known(callback, env=env)


def _preheated(env) -> bool:
    return env.get("VOILA_PREHEAT") == "True" and bool(env.get("VOILA_KERNEL_ID"))


def request_info_url(env) -> str:
    """Return where a preheated kernel reads its page's request information (Voila's ``voila/query``).

    >>> request_info_url({"VOILA_APP_PORT": "8866", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:8866/voila/query/k1'
    """
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")


def read_request_info(url: str) -> dict:
    """Wait on one connection to ``url`` for the page's request information; return it.

    Voila's own reader (``voila.utils.wait_for_request``) gives up on a connection whose opening
    takes over 5 s and opens another; on a loaded server the first was by then accepted, and the
    information handed to it was lost with it: the page waited for its identity for good. So the
    opening is waited for however long it takes, and no keepalive closes a connection the server is
    slow to answer."""
    import websockets  # Voila's own dependency: its reader uses it too

    async def read() -> str | bytes:
        async with websockets.connect(url, open_timeout=None, ping_interval=None, close_timeout=5) as socket:
            return await socket.recv()
    info = json.loads(asyncio.run(read()))
    return {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else {}


def _ask_voila_until_known(retry: float, env=None) -> None:
    """Block until Voila hands this preheated kernel its page's request headers (into ``env``)."""
    env = os.environ if env is None else env
    while known(env) is None:
        try:
            env.update(read_request_info(request_info_url(env)))
        except Exception:  # noqa: BLE001 - a refused or failed connection is retried, never shown
            pass
        if known(env) is None:
            time.sleep(retry)


def when_known(callback: Callable[[str], None], retry: float = 0.5, env=None) -> bool:
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
    env = os.environ if env is None else env  # read again as Voila hands a preheated kernel its headers
    who = known(env)
    if who is not None:
        callback(who)
        return True
    if not configured(env).trusted or not _preheated(env):
        return False
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None

    def wait():
        _ask_voila_until_known(retry, env)
        who = known(env)
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(callback, who)
        else:
            callback(who)

    threading.Thread(target=wait, name="rulesdojo-identity", daemon=True).start()
    return False


class KernelIdentity:
    """The identity source of a kernel, read from its environment (``env``, kept as given: Voila hands
    a preheated kernel its page's headers there later): what a page asks of it, passed down in its
    ``Kit`` so that no view or lesson reads the environment or imports this module.

    >>> who = KernelIdentity({"RULESDOJO_IDENTITY": "hub", "JUPYTERHUB_USER": "ana"})
    >>> who.source.trusted, who.served, who.when_learner_known(print)
    ana
    (True, False, True)
    """

    TypedNameError = TypedNameError

    def __init__(self, env=None):
        self.env = os.environ if env is None else env

    @property
    def source(self) -> Source:
        return configured(self.env)

    @property
    def served(self) -> bool:
        return served(self.env)

    @staticmethod
    def typed_name(text: str) -> str:
        return typed_name(text)

    @staticmethod
    def key_arrived(text) -> bool:
        return key_arrived(text)

    def refused(self) -> str | None:
        return refused(self.env)

    def when_known(self, callback: Callable[[str], None]) -> bool:
        return when_known(callback, env=self.env)

    def when_key_known(self, callback: Callable[[str], None]) -> bool:
        return when_key_known(callback, env=self.env)

    def when_learner_known(self, callback: Callable[[str], None]) -> bool:
        return when_learner_known(callback, env=self.env)
