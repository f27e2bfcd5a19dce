"""Quiz results in SQLite: every answer with who, when, which question and variant, and how long.

The store never stops a quiz: if the database can't be opened or written (corrupt,
locked for too long, read-only), ``problem`` says why in plain words and the quiz
carries on without saving.
"""

from __future__ import annotations

import csv
import os
try:
    import sqlite3
except ImportError:  # the browser's Python (the practice site's Pyodide) is built without it
    sqlite3 = None
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    candidate TEXT NOT NULL,
    session TEXT NOT NULL,
    mode TEXT NOT NULL,
    question TEXT NOT NULL,
    seed INTEGER NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    answered_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_candidate ON attempts (candidate);
"""
COLUMNS = ("candidate", "session", "mode", "question", "seed", "answer", "correct", "seconds",
           "answered_at")


def default_path() -> Path:
    """Where results go unless told otherwise: $RULESDOJO_RESULTS, else the user's data folder."""
    env = os.environ.get("RULESDOJO_RESULTS")
    if env:
        return Path(env)
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "rulesdojo" / "results.sqlite3"


# The learner's name where a hub knows it: JupyterHub sets JUPYTERHUB_USER in each user's server;
# served as a hub service behind an authenticating proxy, Voila passes the proxy's header to the
# kernel as HTTP_<HEADER> (``rulesdojo serve --class`` sets VoilaConfiguration.http_header_envs).
USER_ENVS = ("JUPYTERHUB_USER", "HTTP_X_JUPYTERHUB_USER", "HTTP_X_FORWARDED_USER")


def _request_env(timeout: float = 2.0) -> None:
    """A preheated Voila kernel gets its page's request headers only when it asks: ask, briefly."""
    if os.environ.get("VOILA_PREHEAT") != "True" or os.environ.get("VOILA_KERNEL_ID") is None:
        return
    import threading

    def ask():
        try:
            from voila.utils import wait_for_request
            wait_for_request()
        except Exception:  # never stop a quiz for a name
            pass

    t = threading.Thread(target=ask, daemon=True)
    t.start()
    t.join(timeout)


def hub_user(ask: bool = True) -> str | None:
    """The name the hub or its proxy gives the learner, if any (``ask``: a preheated kernel may
    ask Voila for its page's headers; don't while the notebook is being preheated)."""
    for asked in (False, True) if ask else (False,):
        if asked:
            _request_env()
        for name in USER_ENVS:
            if os.environ.get(name, "").strip():
                return os.environ[name].strip()
    return None


def candidate_name(typed: str) -> str:
    """Name the candidate: the hub's user when the server runs under one, else what they typed.

    >>> for name in USER_ENVS: os.environ.pop(name, None)
    >>> candidate_name("  Ana  ")
    'Ana'
    >>> os.environ["HTTP_X_FORWARDED_USER"] = "ana@club"; candidate_name("Someone"); del os.environ["HTTP_X_FORWARDED_USER"]
    'ana@club'
    """
    return hub_user() or " ".join(typed.split())


@dataclass(frozen=True)
class Attempt:
    candidate: str
    session: str
    mode: str
    question: str
    seed: int
    answer: str
    correct: bool
    seconds: float
    answered_at: float


