"""The results store's backends for the tests: a SQLite file, and a database on a real PostgreSQL
server (Debian's binaries, which `make test` installs) started once for the run in a temporary
folder, reached only through a Unix socket there and, when the tests run as root, run as `nobody`.

Each backend can do to its store what an operator or an accident does: set the results aside
(deleted) and put the old copy back, damage them and repair them, hold a lock on them.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

ADMIN = "rulesdojo"
TABLES = ("attempts", "quiz_attempts", "lesson_parts", "lesson_boards")


def _postgres_bin() -> Path:
    """Return the folder of the newest PostgreSQL server installed (Debian's layout, else the PATH)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"),
                   key=lambda p: int(p.parents[1].name) if p.parents[1].name.isdigit() else 0)
    if found:
        return found[-1].parent
    on_path = shutil.which("postgres")
    if on_path:
        return Path(on_path).resolve().parent
    pytest.fail("No PostgreSQL server is installed: `make test` installs Debian's postgresql "
                "(or run `apt-get install postgresql`).")


class PostgresServer:
    """One server for the whole run: `initdb` and `postgres` in a fresh folder, no TCP port."""

    def __init__(self):
        self.bin = _postgres_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="rulesdojo-pg-"))
        self.run_as: dict = {}
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            nobody = pwd.getpwnam("nobody")
            os.chown(self.dir, nobody.pw_uid, nobody.pw_gid)
            self.run_as = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
        self.log = self.dir / "server.log"
        self._names = itertools.count(1)
        self.proc: subprocess.Popen | None = None

    def url(self, database: str) -> str:
        return f"postgresql:///{database}?host={self.dir}&user={ADMIN}"

    def start(self) -> None:
        env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C"}
        subprocess.run([self.bin / "initdb", "-D", self.dir / "data", "-U", ADMIN, "-A", "trust", "-E", "UTF8",
                        "--locale=C", "--no-sync"], cwd=self.dir, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **self.run_as)
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [self.bin / "postgres", "-D", self.dir / "data", "-k", self.dir, "-c", "listen_addresses=",
                 "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                 "-c", "max_connections=50", "-c", "shared_buffers=16MB"],
                cwd=self.dir, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                **self.run_as)
        self._wait_until_up()

    def _wait_until_up(self, timeout: float = 60.0) -> None:
        import psycopg
        until = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url("postgres")).close()
                return
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > until:
                    raise RuntimeError(f"PostgreSQL did not start:\n{self.log.read_text(errors='replace')[-3000:]}")
                time.sleep(0.1)

    def sql(self, database: str, *statements: str) -> None:
        """Run statements in their own transaction, as the operator would in psql."""
        import psycopg
        with psycopg.connect(self.url(database), autocommit=database == "postgres") as con:
            for s in statements:
                con.execute(s)

    def new_database(self) -> str:
        name = f"results_{next(self._names)}"
        self.sql("postgres", f"CREATE DATABASE {name}")
        return name

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown: clients are cut, nothing is kept
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server():
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()


class SqliteResults:
    """The results in one SQLite file."""

    def __init__(self, tmp_path: Path):
        self.where = tmp_path / "results.sqlite3"
        self.shown = str(self.where)  # how a message names it
        self._aside = tmp_path / "backup.sqlite3"
        self._good = b""

    def set_aside(self) -> None:
        self.where.rename(self._aside)

    def put_back(self) -> None:
        self._aside.replace(self.where)

    def damage(self) -> None:
        self._good = self.where.read_bytes() if self.where.exists() else b""
        self.where.write_bytes(b"this is not a database at all" * 100)

    def repair(self) -> None:
        self.where.write_bytes(self._good)

    @contextlib.contextmanager
    def locked(self):
        import sqlite3
        holder = sqlite3.connect(self.where, isolation_level=None)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()


class PostgresResults:
    """The results in a database of their own on the test server: set aside into another schema,
    damaged by tables of another shape in their place, locked by a transaction holding them."""

    def __init__(self, server: PostgresServer):
        self.server = server
        self.database = server.new_database()
        self.where = server.url(self.database)
        self.shown = f"the PostgreSQL database {self.database}"

    def _move(self, to: str, frm: str, replace: bool) -> None:
        self.server.sql(self.database, f"CREATE SCHEMA IF NOT EXISTS {to}",
                        *(f"DROP TABLE IF EXISTS {to}.{t}" for t in TABLES if replace),
                        *(f"ALTER TABLE IF EXISTS {frm}.{t} SET SCHEMA {to}" for t in TABLES))

    def set_aside(self) -> None:
        self._move("aside", "public", replace=False)

    def put_back(self) -> None:
        self._move("public", "aside", replace=True)

    def damage(self) -> None:
        self._move("aside", "public", replace=False)
        self.server.sql(self.database, *(f"CREATE TABLE {t} (junk TEXT)" for t in TABLES))

    def repair(self) -> None:
        self.put_back()

    @contextlib.contextmanager
    def locked(self):
        import psycopg
        with psycopg.connect(self.where) as holder:  # a transaction, rolled back on leaving
            holder.execute("LOCK TABLE attempts IN ACCESS EXCLUSIVE MODE")
            yield
            holder.rollback()


@pytest.fixture(params=["sqlite", "postgresql"])
def results(request, tmp_path):
    """Where a store keeps its results, on each backend, with what can be done to them."""
    if request.param == "sqlite":
        return SqliteResults(tmp_path)
    return PostgresResults(request.getfixturevalue("postgres_server"))
