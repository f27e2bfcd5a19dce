"""Quiz results in SQLite: every answer with who, when, which question and variant, and how long,
and every attempt (one sitting of practice or an exam) with its state, so that it can be resumed.

Tables: ``attempts`` holds one row per answer (``session`` is the attempt's id), ``quiz_attempts``
one row per attempt. The store never stops a quiz: if the database can't be opened or written
(damaged, locked for too long, read-only), ``problem`` says why in plain words, the answers are kept
in memory, and they are written as soon as the file can take them.

Where Python has no ``sqlite3`` (the practice site, in the browser), ``ResultStore()`` gives a
``JsonResultStore``: the same rows, kept in one JSON file. Given a ``postgresql://`` URL (as the path
or in ``$RULESDOJO_RESULTS``), it gives a ``PostgresResultStore`` (``rulesdojo.quiz.pgstore``): the
same tables and SQL in a database that machines share.
"""

from __future__ import annotations

import csv
import json
import os
import sys
try:
    import sqlite3
    DB_ERRORS: tuple = (sqlite3.Error, OSError)
except ImportError:  # the practice site's Python, in the browser, is built without it
    sqlite3 = None
    DB_ERRORS = (OSError,)
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
    state TEXT NOT NULL
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
"""
#: each table's columns, as the readers return them
TABLES = {"lesson_parts": ("learner", "lesson", "part", "first_try", "done_at"),
          "lesson_boards": ("learner", "lesson", "part", "moves")}
COLUMNS = ("candidate", "session", "mode", "question", "seed", "answer", "correct", "seconds",
           "answered_at")
RECORD_COLUMNS = ("id", "exam", "candidate", "mode", "started", "deadline", "ended", "ended_by", "score",
                  "total", "state")
TABLES.update(attempts=COLUMNS, quiz_attempts=RECORD_COLUMNS)
#: how each table's rows are told apart: a row with the same key replaces (or, for answers and
#: finished parts, is already) the one kept
KEYS = {"attempts": ("session", "question", "answered_at"), "quiz_attempts": ("id",),
        "lesson_parts": ("learner", "lesson", "part"), "lesson_boards": ("learner", "lesson", "part")}
REPLACED = {"quiz_attempts", "lesson_boards"}
#: results kept in a PostgreSQL database rather than a file
URL_SCHEMES = ("postgresql://", "postgres://")
#: where the practice site keeps progress: a folder kept in the browser's storage (see ``browser``)
BROWSER_FOLDER = "/rulesdojo-progress"


def is_url(where) -> bool:
    """Tell whether results go to a database server (a URL) rather than a file.

    >>> is_url("postgresql://dojo@db.example/results"), is_url("/srv/dojo/results.sqlite3")
    (True, False)
    """
    return isinstance(where, str) and where.startswith(URL_SCHEMES)


def default_path() -> Path:
    """Where results go unless told otherwise: $RULESDOJO_RESULTS, else the user's data folder."""
    env = os.environ.get("RULESDOJO_RESULTS")
    if env:
        return Path(env)
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "rulesdojo" / "results.sqlite3"


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

    @property
    def learner_key(self) -> str:
        """Return the key of the browser that started the attempt ("" under a configured identity).

        >>> AttemptRecord("a1", "", "Ana", "exam", 0.0, state='{"learner_key": "k"}').learner_key
        'k'
        """
        try:
            state = json.loads(self.state)
        except ValueError:
            return ""
        key = state.get("learner_key", "") if isinstance(state, dict) else ""
        return key if isinstance(key, str) else ""


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

    ERRORS = DB_ERRORS  # what the file can fail with, which the store reports and outlives
    MARK = "?"  # the driver's placeholder for a value in SQL
    ROW_ORDER = ", rowid"  # rows written at the same instant come back in the order written
    PLACE = "file"

    def __new__(cls, path=None, *args, **kwargs):
        if cls is ResultStore:
            if is_url(str(path) if path else os.environ.get("RULESDOJO_RESULTS")):
                from .pgstore import PostgresResultStore
                cls = PostgresResultStore
            elif sqlite3 is None:
                cls = JsonResultStore
        return super().__new__(cls)

    def __init__(self, path: str | Path | None = None, timeout: float = 10.0):
        self.path = self._place(path)
        self.timeout = timeout
        self.problem: str | None = None
        self.recovered = False  # set when answers kept in memory have just been written
        self._answers: dict[str, list[tuple]] = {}
        self._records: dict[str, AttemptRecord] = {}
        self._parts: list[tuple] = []  # lesson parts finished: (learner, lesson, part, first_try, done_at)
        self._boards: dict[tuple[str, str, str], str] = {}  # a task's moves so far, by (learner, lesson, part)

    @staticmethod
    def _place(path) -> Path:
        return Path(path) if path else default_path()

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
        would not know (None here: the server keeps them)."""
        return None

    @property
    def unsaved(self) -> int:
        """How many answers are kept in memory because the file couldn't take them (0 when saving)."""
        return sum(len(rows) for rows in self._answers.values()) if self.problem else 0

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            con.execute("PRAGMA journal_mode = WAL")  # readers don't block the writers
            con.executescript(SCHEMA)  # a deleted or replaced file gets its tables back
        except BaseException:
            con.close()
            raise
        return con

    def _fail(self, exc: Exception) -> None:
        self.problem = (f"Results are not being saved: {self._why(exc)}: {self.where}. Your answers are "
                        f"kept here and will be saved when the {self.PLACE} can be written; ask your "
                        "mentor to check it.")

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
        self._answers.setdefault(session, []).append(row)
        return self._sync()

    def save_attempt(self, attempt: AttemptRecord) -> bool:
        """Save (or update) an attempt's row; return False when it is only kept in memory."""
        self._records[attempt.id] = attempt
        return self._sync()

    def mark_part(self, learner: str, lesson: str, part: str, first_try: bool | None) -> bool:
        """Keep that a learner finished one part of a lesson (a check: whether on the first try).

        The first finish is kept; finishing the part again changes nothing.
        """
        self._parts.append((learner, lesson, part, None if first_try is None else int(first_try), time.time()))
        return self._sync()

    def lesson_parts(self, learner: str) -> dict[str, dict[str, bool | None]]:
        """Return what a learner finished: lesson -> part -> first try (None for a task).

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> s.mark_part("Ana", "01-what-energy-is", "where-it-lives", False)
        True
        >>> ResultStore(s.path).lesson_parts("Ana")
        {'01-what-energy-is': {'where-it-lives': False}}
        """
        rows = self._select("lesson_parts", ("lesson", "part", "first_try"), {"learner": learner},
                            ("done_at",))
        out: dict[str, dict[str, bool | None]] = {}
        for lesson, part, first in [*rows, *(r[1:4] for r in self._parts if r[0] == learner)]:
            out.setdefault(lesson, {}).setdefault(part, None if first is None else bool(first))
        return out

    def save_board(self, learner: str, lesson: str, part: str, moves: str) -> bool:
        """Keep the moves a learner has made on a lesson task's board (replacing the last ones kept)."""
        self._boards[(learner, lesson, part)] = moves
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

    def _sync(self) -> bool:
        """Write whatever of this store's rows the file lacks; say whether the file has them all."""
        was_failing = self.problem is not None
        try:
            self._write()
        except self.ERRORS as exc:
            self._fail(exc)
            return False
        self.problem = None
        self.recovered = was_failing
        return True

    def _begin(self, cur) -> None:
        """Start the write: one writer at a time, so an answer is never written twice."""
        cur.execute("BEGIN IMMEDIATE")

    def _insert(self, table: str) -> str:
        """Return the SQL that writes one row of ``table``: a row with the same key is replaced
        (``REPLACED``) or kept as it is."""
        columns, keys = TABLES[table], KEYS[table]
        action = (f"DO UPDATE SET {', '.join(f'{c} = excluded.{c}' for c in columns if c not in keys)}"
                  if table in REPLACED else "DO NOTHING")
        return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join([self.MARK] * len(columns))}) "
                f"ON CONFLICT ({', '.join(keys)}) {action}")

    def _write(self) -> None:
        con = self._connect()
        try:
            cur = con.cursor()
            self._begin(cur)
            cur.executemany(self._insert("quiz_attempts"),
                            [tuple(getattr(rec, c) for c in RECORD_COLUMNS) for rec in self._records.values()])
            for session, rows in self._answers.items():
                have = set(cur.execute(f"SELECT question, answered_at FROM attempts WHERE session = {self.MARK}",
                                       (session,)).fetchall())
                cur.executemany(f"INSERT INTO attempts ({', '.join(COLUMNS)}) VALUES "
                                f"({', '.join([self.MARK] * len(COLUMNS))})",
                                [r for r in rows if (r[3], r[8]) not in have])
            cur.executemany(self._insert("lesson_parts"), self._parts)
            cur.executemany(self._insert("lesson_boards"), [(*k, v) for k, v in self._boards.items()])
            con.commit()
        finally:
            con.close()

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
        return [Attempt(*r[:6], bool(r[6]), *r[7:]) for r in rows]

    def history(self, candidate: str) -> list[Attempt]:
        """Return one candidate's answers, oldest first."""
        return self._rows({"candidate": candidate})

    def learner_history(self, learner_key: str) -> list[Attempt]:
        """Return the practice answers given from one browser (its learner key), oldest first.

        >>> import tempfile; s = ResultStore(Path(tempfile.mkdtemp()) / "r.sqlite3")
        >>> _ = s.save_attempt(AttemptRecord("p1", "", "Ana", "practice", 1.0, state='{"learner_key": "k"}'))
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

    def export_csv(self, target) -> int:
        """Write every answer as CSV to a path or an open text file; return the number of rows.

        Cells that a spreadsheet would read as a formula are escaped (OWASP, CSV injection).
        """
        rows = self.attempts()
        own = isinstance(target, (str, Path))
        f = open(target, "w", newline="", encoding="utf-8") if own else target
        try:
            w = csv.writer(f)
            w.writerow(COLUMNS)
            for a in rows:
                w.writerow([csv_cell(x) for x in (
                    a.candidate, a.session, a.mode, a.question, a.seed, a.answer, int(a.correct),
                    f"{a.seconds:.1f}", time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(a.answered_at)))])
        finally:
            if own:
                f.close()
        return len(rows)



class JsonResultStore(ResultStore):
    """Keep the same rows as ``ResultStore`` in one JSON file, for a Python without ``sqlite3``.

    The whole file is read and written again on each change (one learner's practice: small). A
    damaged file is set aside beside it (``.damaged``) and a new one started, with a plain message.

    >>> import tempfile; p = Path(tempfile.mkdtemp()) / "progress.json"
    >>> JsonResultStore(p).mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
    True
    >>> JsonResultStore(p).lesson_parts("Ana")
    {'01-what-energy-is': {'where-it-lives': True}}
    """

    ERRORS = (OSError,)

    def __init__(self, path: str | Path | None = None, timeout: float = 10.0):
        super().__init__(path, timeout)
        self.damaged: str | None = None  # what was found wrong with the file, once set aside

    @staticmethod
    def _place(path) -> Path:
        return Path(path) if path else default_path().with_suffix(".json")

    @property
    def kept(self) -> str:
        if sys.platform != "emscripten":
            where = f"Your answers and progress are kept in {self.path}."
        elif self.path.parent == Path(BROWSER_FOLDER):
            where = ("Your answers and progress are kept in this browser, for this site only; clearing "
                     "the site's data in the browser forgets them.")
        else:
            where = "Your answers and progress are kept only while this page is open: this browser can't store them."
        return f"{self.damaged} {where}" if self.damaged else where

    def _load(self) -> dict[str, list[list]]:
        """Return the file's tables; set a damaged file aside and start again (saying so)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {t: [] for t in TABLES}
        try:
            tables = json.loads(text)
            if not (isinstance(tables, dict) and all(
                    isinstance(tables.get(t, []), list) and all(
                        isinstance(r, list) and len(r) == len(c) for r in tables.get(t, []))
                    for t, c in TABLES.items())):
                raise ValueError("not a Rules Dojo progress file")
        except ValueError as exc:
            aside = self.path.with_name(self.path.name + ".damaged")
            os.replace(self.path, aside)
            self.damaged = (f"The saved progress was damaged ({exc}), so it was set aside as {aside} and "
                            "started again: what was done before is not shown.")
            return {t: [] for t in TABLES}
        return {t: tables.get(t, []) for t in TABLES}

    def _write(self) -> None:
        tables = self._load()
        rows = {"quiz_attempts": [[getattr(r, c) for c in RECORD_COLUMNS] for r in self._records.values()],
                "attempts": [list(r) for answers in self._answers.values() for r in answers],
                "lesson_parts": [list(r) for r in self._parts],
                "lesson_boards": [[*k, v] for k, v in self._boards.items()]}
        for table, new in rows.items():
            key = [TABLES[table].index(c) for c in KEYS[table]]
            kept = {tuple(r[i] for i in key): r for r in tables[table]}
            for r in new:
                k = tuple(r[i] for i in key)
                if table in REPLACED or k not in kept:
                    kept[k] = r
            tables[table] = list(kept.values())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(json.dumps(tables), encoding="utf-8")
        os.replace(part, self.path)  # a reload mid-write leaves the last whole file

    def _select(self, table: str, columns: tuple, where: dict, order: tuple = ()) -> list[tuple]:
        rows = self._reading(lambda: self._load()[table])
        names = TABLES[table]
        found = [dict(zip(names, r)) for r in rows]
        found = [r for r in found if all(r[c] == v for c, v in where.items())]
        found.sort(key=lambda r: tuple(r[c] for c in order))
        return [tuple(r[c] for c in columns) for r in found]


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value) -> str:
    """Escape a cell a spreadsheet would run as a formula: a leading quote, as OWASP advises.

    >>> csv_cell("=1+1"), csv_cell("-1"), csv_cell("Ana")
    ("'=1+1", "'-1", 'Ana')
    """
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def difficulty(attempts: list[Attempt]) -> dict[str, float]:
    """Return each question's share answered right (0 to 1)."""
    tally: dict[str, list[int]] = {}
    for a in attempts:
        tally.setdefault(a.question, []).append(int(a.correct))
    return {q: sum(v) / len(v) for q, v in tally.items()}
