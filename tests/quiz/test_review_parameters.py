"""A learner's own scheduler parameters: kept per learner in the results (SQLite, PostgreSQL, the
browser's store), used by that learner's deck and no one else's; `rulesdojo review optimize` fits
them, and says plainly when the optimizer isn't installed."""

from __future__ import annotations

import sys

import pytest
from fsrs import Rating
from fsrs.scheduler import DEFAULT_PARAMETERS

from rulesdojo import cli
from rulesdojo.quiz import review
from rulesdojo.quiz.review import RULING, T0, Deck, load, record
from rulesdojo.quiz.store import BROWSER_RESULTS, ResultStore

#: a learner who forgets fast: FSRS's defaults with the first-review stabilities (days) cut a tenth
FORGETFUL = [p / 10 if i < 4 else p for i, p in enumerate(DEFAULT_PARAMETERS)]


def reviewed(store: ResultStore, learner: str) -> None:
    deck = Deck()
    deck.review(RULING, "E2", Rating.Good, T0, 30.0)
    assert record(store, learner, deck)


def due_after_a_good_review(deck: Deck) -> float:
    deck.review(RULING, "E5", Rating.Good, T0, 30.0)
    deck.review(RULING, "E5", Rating.Good, T0 + 600, 30.0)
    return (deck.cards[(RULING, "E5")].due.timestamp() - T0) / review.DAY


def test_a_learners_parameters_are_kept_and_used_by_their_deck_only(results):
    store = ResultStore(results.where)
    reviewed(store, "k1")
    reviewed(store, "k2")
    assert store.save_parameters("k1", FORGETFUL, 400, T0)
    again = ResultStore(results.where)
    assert again.parameters("k1") == pytest.approx(FORGETFUL) and again.parameters("k2") is None
    mine, theirs = load(again, "k1"), load(again, "k2")
    assert list(mine.scheduler.parameters) == pytest.approx(FORGETFUL)
    assert list(theirs.scheduler.parameters) == pytest.approx(list(DEFAULT_PARAMETERS))
    assert due_after_a_good_review(mine) < due_after_a_good_review(theirs)


def test_parameters_fitted_again_replace_those_kept(results):
    store = ResultStore(results.where)
    assert store.save_parameters("k1", FORGETFUL, 400, T0)
    assert store.save_parameters("k1", DEFAULT_PARAMETERS, 800, T0 + 1)
    assert ResultStore(results.where).parameters("k1") == pytest.approx(list(DEFAULT_PARAMETERS))


def test_parameters_the_scheduler_refuses_leave_the_learner_on_the_defaults(tmp_path):
    store = ResultStore(tmp_path / "r.sqlite3")
    reviewed(store, "k1")
    assert store.save_parameters("k1", [1000.0] * len(DEFAULT_PARAMETERS), 400, T0)
    assert list(load(ResultStore(store.path), "k1").scheduler.parameters) == pytest.approx(list(DEFAULT_PARAMETERS))


def test_parameters_wait_in_memory_and_a_recovery_file_while_the_store_is_damaged(results):
    store = ResultStore(results.where)
    reviewed(store, "k1")
    results.damage()
    assert not store.save_parameters("k1", FORGETFUL, 400, T0) and store.problem
    results.repair()
    assert ResultStore(results.where).parameters("k1") == pytest.approx(FORGETFUL)


def test_in_the_browsers_store_the_parameters_are_kept_in_its_file(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    store = ResultStore(tmp_path / BROWSER_RESULTS)
    assert store.save_parameters("k1", FORGETFUL, 400, T0)
    assert ResultStore(store.path).parameters("k1") == pytest.approx(FORGETFUL)


def test_the_cli_says_plainly_that_the_optimizer_is_not_installed(tmp_path, capsys):
    store = ResultStore(tmp_path / "r.sqlite3")
    reviewed(store, "k1")
    assert cli.main(["review", "optimize", "--learner", "k1", "--results", str(store.path)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == ("rulesdojo review optimize: Optimizing a learner's parameters needs the optimizer: "
                           "pip install 'fsrs[optimizer]'")
    assert ResultStore(store.path).parameters("k1") is None


def test_the_cli_keeps_parameters_fitted_from_a_long_enough_log(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(review, "optimized_parameters", lambda deck: FORGETFUL)  # the optimizer's answer
    store = ResultStore(tmp_path / "r.sqlite3")
    reviewed(store, "k1")
    assert cli.main(["review", "optimize", "--learner", "k1", "--results", str(store.path)]) == 1
    assert f"has 1 reviews; parameters are fitted from {review.MIN_REVIEWS} on" in capsys.readouterr().err
    deck = Deck()
    for n in range(review.MIN_REVIEWS):
        deck.review(RULING, "E2", Rating.Good, T0 + 600 * n, 30.0)
    assert record(store, "k2", deck)
    assert cli.main(["review", "optimize", "--learner", "k2", "--results", str(store.path)]) == 0
    assert "Parameters fitted to 400 reviews of learner 'k2' and kept" in capsys.readouterr().out
    assert list(load(ResultStore(store.path), "k2").scheduler.parameters) == pytest.approx(FORGETFUL)


def test_the_cli_names_a_learner_with_no_reviews_and_a_missing_results_file(tmp_path, capsys):
    store = ResultStore(tmp_path / "r.sqlite3")
    reviewed(store, "k1")
    assert cli.main(["review", "optimize", "--learner", "nobody", "--results", str(store.path)]) == 1
    assert "No reviews of learner 'nobody' in the results." in capsys.readouterr().err
    assert cli.main(["review", "optimize", "--learner", "k1", "--results", str(tmp_path / "none.sqlite3")]) == 2
    assert "no results file at" in capsys.readouterr().err
