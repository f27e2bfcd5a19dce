"""Quiz results in SQLite: every answer with who, when, which question and variant, and how long,
and every attempt (one sitting of practice or an exam) with its state, so that it can be resumed.

Tables: ``attempts`` holds one row per answer (``session`` is the attempt's id), ``quiz_attempts``
one row per attempt. The store never stops a quiz: if the database can't be opened or written
(damaged, locked for too long, read-only), ``problem`` says why in plain words, the answers are kept
in memory and in a recovery file beside the results, and they are tried again every few seconds
until they are written; a store that starts writes what a kernel shut down with unsaved left there.

An attempt is final once it has ended, and held by one page at a time: every write of an attempt's
row or answers is guarded ``WHERE ended IS NULL AND page = ?`` in the same transaction, and a page
whose write is refused is told why (``AttemptClosed``). The database holds at most one open exam
attempt per candidate and exam, and ``create_attempt`` counts the attempts in the transaction that
adds one, so pages pressing Start at once can't get past the exam's limit.

The practice site keeps the same SQLite file in the browser's storage (``BROWSER_FOLDER``, see
``browser``), with a rollback journal there (``keeps_wal``). Given a ``postgresql://`` URL as its place,
``ResultStore(url)`` gives a ``PostgresResultStore``
(``rulesdojo.quiz.pgstore``): the same tables and SQL in a database that machines share.
"""

from __future__ import annotations