class ResultStore:
    """Record and read quiz attempts in one SQLite file, created on first use.

    >>> import tempfile; d = tempfile.mkdtemp()
    >>> s = ResultStore(Path(d) / "r.sqlite3")
    >>> s.record("Ana", "s1", "practice", "q-1", 7, "3", True, 4.2)
    True
    >>> [a.question for a in s.history("Ana")], s.problem
    (['q-1'], None)
    """

    def __init__(self, path: str | Path | None = None, timeout: float = 10.0):
        self.path = Path(path) if path else default_path()
        self.timeout = timeout
        self.problem: str | None = None if sqlite3 else (
            "Results are not being saved: this Python has no SQLite (the practice site in your browser). "
            "The quiz goes on.")
        self._ready = False

    @property
    def saving(self) -> bool:
        return self.problem is None

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        if not self._ready:
            con.execute("PRAGMA journal_mode = WAL")  # readers don't block the writers
            con.executescript(SCHEMA)
            self._ready = True
        return con

    def _fail(self, exc: Exception) -> None:
        text = str(exc).lower()
        if "locked" in text or "busy" in text:
            why = "the results file stayed locked by another program"
        elif "not a database" in text or "malformed" in text or "corrupt" in text:
            why = "the results file is damaged (not a readable SQLite database)"
        elif "readonly" in text or "read-only" in text or isinstance(exc, PermissionError):
            why = "the results file can't be written here"
        else:
            why = f"the results file can't be used ({exc})"
        self.problem = (f"Results are not being saved: {why}: {self.path}. The quiz goes on; ask your "
                        "mentor to check the file.")

    def record(self, candidate: str, session: str, mode: str, question: str, seed: int, answer: str,
               correct: bool, seconds: float) -> bool:
        """Save one answer; return False (and set ``problem``) when it can't be saved."""
        if self.problem:
            return False
        row = (candidate, session, mode, question, int(seed), str(answer), int(bool(correct)),
               float(seconds), time.time())
        try:
            con = self._connect()
            try:
                con.execute(f"INSERT INTO attempts ({', '.join(COLUMNS)}) VALUES "
                            f"({', '.join('?' * len(COLUMNS))})", row)
            finally:
                con.close()
        except (sqlite3.Error, OSError) as exc:
            self._fail(exc)
            return False
        return True

    def _rows(self, where: str = "", args: tuple = ()) -> list[Attempt]:
        if self.problem:
            return []
        try:
            con = self._connect()
            try:
                rows = con.execute(f"SELECT {', '.join(COLUMNS)} FROM attempts {where} "
                                   "ORDER BY answered_at, id", args).fetchall()
            finally:
                con.close()
        except (sqlite3.Error, OSError) as exc:
            self._fail(exc)
            return []
        return [Attempt(*r[:6], bool(r[6]), *r[7:]) for r in rows]

    def history(self, candidate: str) -> list[Attempt]:
        """Return one candidate's attempts, oldest first."""
        return self._rows("WHERE candidate = ?", (candidate,))

    def attempts(self) -> list[Attempt]:
        """Return every attempt, oldest first."""
        return self._rows()

    def export_csv(self, target) -> int:
        """Write every attempt as CSV to a path or an open text file; return the number of rows."""
        rows = self.attempts()
        own = isinstance(target, (str, Path))
        f = open(target, "w", newline="", encoding="utf-8") if own else target
        try:
            w = csv.writer(f)
            w.writerow(COLUMNS)
            for a in rows:
                w.writerow([a.candidate, a.session, a.mode, a.question, a.seed, a.answer,
                            int(a.correct), f"{a.seconds:.1f}",
                            time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(a.answered_at))])
        finally:
            if own:
                f.close()
        return len(rows)


def scores(attempts: list[Attempt]) -> dict[str, tuple[int, int]]:
    """Return each candidate's (right, answered)."""
    out: dict[str, tuple[int, int]] = {}
    for a in attempts:
        right, total = out.get(a.candidate, (0, 0))
        out[a.candidate] = (right + a.correct, total + 1)
    return out


def difficulty(attempts: list[Attempt]) -> dict[str, float]:
    """Return each question's share answered right (0 to 1)."""
    tally: dict[str, list[int]] = {}
    for a in attempts:
        tally.setdefault(a.question, []).append(int(a.correct))
    return {q: sum(v) / len(v) for q, v in tally.items()}


def most_missed(attempts: list[Attempt], n: int = 5) -> list[tuple[str, int, int]]:
    """Return the questions missed most: (question, missed, answered), most missed first."""
    tally: dict[str, list[int]] = {}
    for a in attempts:
        tally.setdefault(a.question, []).append(int(a.correct))
    rows = [(q, len(v) - sum(v), len(v)) for q, v in tally.items()]
    return sorted((r for r in rows if r[1]), key=lambda r: (-r[1], r[0]))[:n]
