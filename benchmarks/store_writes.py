"""How long one saved answer takes, in a SQLite file and in PostgreSQL (the tests' server: Debian's
binaries in a temporary folder, a Unix socket): each ``record`` opens a connection, checks the
tables, writes and closes, so this is also how long a write holds a database connection.

    .venv/bin/python benchmarks/store_writes.py --answers 200
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "quiz"))
from common import machine_line  # noqa: E402
from conftest import PostgresServer  # noqa: E402  (the tests' server)

from rulesdojo.quiz.store import ResultStore  # noqa: E402


def timed(where, answers: int) -> dict:
    store = ResultStore(where)
    ms = []
    for i in range(answers):
        t = time.perf_counter()
        assert store.record("Ana", f"s{i // 20}", "exam", f"q-{i}", i, str(i), True, 1.0), store.problem
        ms.append((time.perf_counter() - t) * 1000)
    return {"median_ms": statistics.median(ms), "p95_ms": sorted(ms)[int(len(ms) * 0.95) - 1]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=200)
    args = ap.parse_args(argv)
    server = PostgresServer()
    try:
        server.start()
        out = {"machine": machine_line(), "answers": args.answers,
               "sqlite": timed(Path(tempfile.mkdtemp()) / "results.sqlite3", args.answers),
               "postgresql": timed(server.url(server.new_database()), args.answers)}
    finally:
        server.stop()
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