import glob
import json
import logging
import os
import re
import sqlite3
import sys
import threading
import time
import uuid
from dataclasses import dataclass, replace
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
CREATE INDEX IF NOT EXISTS attempts_session ON attempts (session);
CREATE TABLE IF NOT EXISTS quiz_attempts (
    id TEXT PRIMARY KEY,
    exam TEXT NOT NULL,
    candidate TEXT NOT NULL,
    mode TEXT NOT NULL,
    started REAL NOT NULL,
    deadline REAL,
    ended REAL,
    ended_by TEXT,
    score INTEGER,
    total INTEGER NOT NULL,
    state TEXT NOT NULL,
    learner_key TEXT NOT NULL DEFAULT '',
    page TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS quiz_attempts_candidate ON quiz_attempts (candidate, exam);
CREATE TABLE IF NOT EXISTS lesson_parts (
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    part TEXT NOT NULL,
    first_try INTEGER,
    done_at REAL NOT NULL,
    PRIMARY KEY (learner, lesson, part)
);
CREATE TABLE IF NOT EXISTS lesson_boards (
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    part TEXT NOT NULL,
    moves TEXT NOT NULL,
    PRIMARY KEY (learner, lesson, part)
);
CREATE TABLE IF NOT EXISTS review_cards (
    learner TEXT NOT NULL,
    kind TEXT NOT NULL,
    item TEXT NOT NULL,
    card TEXT NOT NULL,
    due REAL NOT NULL,
    PRIMARY KEY (learner, kind, item)
);
CREATE TABLE IF NOT EXISTS review_log (
    learner TEXT NOT NULL,
    kind TEXT NOT NULL,
    item TEXT NOT NULL,
    rating INTEGER NOT NULL,
    reviewed_at REAL NOT NULL,
    seconds REAL NOT NULL,
    scheduled_days REAL NOT NULL,
    PRIMARY KEY (learner, kind, item, reviewed_at)
);
CREATE TABLE IF NOT EXISTS review_parameters (
    learner TEXT PRIMARY KEY,
    parameters TEXT NOT NULL,
    reviews INTEGER NOT NULL,
    fitted_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS learner_settings (
    learner TEXT NOT NULL,
    setting TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (learner, setting)
);
CREATE TABLE IF NOT EXISTS store_writes (
    store TEXT PRIMARY KEY,
    n INTEGER NOT NULL
);
"""
#: each table's columns, as the readers return them
TABLES = {"lesson_parts": ("learner", "lesson", "part", "first_try", "done_at"),
          "lesson_boards": ("learner", "lesson", "part", "moves"),
          "review_cards": ("learner", "kind", "item", "card", "due"),
          "review_log": ("learner", "kind", "item", "rating", "reviewed_at", "seconds", "scheduled_days"),
          "review_parameters": ("learner", "parameters", "reviews", "fitted_at"),
          "learner_settings": ("learner", "setting", "value")}
COLUMNS = ("candidate", "session", "mode", "question", "seed", "answer", "correct", "seconds",
           "answered_at")
RECORD_COLUMNS = ("id", "exam", "candidate", "mode", "started", "deadline", "ended", "ended_by", "score",
                  "total", "state", "learner_key", "page")
#: the columns a results file written before them lacks, added when it is opened
ADDED_COLUMNS = {"learner_key": "TEXT NOT NULL DEFAULT ''", "page": "TEXT NOT NULL DEFAULT ''"}
#: at most one open exam attempt per candidate and exam; results from before it may hold more (pages
#: that pressed Start at once), so all but the newest of those are ended first, as "duplicate"
ONE_OPEN = """
UPDATE quiz_attempts SET ended = started, ended_by = 'duplicate'
    WHERE mode = 'exam' AND ended IS NULL AND EXISTS (
        SELECT 1 FROM quiz_attempts AS newer WHERE newer.candidate = quiz_attempts.candidate
        AND newer.exam = quiz_attempts.exam AND newer.mode = 'exam' AND newer.ended IS NULL
        AND (newer.started > quiz_attempts.started OR (newer.started = quiz_attempts.started
                                                       AND newer.id > quiz_attempts.id)));
CREATE UNIQUE INDEX IF NOT EXISTS quiz_attempts_one_open ON quiz_attempts (candidate, exam)
    WHERE ended IS NULL AND mode = 'exam';
"""
TABLES.update(attempts=COLUMNS, quiz_attempts=RECORD_COLUMNS)
#: how each table's rows are told apart: a row with the same key replaces (or, for answers and
#: finished parts, is already) the one kept
KEYS = {"attempts": ("session", "question", "answered_at"), "quiz_attempts": ("id",),
        "lesson_parts": ("learner", "lesson", "part"), "lesson_boards": ("learner", "lesson", "part"),
        "review_cards": ("learner", "kind", "item"), "review_log": ("learner", "kind", "item", "reviewed_at"),
        "review_parameters": ("learner",), "learner_settings": ("learner", "setting")}
REPLACED = {"quiz_attempts", "lesson_boards", "review_cards", "review_parameters", "learner_settings"}
#: a check finished again keeps its best result: a later right first try masters one missed before
BEST = {"lesson_parts": "first_try"}
#: results kept in a PostgreSQL database rather than a file
URL_SCHEMES = ("postgresql://", "postgres://")
#: where the practice site keeps progress: a folder kept in the browser's storage (see ``browser``)
BROWSER_FOLDER = "/rulesdojo-progress"
#: the practice site's results file, in ``BROWSER_FOLDER``
BROWSER_RESULTS = "progress.sqlite3"
#: the file in ``BROWSER_FOLDER`` where the practice site kept progress before its Python had
#: ``sqlite3``: carried over into ``BROWSER_RESULTS`` once (``carry_over``), else left as it was
OLD_PROGRESS = "progress.json"
#: seconds between tries of a write that failed
RETRY = 2.0
#: the largest recovery file a store replays: far more than a kernel's unsaved answers ever hold
#: (3,000 answers are about 300 kB); a larger one is set aside, not read
MAX_RECOVERY = 16 * 1024 * 1024
#: where the store says what it did with recovery files (set aside, refused): the server's log
log = logging.getLogger("rulesdojo.results")


class RecoveryRefused(ValueError):
    """A recovery file that is not replayed: not this account's, open to others, too large or not
    one a store wrote."""


#: each table's row as a recovery file holds it: the type of each column (None allowed where marked)
_ROW_TYPES = {
    "quiz_attempts": (str, str, str, str, float, (float, None), (float, None), (str, None), (int, None), int, str,
                      str, str),
    "attempts": (str, str, str, str, int, str, int, float, float),
    "lesson_parts": (str, str, str, (int, None), float),
    "lesson_boards": (str, str, str, str),
    "review_cards": (str, str, str, str, float),
    "review_log": (str, str, str, int, float, float, float),
    "review_parameters": (str, str, int, float),
    "learner_settings": (str, str, str),
}


def read_recovery(path: Path) -> dict[str, list[list]]:
    """Read a recovery file if it can be trusted: a regular file of this account's, which no other
    account can write (mode 0600 as the store makes them), at most ``MAX_RECOVERY`` bytes, holding
    rows of the store's tables and types; else raise ``RecoveryRefused`` saying why.

    Its rows are still checked as they are written: a recovery file's exam attempt is written only to
    an attempt the results hold, open and held by the page that wrote it (``ResultStore._write``).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            raise RecoveryRefused(f"it belongs to another account (uid {st.st_uid})")
        if st.st_mode & 0o077:
            raise RecoveryRefused(f"other accounts can read or write it (mode {st.st_mode & 0o777:o}, not 600)")
        if st.st_size > MAX_RECOVERY:
            raise RecoveryRefused(f"it holds {st.st_size} bytes, more than the {MAX_RECOVERY} a store writes")
        data = f.read(MAX_RECOVERY + 1)
    try:
        rows = json.loads(data.decode("utf-8"))
    except ValueError as exc:
        raise RecoveryRefused(f"it is damaged: {exc}") from None
    return store_rows(rows)


def store_rows(rows) -> dict[str, list[list]]:
    """Return each table's rows from ``rows``, a JSON object of tables (each a list of rows, a row a
    list of the table's columns in order, as ``TABLES`` names them) holding rows of the store's types;
    else raise ``RecoveryRefused`` saying what is wrong.

    >>> store_rows({"lesson_parts": [["Ana", "01-what-energy-is", "where-it-lives", 1, 5.0]]})["lesson_parts"]
    [['Ana', '01-what-energy-is', 'where-it-lives', 1, 5.0]]
    >>> store_rows({"lesson_parts": [["Ana", "only two"]]})
    Traceback (most recent call last):
    rulesdojo.quiz.store.RecoveryRefused: a row of its lesson_parts is not one a store writes: ['Ana', 'only two']
    """
    if not isinstance(rows, dict):
        raise RecoveryRefused("it is not a JSON object of tables")
    out: dict[str, list[list]] = {}
    for table, types in _ROW_TYPES.items():
        given = rows.get(table, [])
        if not isinstance(given, list):
            raise RecoveryRefused(f"its {table} is not a list of rows")
        for r in given:
            if not (isinstance(r, list) and len(r) == len(types) and all(_fits(v, t) for v, t in zip(r, types))):
                raise RecoveryRefused(f"a row of its {table} is not one a store writes: {str(r)[:80]}")
        out[table] = given
    return out


def _fits(value, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if value is None:
        return None in kinds
    if isinstance(value, bool):
        return False
    return any(k is not None and (isinstance(value, k) or (k is float and isinstance(value, int))) for k in kinds)


class AttemptClosed(ValueError):
    """Refuse a write to an attempt that has ended, or that another page has taken over.

    >>> str(AttemptClosed("a1", "ended"))
    "This exam was submitted from another page; its answers can't change."
    """

    MESSAGES = {"ended": "This exam was submitted from another page; its answers can't change.",
                "taken": "This exam was opened again on another page, which goes on with it now: answer "
                         "there. What is given on this page can't change it."}

    def __init__(self, attempt: str, reason: str):
        super().__init__(self.MESSAGES[reason])
        self.attempt, self.reason = attempt, reason


def is_url(where) -> bool:
    """Tell whether results go to a database server (a URL) rather than a file.

    >>> is_url("postgresql://dojo@db.example/results"), is_url("/srv/dojo/results.sqlite3")
    (True, False)
    """
    return isinstance(where, str) and where.startswith(URL_SCHEMES)


def default_path(data: Path | None = None) -> Path:
    """Where results go unless told otherwise: in the user's data folder (``data_folder``; a ``Kit``
    built from the environment names the place ``$RULESDOJO_RESULTS`` or ``$XDG_DATA_HOME`` give)."""
    return (data or data_folder()) / "results.sqlite3"


def in_browser_storage(path) -> bool:
    """Tell whether a results file is in the practice site's folder kept in the browser's storage.

    >>> in_browser_storage(Path(BROWSER_FOLDER) / BROWSER_RESULTS), in_browser_storage("/srv/dojo/results.sqlite3")
    (True, False)
    """
    return Path(BROWSER_FOLDER) in Path(path).parents


def keeps_wal(path) -> bool:
    """Tell whether a SQLite results file goes in WAL mode, else keeps a rollback journal.

    Not in the browser: WAL needs memory that connections share (mmap of the ``-shm`` file), which
    Emscripten's file system doesn't give, and in ``BROWSER_FOLDER`` IDBFS copies each file to
    IndexedDB on its own as it is closed, so the database file alone must hold every commit.

    >>> keeps_wal("/srv/dojo/results.sqlite3"), keeps_wal(Path(BROWSER_FOLDER) / BROWSER_RESULTS)
    (True, False)
    """
    return sys.platform != "emscripten" and not in_browser_storage(path)


def data_folder(share: str | Path | None = None) -> Path:
    """Return the user's data folder for Rules Dojo: ``share`` (``$XDG_DATA_HOME`` as the caller
    read it), else ``~/.local/share``, then ``rulesdojo``."""
    return Path(share or Path.home() / ".local" / "share") / "rulesdojo"


def _values(rec: AttemptRecord) -> tuple:
    return tuple(getattr(rec, c) for c in RECORD_COLUMNS)


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


@dataclass(frozen=True)
class AttemptRecord:
    """One sitting of a quiz: who, which exam, when it started and must end, and where it stands.

    ``state`` holds what a new kernel needs to resume it: the questions drawn (id and variant
    seed) and the seed; the answers are rows of the ``attempts`` table under the same id.
    ``learner_key`` is the browser's opaque key the attempt was started in (empty: none given);
    ``page`` names the one page that may write to it now.
    """

    id: str
    exam: str
    candidate: str
    mode: str
    started: float
    deadline: float | None = None
    ended: float | None = None
    ended_by: str | None = None
    score: int | None = None
    total: int = 0
    state: str = "{}"
    learner_key: str = ""
    page: str = ""


class ResultStore:
    """Record and read quiz answers and attempts in one SQLite file, created on first use.

    Every write first checks that the file still holds everything this store wrote: a file
    deleted, replaced by an older copy or damaged and then restored gets its tables back and the
    missing rows written again. What can't be written now stays in memory until it can.

    >>> import tempfile; d = tempfile.mkdtemp()
    >>> s = ResultStore(Path(d) / "r.sqlite3")
    >>> s.record("Ana", "s1", "practice", "q-1", 7, "3", True, 4.2)
    True
    >>> [a.question for a in s.history("Ana")], s.problem
    (['q-1'], None)
    """

    ERRORS: tuple = (sqlite3.Error, OSError)  # what the file can fail with, which the store reports and outlives
    MARK = "?"  # the driver's placeholder for a value in SQL
    ROW_ORDER = ", rowid"  # rows written at the same instant come back in the order written
    PLACE = "file"

    def __new__(cls, path=None, *args, **kwargs):
        if cls is ResultStore:
            if is_url(str(path) if path else None):
                from .pgstore import PostgresResultStore
                cls = PostgresResultStore
        return super().__new__(cls)

    def __init__(self, path: str | Path | None = None, timeout: float = 10.0, data: Path | None = None):
        """Keep results at ``path`` (a file, or a ``postgresql://`` URL); None: ``default_path(data)``.
        ``data``: the user's data folder (``data_folder``), for what a database keeps beside it."""
        self.data = data or data_folder()
        self.path = self._place(path)
        self.timeout = timeout
        self.problem: str | None = None
        self.why = ""
        self.recovered = False  # set when answers kept in memory have just been written
        self._answers: dict[str, list[tuple]] = {}
        self._records: dict[str, AttemptRecord] = {}
        self._parts: list[tuple] = []  # lesson parts finished: (learner, lesson, part, first_try, done_at)
        self._boards: dict[tuple[str, str, str], str] = {}  # a task's moves so far, by (learner, lesson, part)
        self._cards: dict[tuple[str, str, str], tuple[str, float]] = {}  # (learner, kind, item) -> (card, due)
        self._log: list[tuple] = []  # reviews: (learner, kind, item, rating, reviewed_at, seconds, scheduled_days)
        self._fitted: dict[str, tuple[str, int, float]] = {}  # learner -> (parameters, reviews, fitted_at)
        self._settings: dict[tuple[str, str], str] = {}  # (learner, setting) -> value: the language chosen
        self.closed: dict[str, str] = {}  # attempts whose writes were refused: id -> "ended" | "taken"
        self.listeners: list = []  # called with no argument when a write retried later has succeeded
        self._lock = threading.RLock()  # the retries run in a thread of their own
        self._retrying = False
        # What changed since the last write, so that a write holds the file's lock for what is new,
        # not for every row this store has written: the attempts whose row or answers changed, the
        # first lesson part and the boards not yet written. ``_writes`` counts this store's writes,
        # kept in the file too (``store_writes``): a file that lacks the count was deleted, replaced
        # by an older copy or restored, and then gets every row again.
        self._id = uuid.uuid4().hex
        self._writes = 0
        self._changed: set[str] = set()
        self._parts_from = 0
        self._boards_changed: set[tuple[str, str, str]] = set()
        self._cards_changed: set[tuple[str, str, str]] = set()
        self._fitted_changed: set[str] = set()
        self._settings_changed: set[tuple[str, str]] = set()
        self._log_from = 0
        self._recovery = self._recovery_prefix().with_name(
            f"{self._recovery_prefix().name}{uuid.uuid4().hex[:12]}.json")
        self._replayed: set[str] = set()  # attempts taken in from recovery files, written only to rows that exist
        self._replay()

    def _place(self, path) -> Path:
        return Path(path) if path else default_path(self.data)

    @property
    def where(self) -> str:
        """Name where the results are kept, for the candidate's and the mentor's messages."""
        return str(self.path)

    @property
    def saving(self) -> bool:
        return self.problem is None

    @property
    def kept(self) -> str | None:
        """Say in plain words where the learner's answers and progress are kept, where a learner
        would not know: in the browser (None on a server, which keeps them).

        >>> ResultStore(Path(BROWSER_FOLDER) / BROWSER_RESULTS).kept
        "Your answers and progress are kept in this browser, for this site only; clearing the site's data in the browser forgets them."
        """
        if in_browser_storage(self.path):
            where = ("Your answers and progress are kept in this browser, for this site only; clearing "
                     "the site's data in the browser forgets them.")
        elif sys.platform == "emscripten":
            where = "Your answers and progress are kept only while this page is open: this browser can't store them."
        else:
            return None
        old = self.path.with_name(OLD_PROGRESS)
        if in_browser_storage(self.path) and old.is_file():  # not carried over (``carry_over``): it stays
            return (f"What was saved in this browser before this site's last update couldn't be carried over, "
                    f"so it isn't shown; it is kept as it was, in {old}. {where}")
        return where

    @property
    def unsaved(self) -> int:
        """How many answers are kept in memory because the file couldn't take them (0 when saving)."""
        return sum(len(rows) for rows in self._answers.values()) if self.problem else 0

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            self._set_journal(con)
            con.executescript(SCHEMA)  # a deleted or replaced file gets its tables back
            have = {row[1] for row in con.execute("PRAGMA table_info(quiz_attempts)")}
            for column, kind in ADDED_COLUMNS.items():
                if column not in have:
                    try:
                        con.execute(f"ALTER TABLE quiz_attempts ADD COLUMN {column} {kind}")
                    except sqlite3.OperationalError as exc:  # another kernel added it first
                        if "duplicate column" not in str(exc):
                            raise
            if not con.execute("SELECT 1 FROM sqlite_master WHERE name = 'quiz_attempts_one_open'").fetchone():
                con.executescript(ONE_OPEN)
        except BaseException:
            con.close()
            raise
        return con

    def _set_journal(self, con) -> None:
        """Put the file in WAL mode (readers don't block the writers), once, or, where WAL can't work
        (``keeps_wal``), in rollback-journal mode: each commit is in the database file once done, and
        the journal is deleted. The change needs the file to itself and SQLite won't wait for it, so
        kernels opening a new file at once try again."""
        mode = "wal" if keeps_wal(self.path) else "delete"
        until = time.monotonic() + self.timeout
        while con.execute("PRAGMA journal_mode").fetchone()[0] != mode:
            try:
                con.execute(f"PRAGMA journal_mode = {mode}")
                return  # in that mode now, or in the one a file system without WAL keeps
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > until:
                    raise
                time.sleep(0.02)

    def _fail(self, exc: Exception) -> None:
        self.why = f"{self._why(exc)}: {self.where}"  # the problem's cause alone, for other messages
        self.problem = (f"Results are not being saved: {self.why}. Your answers are "
                        f"kept and tried again every few seconds, also after this page is closed, until "
                        f"the {self.PLACE} can be written; ask your mentor to check it.")

    @staticmethod
    def _why(exc: Exception) -> str:
        text = str(exc).lower()
        if "locked" in text or "busy" in text:
            return "the results file stayed locked by another program"
        if "not a database" in text or "malformed" in text or "corrupt" in text:
            return "the results file is damaged (not a readable SQLite database)"
        if "readonly" in text or "read-only" in text or isinstance(exc, PermissionError):
            return "the results file can't be written here"
        return f"the results file can't be used ({exc})"

    def record(self, candidate: str, session: str, mode: str, question: str, seed: int, answer: str,
               correct: bool, seconds: float) -> bool:
        """Save one answer; return False (and set ``problem``) when it is only kept in memory."""
        row = (candidate, session, mode, question, int(seed), str(answer), int(bool(correct)),
               float(seconds), time.time())
        with self._lock:
            self.check_open(session)
            self._answers.setdefault(session, []).append(row)
            self._changed.add(session)
            return self._sync_attempt(session)

    def save_attempt(self, attempt: AttemptRecord) -> bool:
        """Save (or update) an attempt's row; return False when it is only kept in memory.

        Raise ``AttemptClosed`` when the stored attempt has ended or another page holds it.
        """
        with self._lock:
            self.check_open(attempt.id)
            self._records[attempt.id] = attempt
            self._changed.add(attempt.id)
            return self._sync_attempt(attempt.id)

    def check_open(self, attempt: str) -> None:
        """Raise ``AttemptClosed`` if a write to the attempt was refused (it ended, or another page took it)."""
        if attempt in self.closed:
            raise AttemptClosed(attempt, self.closed[attempt])

    def _sync_attempt(self, attempt: str) -> bool:
        saved = self._sync()
        self.check_open(attempt)
        return saved

    def create_attempt(self, attempt: AttemptRecord, allowed: int | None = None) -> bool:
        """Add a new exam attempt if the candidate has none open and fewer than ``allowed`` in all.

        The count and the write are one transaction, and the database holds one open attempt per
        candidate and exam, so pages starting at once add one attempt between them. Return whether
        it was added; None when the results can't be written now (``why`` says why).

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> a = AttemptRecord("a1", "club-night", "Ana", "exam", 0.0, total=3, page="p1")
        >>> s.create_attempt(a, 1), s.create_attempt(replace(a, id="a2"), 1), s.attempts_used("Ana", "club-night")
        (True, False, 1)
        """
        with self._lock:
            added = self._transaction(lambda cur: self._add_attempt(cur, attempt, allowed))
            if added:
                self._records[attempt.id] = attempt
            return added

    def _add_attempt(self, cur, attempt: AttemptRecord, allowed: int | None) -> bool:
        m = self.MARK
        self._lock_candidate(cur, attempt.candidate, attempt.exam)
        if allowed is not None:
            (used,) = cur.execute(f"SELECT count(*) FROM quiz_attempts WHERE candidate = {m} AND exam = {m} "
                                  f"AND mode = {m}", (attempt.candidate, attempt.exam, attempt.mode)).fetchone()
            if used >= allowed:
                return False
        cur.execute(f"INSERT INTO quiz_attempts ({', '.join(RECORD_COLUMNS)}) VALUES "
                    f"({', '.join([m] * len(RECORD_COLUMNS))}) ON CONFLICT DO NOTHING", _values(attempt))
        return cur.rowcount == 1

    def _lock_candidate(self, cur, candidate: str, exam: str) -> None:
        """Hold the candidate's attempts at an exam until the transaction ends (SQLite: every
        write transaction holds the file already)."""

    def take_over(self, attempt: AttemptRecord, page: str) -> bool:
        """Make ``page`` the one page that may write to an open attempt; the page that held it is
        refused at its next write. Return False when the results can't be written (``problem``).

        Raise ``AttemptClosed`` when the attempt has ended meanwhile.
        """
        with self._lock:
            taken = self._transaction(lambda cur: self._seize(cur, attempt.id, page))
            if taken is None:
                return False
            if not taken:
                raise AttemptClosed(attempt.id, "ended")
            self.closed.pop(attempt.id, None)  # a page that lost it may take it back
            self._records[attempt.id] = replace(attempt, page=page)
            return True

    def _seize(self, cur, attempt: str, page: str) -> bool:
        m = self.MARK
        cur.execute(f"UPDATE quiz_attempts SET page = {m} WHERE id = {m} AND ended IS NULL", (page, attempt))
        return cur.rowcount == 1

    def attempts_used(self, candidate: str, exam: str) -> int:
        """Count the attempts a candidate has started at an exam (ended or under way)."""
        return sum(r.mode == "exam" for r in self.records(exam, candidate))

    def _transaction(self, work):
        """Return what ``work(cursor)`` returns in one write transaction; None when it can't be run."""
        try:
            con = self._connect()
            try:
                cur = con.cursor()
                self._begin(cur)
                done = work(cur)
                con.commit()
            finally:
                con.close()
        except self.ERRORS as exc:
            self._fail(exc)
            return None
        return done

    def mark_part(self, learner: str, lesson: str, part: str, first_try: bool | None) -> bool:
        """Keep that a learner finished one part of a lesson (a check: whether on the first try).

        The best finish is kept: a check right on the first try on a later visit replaces a miss,
        and a miss never replaces a first-try right.
        """
        # Under the lock: a write in another thread (a board's save) marks what it wrote as written
        # when it ends, so a part added while it runs would never be written.
        with self._lock:
            self._parts.append((learner, lesson, part, None if first_try is None else int(first_try), time.time()))
            return self._sync()

    def lesson_parts(self, learner: str) -> dict[str, dict[str, bool | None]]:
        """Return what a learner finished: lesson -> part -> first try (None for a task).

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.mark_part("Ana", "01-what-energy-is", "where-it-lives", False)
        True
        >>> ResultStore(s.path).lesson_parts("Ana")
        {'01-what-energy-is': {'where-it-lives': False}}
        >>> s.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
        True
        >>> ResultStore(s.path).lesson_parts("Ana")
        {'01-what-energy-is': {'where-it-lives': True}}
        """
        rows = self._select("lesson_parts", ("lesson", "part", "first_try"), {"learner": learner},
                            ("done_at",))
        out: dict[str, dict[str, bool | None]] = {}
        for lesson, part, first in [*rows, *(r[1:4] for r in self._parts if r[0] == learner)]:
            kept = out.setdefault(lesson, {})
            kept[part] = better(kept.get(part), None if first is None else bool(first))
        return out

    def save_board(self, learner: str, lesson: str, part: str, moves: str) -> bool:
        """Keep the moves a learner has made on a lesson task's board (replacing the last ones kept)."""
        with self._lock:  # as in mark_part: a change made while another thread writes would be lost
            self._boards[(learner, lesson, part)] = moves
            self._boards_changed.add((learner, lesson, part))
            return self._sync()

    def board(self, learner: str, lesson: str, part: str) -> str | None:
        """Return the moves kept for a learner's task board, or None.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.save_board("Ana", "01-what-energy-is", "get-and-pay", "[]")
        True
        >>> ResultStore(s.path).board("Ana", "01-what-energy-is", "get-and-pay")
        '[]'
        """
        if (learner, lesson, part) in self._boards:
            return self._boards[(learner, lesson, part)]
        rows = self._select("lesson_boards", ("moves",), {"learner": learner, "lesson": lesson, "part": part})
        return rows[0][0] if rows else None

    def save_drawn(self, learner: str, lesson: str, part: str, drawn: dict) -> bool:
        """Keep what a learner was asked in a lesson part and what they answered (a before question:
        its question id, variant seed and answers), replacing what was kept, so a new page asks the
        same. It is a row of ``lesson_boards`` (a part's state so far), so every store holds it as
        it holds a task's moves: in the file or the database, and in recovery files.
        """
        return self.save_board(learner, lesson, part, json.dumps(drawn, sort_keys=True))

    def drawn(self, learner: str, lesson: str, part: str) -> dict | None:
        """Return what ``save_drawn`` kept for a learner's lesson part, or None (none kept, or not
        one it wrote).

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.save_drawn("Ana", "02-cant-pay-more", "before:E2", {"question": "q-1", "seed": 7})
        True
        >>> ResultStore(s.path).drawn("Ana", "02-cant-pay-more", "before:E2")
        {'question': 'q-1', 'seed': 7}
        >>> ResultStore(s.path).drawn("Ben", "02-cant-pay-more", "before:E2") is None
        True
        """
        text = self.board(learner, lesson, part)
        try:
            kept = json.loads(text) if text else None
        except ValueError:
            return None
        return kept if isinstance(kept, dict) else None

    def save_review(self, learner: str, kind: str, item: str, card: str, due: float, review: tuple,
                    write: bool = True) -> bool:
        """Keep a learner's review of one item: its scheduler card as JSON, when it is due next, and
        the review's row of the log (rating, reviewed_at, seconds, scheduled_days); return False when
        it is only kept in memory for now (``problem`` says why), as an answer is. Not to ``write``
        now holds it for the store's next write (the answer it goes with: one transaction).

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.save_review("k", "ruling", "E2", '{"card_id": 1}', 9.0, (3, 5.0, 4.2, 0.0))
        True
        >>> again = ResultStore(s.path)
        >>> again.review_cards("k"), [r[1:4] for r in again.review_log("k")]
        ([('ruling', 'E2', '{"card_id": 1}', 9.0)], [('ruling', 'E2', 3)])
        """
        with self._lock:  # as in mark_part: a change made while another thread writes would be lost
            self._cards[(learner, kind, item)] = (card, float(due))
            self._cards_changed.add((learner, kind, item))
            rating, at, seconds, days = review
            self._log.append((learner, kind, item, int(rating), float(at), float(seconds), float(days)))
            return self._sync() if write else self.problem is None

    def review_cards(self, learner: str | None = None) -> list[tuple]:
        """Return a learner's review cards (every learner's: None) as (kind, item, card, due), with the
        learner first when every learner's are asked for; those not written yet included."""
        where = {} if learner is None else {"learner": learner}
        columns = TABLES["review_cards"] if learner is None else TABLES["review_cards"][1:]
        kept = {tuple(r[:len(columns) - 2]): r for r in self._select("review_cards", columns, where, ("due",))}
        for (who, kind, item), (card, due) in self._cards.items():
            if learner is None or who == learner:
                key = (who, kind, item) if learner is None else (kind, item)
                kept[key] = (*key, card, due)
        return sorted(kept.values(), key=lambda r: (r[-1], r[:-2]))

    def review_log(self, learner: str | None = None) -> list[tuple]:
        """Return the review log, oldest first: (learner, kind, item, rating, reviewed_at, seconds,
        scheduled_days), a learner's (or every learner's: None), those not written yet included."""
        where = {} if learner is None else {"learner": learner}
        rows = self._select("review_log", TABLES["review_log"], where, ("reviewed_at",))
        kept = {(r[0], r[1], r[2], r[4]) for r in rows}
        pending = [r for r in self._log if (learner is None or r[0] == learner) and (*r[:3], r[4]) not in kept]
        return sorted([*rows, *pending], key=lambda r: r[4])

    def save_parameters(self, learner: str, parameters: list[float], reviews: int, at: float) -> bool:
        """Keep the scheduler's parameters fitted to a learner's own review log (``reviews`` long,
        fitted at ``at``), in place of any kept before; return False when only kept in memory for now.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.save_parameters("k", [0.5, 1.25], 400, 9.0)
        True
        >>> ResultStore(s.path).parameters("k"), ResultStore(s.path).parameters("other")
        ([0.5, 1.25], None)
        """
        with self._lock:
            self._fitted[learner] = (json.dumps([float(p) for p in parameters]), int(reviews), float(at))
            self._fitted_changed.add(learner)
            return self._sync()

    def parameters(self, learner: str) -> list[float] | None:
        """Return the scheduler's parameters fitted to a learner's log, or None: none kept (or a
        kept row that is not a list of numbers, which the scheduler's defaults then stand for)."""
        text: str | None
        if learner in self._fitted:
            text = self._fitted[learner][0]
        else:
            rows = self._select("review_parameters", ("parameters",), {"learner": learner}, ())
            text = rows[0][0] if rows else None
        try:
            kept = json.loads(text) if text else None
        except ValueError:
            return None
        if not isinstance(kept, list) or not kept or any(isinstance(p, bool) or not isinstance(p, (int, float))
                                                         for p in kept):
            return None
        return [float(p) for p in kept]

    def save_setting(self, learner: str, setting: str, value: str) -> bool:
        """Keep one of a learner's settings (``language``: the language they chose), in place of the
        one kept before; return False when only kept in memory for now.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.save_setting("k", "language", "ja")
        True
        >>> ResultStore(s.path).setting("k", "language"), ResultStore(s.path).setting("other", "language")
        ('ja', None)
        """
        with self._lock:
            self._settings[(learner, setting)] = str(value)
            self._settings_changed.add((learner, setting))
            return self._sync()

    def setting(self, learner: str, setting: str) -> str | None:
        """Return one of a learner's settings as kept, or None: never set."""
        if (learner, setting) in self._settings:
            return self._settings[(learner, setting)]
        rows = self._select("learner_settings", ("value",), {"learner": learner, "setting": setting}, ())
        return str(rows[0][0]) if rows else None

    def every_lesson_part(self) -> list[tuple]:
        """Return every learner's finished lesson parts, (learner, lesson, part, first_try, done_at),
        oldest first: what the trainer's learning gain is made of.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> _ = s.mark_part("Ana", "02-cant-pay-more", "before:E2", False)
        >>> [r[:4] for r in ResultStore(s.path).every_lesson_part()]
        [('Ana', '02-cant-pay-more', 'before:E2', 0)]
        """
        rows = self._select("lesson_parts", TABLES["lesson_parts"], {}, ("done_at",))
        kept = {r[:3] for r in rows}
        return [*rows, *(r for r in self._parts if r[:3] not in kept)]

    def _sync(self) -> bool:
        """Write whatever of this store's rows the file lacks; say whether the file has them all."""
        with self._lock:
            was_failing = self.problem is not None
            try:
                refused = self._write()
            except self.ERRORS as exc:
                self._fail(exc)
                self._keep()
                self._retry_later()
                return False
            for attempt, reason in refused.items():
                self.closed[attempt] = reason
                self._records.pop(attempt, None)
                self._answers.pop(attempt, None)
            self.problem = None
            self.recovered = was_failing
            if was_failing:
                self._recovery.unlink(missing_ok=True)
            return True

    # --- what a failed write leaves behind: retries, and a recovery file ---

    def _recovery_prefix(self) -> Path:
        """Return where this store's recovery files go, as a path whose name is their prefix."""
        return self.path.with_name(self.path.name + ".unsaved-")

    def _keep(self) -> None:
        """Write everything this store holds to its recovery file, so that a store started after
        this kernel has ended writes it (``_replay``)."""
        rows = {"quiz_attempts": [list(_values(r)) for r in self._records.values()],
                "attempts": [list(r) for rows in self._answers.values() for r in rows],
                "lesson_parts": [list(r) for r in self._parts],
                "lesson_boards": [[*k, v] for k, v in self._boards.items()],
                "review_cards": [[*k, *v] for k, v in self._cards.items()],
                "review_log": [list(r) for r in self._log],
                "review_parameters": [[k, *v] for k, v in self._fitted.items()],
                "learner_settings": [[*k, v] for k, v in self._settings.items()]}
        try:
            self._recovery.parent.mkdir(parents=True, exist_ok=True)
            part = self._recovery.with_suffix(".part")
            # 0600: the rows hold learner keys; only the account running the kernels reads them
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                os.fchmod(f.fileno(), 0o600)  # a .part left by an older kernel keeps its mode otherwise
                f.write(json.dumps(rows))
            os.replace(part, self._recovery)
        except OSError:
            self.problem = (self.problem or "") + (" They can't be kept on this machine's disk either: keep this page open "
                             "until this message goes.")

    def _replay(self) -> None:
        """Take in what stores that ended with rows unsaved left in recovery files, and write it."""
        prefix = self._recovery_prefix()
        try:
            found = sorted(prefix.parent.glob(glob.escape(prefix.name) + "*.json"))
        except OSError:
            return
        claimed = []
        for f in found:
            mine = f.with_name(f"{f.name}.{self._recovery.stem[-12:]}")
            try:
                os.rename(f, mine)  # one store replays each file
            except OSError:
                continue  # gone to another store
            try:
                self._take_in(read_recovery(mine))
            except RecoveryRefused as exc:
                aside = f.with_name(f.name + ".refused")
                log.warning("Results: the recovery file %s was not replayed (%s); it is kept as %s.", f, exc, aside)
                try:
                    os.replace(mine, aside)
                except OSError:
                    pass
                continue
            except OSError:
                continue
            claimed.append((f, mine))
        if not claimed:
            return
        if self._sync():  # written: this store holds no rows of its own yet, and keeps none of these
            self._records, self._answers, self._parts, self._boards = {}, {}, [], {}
            self._cards, self._log, self._fitted, self._settings = {}, [], {}, {}
            self._parts_from = self._log_from = 0
        for f, mine in claimed:
            if self.problem is None or self._recovery.exists():
                mine.unlink(missing_ok=True)
            else:
                os.replace(mine, f)

    def carry_in(self, rows: dict[str, list[list]]) -> bool:
        """Write the rows another store kept (each table's, as ``store_rows`` returns them) in one
        transaction, as they were kept; return False when they can't be written now (``problem``
        says why): they are then kept and tried again as any unsaved answer is.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.carry_in({"lesson_parts": [["Ana", "01-what-energy-is", "where-it-lives", 1, 5.0]]})
        True
        >>> ResultStore(s.path).lesson_parts("Ana")
        {'01-what-energy-is': {'where-it-lives': True}}
        """
        with self._lock:
            self._take_in({t: rows.get(t, []) for t in _ROW_TYPES})
            self._replayed = set()  # not a kernel's unsaved rows, checked against the results: kept rows
            return self._sync()

    def _take_in(self, rows: dict) -> None:
        """Hold a recovery file's rows to be written, in time linear in their number. They are
        written as replayed (``_replayed``): an exam attempt only where its row is in the results and
        open, held by the page that wrote the file, and no answer to an attempt outside it."""
        for r in rows["quiz_attempts"]:
            if r[0] not in self._records:
                self._records[r[0]] = AttemptRecord(*r)
                self._replayed.add(r[0])
                self._changed.add(r[0])
        seen = {s: set(kept) for s, kept in self._answers.items()}
        for r in rows["attempts"]:
            row = tuple(r)
            have = seen.setdefault(row[1], set())
            if row not in have:
                have.add(row)
                self._answers.setdefault(row[1], []).append(row)
                self._changed.add(row[1])
        self._parts += [tuple(r) for r in rows["lesson_parts"]]
        for r in rows["lesson_boards"]:
            self._boards[tuple(r[:3])] = r[3]
            self._boards_changed.add(tuple(r[:3]))
        for r in rows["review_cards"]:
            self._cards[tuple(r[:3])] = (r[3], r[4])
            self._cards_changed.add(tuple(r[:3]))
        self._log += [tuple(r) for r in rows["review_log"]]
        for r in rows["review_parameters"]:
            self._fitted[r[0]] = (r[1], r[2], r[3])
            self._fitted_changed.add(r[0])
        for r in rows["learner_settings"]:
            self._settings[(r[0], r[1])] = r[2]
            self._settings_changed.add((r[0], r[1]))

    def _retry_later(self) -> None:
        if self._retrying or sys.platform == "emscripten":  # the browser's Python has no threads
            return
        self._retrying = True
        threading.Thread(target=self._keep_trying, name="rulesdojo-results-retry", daemon=True).start()

    def _keep_trying(self) -> None:
        while True:
            time.sleep(RETRY)
            with self._lock:
                if self.problem is None or self._sync():
                    self._retrying = False
                    break
        for listener in list(self.listeners):
            listener()

    def _begin(self, cur) -> None:
        """Start the write: one writer at a time, so an answer is never written twice."""
        cur.execute("BEGIN IMMEDIATE")

    def _insert(self, table: str) -> str:
        """Return the SQL that writes one row of ``table``: a row with the same key is replaced
        (``REPLACED``) or kept as it is."""
        columns, keys = TABLES[table], KEYS[table]
        best = BEST.get(table)
        action = (f"DO UPDATE SET {', '.join(f'{c} = excluded.{c}' for c in columns if c not in keys)}"
                  if table in REPLACED else
                  f"DO UPDATE SET {best} = excluded.{best} WHERE excluded.{best} > {table}.{best}" if best
                  else "DO NOTHING")
        return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join([self.MARK] * len(columns))}) "
                f"ON CONFLICT ({', '.join(keys)}) {action}")

    def _write(self) -> dict[str, str]:
        """Write what changed since this store's last write (everything, when the file lacks some of
        what it wrote); return the attempts whose writes were refused, and why."""
        con = self._connect()
        try:
            cur = con.cursor()
            self._begin(cur)
            m = self.MARK
            row = cur.execute(f"SELECT n FROM store_writes WHERE store = {m}", (self._id,)).fetchone()
            whole = (row[0] if row else 0) != self._writes  # the file lost some of what this store wrote
            sessions = [*self._records, *(s for s in self._answers if s not in self._records)] if whole else \
                sorted(self._changed)
            refused = {}
            for session in sessions:
                rec = self._records.get(session)
                reason = (self._write_attempt(cur, rec) if rec is not None else
                          self._write_loose_answers(cur, session, self._answers.get(session, [])))
                if reason:
                    refused[session] = reason
            cur.executemany(self._insert("lesson_parts"), self._parts if whole else self._parts[self._parts_from:])
            boards = self._boards if whole else {k: self._boards[k] for k in self._boards_changed if k in self._boards}
            cur.executemany(self._insert("lesson_boards"), [(*k, v) for k, v in boards.items()])
            cards = self._cards if whole else {k: self._cards[k] for k in self._cards_changed if k in self._cards}
            cur.executemany(self._insert("review_cards"), [(*k, *v) for k, v in cards.items()])
            cur.executemany(self._insert("review_log"), self._log if whole else self._log[self._log_from:])
            fitted = self._fitted if whole else {k: self._fitted[k] for k in self._fitted_changed if k in self._fitted}
            cur.executemany(self._insert("review_parameters"), [(k, *v) for k, v in fitted.items()])
            settings = self._settings if whole else {k: self._settings[k] for k in self._settings_changed
                                                     if k in self._settings}
            cur.executemany(self._insert("learner_settings"), [(*k, v) for k, v in settings.items()])
            cur.execute(f"INSERT INTO store_writes (store, n) VALUES ({m}, {m}) "
                        f"ON CONFLICT (store) DO UPDATE SET n = excluded.n", (self._id, self._writes + 1))
            con.commit()
        finally:
            con.close()
        self._written()
        return refused

    def _written(self) -> None:
        """Count a write that went through: what changed is in the file now."""
        self._writes += 1
        self._changed = set()
        self._parts_from = len(self._parts)
        self._boards_changed = set()
        self._cards_changed = set()
        self._fitted_changed = set()
        self._settings_changed = set()
        self._log_from = len(self._log)
        self._replayed = set()

    def _write_loose_answers(self, cur, session: str, rows: list[tuple]) -> str | None:
        """Write answers this store holds no attempt row for (results from before attempt rows, or
        a recovery file's): never to an attempt the results hold (its answers go through its row's
        guard). Return why not, else None."""
        m = self.MARK
        held = cur.execute(f"SELECT ended FROM quiz_attempts WHERE id = {m}", (session,)).fetchone()
        if held is not None:
            if rows:
                log.warning("Results: %d answer(s) to attempt %s, written with no hold on it, were refused.",
                            len(rows), session)
            return "ended" if held[0] is not None else "taken"
        self._write_answers(cur, session, rows)
        return None

    def _write_attempt(self, cur, rec: AttemptRecord) -> str | None:
        """Write an attempt's answers and row, if it is open and this page holds it; else return
        why not ("ended" or "taken")."""
        m = self.MARK
        if rec.id in self._replayed and rec.mode == "exam":
            # An exam attempt is in the results from its start (it can't start otherwise): a
            # recovery file's exam attempt that isn't there never happened, and is not made.
            if cur.execute(f"SELECT 1 FROM quiz_attempts WHERE id = {m}", (rec.id,)).fetchone() is None:
                log.warning("Results: a recovery file's exam attempt %s that the results don't hold was refused.",
                            rec.id)
                return "ended"
        cur.execute(f"INSERT INTO quiz_attempts ({', '.join(RECORD_COLUMNS)}) VALUES "
                    f"({', '.join([m] * len(RECORD_COLUMNS))}) ON CONFLICT DO NOTHING",
                    _values(replace(rec, ended=None, ended_by=None, score=None)))  # a file deleted mid-exam
        # The guard, which also holds the row until the end of the transaction:
        cur.execute(f"UPDATE quiz_attempts SET page = page WHERE id = {m} AND ended IS NULL AND page = {m}",
                    (rec.id, rec.page))
        if cur.rowcount != 1:
            row = cur.execute(f"SELECT ended, page FROM quiz_attempts WHERE id = {m}", (rec.id,)).fetchone()
            if row and row[0] is not None and row[1] == rec.page and row[0] == rec.ended:
                return None  # this page ended it, at an earlier write
            return "ended" if row and row[0] is not None else "taken"
        self._write_answers(cur, rec.id, self._answers.get(rec.id, []))
        changed = [c for c in RECORD_COLUMNS if c != "id"]
        cur.execute(f"UPDATE quiz_attempts SET {', '.join(f'{c} = {m}' for c in changed)} "
                    f"WHERE id = {m} AND ended IS NULL AND page = {m}",
                    (*(getattr(rec, c) for c in changed), rec.id, rec.page))
        return None

    def _write_answers(self, cur, session: str, rows: list[tuple]) -> None:
        have = set(cur.execute(f"SELECT question, answered_at FROM attempts WHERE session = {self.MARK}",
                               (session,)).fetchall())
        cur.executemany(f"INSERT INTO attempts ({', '.join(COLUMNS)}) VALUES "
                        f"({', '.join([self.MARK] * len(COLUMNS))})",
                        [r for r in rows if (r[3], r[8]) not in have])

    def _select(self, table: str, columns: tuple, where: dict, order: tuple = ()) -> list[tuple]:
        """Return ``columns`` of the rows of ``table`` equal to ``where``, sorted by ``order`` (then
        as written)."""
        sql = (f"SELECT {', '.join(columns)} FROM {table} "
               f"{'WHERE ' + ' AND '.join(f'{c} = {self.MARK}' for c in where) if where else ''} "
               f"{'ORDER BY ' + ', '.join(order) + self.ROW_ORDER if order else ''}")
        return self._query(sql, tuple(where.values()))

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        def run():
            con = self._connect()
            try:
                return con.execute(sql, args).fetchall()
            finally:
                con.close()
        return self._reading(run)

    def _reading(self, read) -> list:
        """Return what ``read()`` reads from the file; none (saying why) when the file can't be read."""
        try:
            return read()
        except self.ERRORS as exc:
            self._fail(exc)
            return []

    def _rows(self, where: dict) -> list[Attempt]:
        rows = self._select("attempts", COLUMNS, where, ("answered_at",))
        return [Attempt(*r[:6], bool(r[6]), *r[7:]) for r in rows]  # type: ignore[call-arg]  # a row holds the fields in order

    def history(self, candidate: str) -> list[Attempt]:
        """Return one candidate's answers, oldest first."""
        return self._rows({"candidate": candidate})

    def learner_history(self, learner_key: str) -> list[Attempt]:
        """Return the practice answers given from one browser (its learner key), oldest first.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> _ = s.save_attempt(AttemptRecord("p1", "", "Ana", "practice", 1.0, learner_key="k"))
        >>> _ = s.record("Ana", "p1", "practice", "q-1", 7, "3", True, 4.2)
        >>> [a.question for a in s.learner_history("k")], s.learner_history("other")
        (['q-1'], [])
        """
        if not learner_key:
            return []
        mine = [r.id for r in self.records(exam="") if r.mode == "practice" and r.learner_key == learner_key]
        return sorted((a for session in mine for a in self.answers(session)), key=lambda a: a.answered_at)

    def attempts(self) -> list[Attempt]:
        """Return every answer, oldest first."""
        return self._rows({})

    def answers(self, session: str) -> list[Attempt]:
        """Return one attempt's answers in the order given."""
        return self._rows({"session": session})

    def records(self, exam: str | None = None, candidate: str | None = None) -> list[AttemptRecord]:
        """Return attempt rows (optionally one exam's, one candidate's), oldest first."""
        where = {c: v for c, v in (("exam", exam), ("candidate", candidate)) if v is not None}
        return [AttemptRecord(*r) for r in self._select("quiz_attempts", RECORD_COLUMNS, where, ("started", "id"))]

    def open_attempt(self, candidate: str, exam: str) -> AttemptRecord | None:
        """Return the candidate's unfinished attempt at an exam, if there is one."""
        open_ = [r for r in self.records(exam, candidate) if r.ended is None]
        return open_[-1] if open_ else None


