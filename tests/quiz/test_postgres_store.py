"""The results store in PostgreSQL, where it differs from a file: chosen by a URL (given or in
$RULESDOJO_RESULTS, kept as given for the kernels), a database not there yet or read-only waits
with the answers in memory, and a password in the URL is never shown. The behaviour shared with
the SQLite store is tested on both in test_store.py; without psycopg, serving them says what to
install."""

import os
import sys

import pytest

from rulesdojo.cli import main
from rulesdojo.kit import Kit
from rulesdojo.serve.identity import Source
from rulesdojo.quiz.pgstore import PostgresResultStore
from rulesdojo.quiz.store import ResultStore
from rulesdojo.serve.serving import candidate_env


def _answer(store, n):
    return store.record("Ana", "att-1", "exam", f"q-{n}", n, str(n), True, 1.0)


def test_a_url_in_the_environment_chooses_the_database(postgres_server, monkeypatch):
    url = postgres_server.url(postgres_server.new_database())
    monkeypatch.setenv("RULESDOJO_RESULTS", url)
    store = Kit.from_environment().store()  # the kernel's kit, from the channel the server sets
    assert isinstance(store, PostgresResultStore)
    assert _answer(store, 1)
    assert [a.question for a in ResultStore(url).answers("att-1")] == ["q-1"]
    assert candidate_env(Source("typed"), url)["RULESDOJO_RESULTS"] == url


def test_a_database_not_there_yet_keeps_answers_until_it_is_made(postgres_server):
    name = f"later_{postgres_server.new_database()}"
    store = ResultStore(postgres_server.url(name))
    assert not _answer(store, 1) and not _answer(store, 2)
    assert "can't be reached" in store.problem and f"database {name}" in store.problem
    assert "kept" in store.problem and store.unsaved == 2 and store.history("Ana") == []
    postgres_server.sql("postgres", f"CREATE DATABASE {name}")
    assert _answer(store, 3) and store.recovered and store.problem is None
    assert [a.question for a in ResultStore(store.path).answers("att-1")] == ["q-1", "q-2", "q-3"]


def test_a_read_only_database_keeps_answers_until_it_can_be_written(postgres_server):
    name = postgres_server.new_database()
    store = ResultStore(postgres_server.url(name))
    assert _answer(store, 1)
    postgres_server.sql("postgres", f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    assert not _answer(store, 2)
    assert "can't be written" in store.problem and store.unsaved == 2
    assert [a.question for a in store.history("Ana")] == ["q-1"]  # reading still works
    postgres_server.sql("postgres", f"ALTER DATABASE {name} RESET default_transaction_read_only")
    assert _answer(store, 3) and store.recovered
    assert [a.question for a in ResultStore(store.path).answers("att-1")] == ["q-1", "q-2", "q-3"]


def test_a_password_in_the_url_is_never_shown():
    store = ResultStore("postgresql://dojo:s3cret-word@127.0.0.1:1/results", timeout=0.5)
    assert not _answer(store, 1)
    assert "can't be reached" in store.problem and "127.0.0.1:1" in store.problem
    assert "s3cret" not in store.problem and "s3cret" not in store.where


def test_serving_results_in_postgresql_without_psycopg_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as where it is not installed
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--results", "postgresql://dojo@db.example/results"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "pip install 'rulesdojo[postgresql]'" in err and "Traceback" not in err