#: where a spreadsheet may start a formula: the cell's start, or after a separator it splits on
#: (``;``, ``,``, a tab or a line break, and any spaces), before ``=``, ``+``, ``-``, ``@``, a tab or a
#: carriage return (a line break too: a cell pasted or split by lines starts a formula on each line)
FORMULA = re.compile(r"(^|[;,\t\r\n])( *)(?=[=+\-@\t\r])")


def better(kept, new):
    """Return the better of two results of one lesson part: a right first try over a miss.

    >>> better(False, True), better(True, False), better(None, None)
    (True, True, None)
    """
    if kept is None or (new is not None and new > kept):
        return new
    return kept


def csv_cell(value) -> str:
    """Escape every place a spreadsheet would start a formula with a leading quote, as OWASP
    advises: the cell's start and after each ``;``, ``,``, tab or line break in it.

    >>> csv_cell("=1+1"), csv_cell("-1"), csv_cell("x;=1+1"), csv_cell("Ana")
    ("'=1+1", "'-1", "x;'=1+1", 'Ana')
    >>> csv_cell("1\\n=1+1"), csv_cell("1\\r\\n @SUM(A1)")
    ("1\\n'=1+1", "1\\r\\n '@SUM(A1)")
    """
    return FORMULA.sub(r"\1\2'", str(value))


def difficulty(attempts: list[Attempt]) -> dict[str, float]:
    """Return each question's share answered right (0 to 1)."""
    tally: dict[str, list[int]] = {}
    for a in attempts:
        tally.setdefault(a.question, []).append(int(a.correct))
    return {q: sum(v) / len(v) for q, v in tally.items()}
