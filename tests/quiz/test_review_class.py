"""Spaced review for a simulated class with known forgetting curves: the schedule brings weak rulings
back more often than strong ones, the recall it predicts matches the recall simulated, and the
mentor's retention table says what the class did."""

from __future__ import annotations

import csv
import io
import statistics
import time

import pytest

from rulesdojo.cli import main as rulesdojo
from rulesdojo.quiz import load_bank
from rulesdojo.quiz.retention import MEASURED_AFTER, retention_rows
from rulesdojo.quiz.review import RULING, record, utc
from rulesdojo.quiz.store import ResultStore

import simulated_class
from simulated_class import DAY, REVIEW_DAYS, STRONG, T0, WEAK

BANK = load_bank()
END = T0 + REVIEW_DAYS * DAY


@pytest.fixture(scope="module")
def simulated():
    return simulated_class.practise_reviews(BANK)


def _reviews(decks, ruling: str) -> float:
    """The mean number of reviews of a ruling's card per learner."""
    return statistics.mean(sum(r.kind == RULING and r.item == ruling for r in d.log) for d in decks.values())


def test_weak_rulings_are_reviewed_more_often_than_strong_ones(simulated):
    decks, _seen = simulated
    assert min(_reviews(decks, r) for r in WEAK) > 1.1 * max(_reviews(decks, r) for r in STRONG)


def test_predicted_recall_matches_simulated_recall(simulated):
    _decks, seen = simulated
    error, bins = simulated_class.calibration(seen)
    assert sum(n for _b, n, _p, _ok in bins) > 1000 and len(bins) >= 3  # predictions spread over several tenths, not all near 1
    assert error < 0.1, bins


def test_a_class_that_forgets_faster_than_predicted_is_caught_by_the_same_measure():
    """The calibration error can fail: learners whose memories hardly grow with practice recall far
    less than FSRS's default parameters predict."""
    _decks, seen = simulated_class.practise_reviews(BANK, learning=0.4, learners=20)
    error, bins = simulated_class.calibration(seen)
    assert error > 0.1, bins


def test_the_mentors_retention_table_says_what_the_class_did(simulated, tmp_path, capsys, monkeypatch):
    decks, seen = simulated
    some = dict(list(decks.items())[:4])  # four learners' reviews, written through the store
    path = tmp_path / "r.sqlite3"
    store = ResultStore(path)
    for learner, deck in some.items():
        deck.changed = [r for r in deck.log if r.kind == RULING]
        assert record(store, learner, deck)
    monkeypatch.setattr(time, "time", lambda: END)
    assert rulesdojo(["results", "export", "--format", "csv", "--table", "retention", "--results", str(path)]) == 0
    rows = {r["ruling"]: r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert sorted(rows) == sorted([*WEAK, *STRONG]) and {r["learners"] for r in rows.values()} == {"4"}
    for ruling, row in rows.items():
        held = [d.cards[(RULING, ruling)] for d in some.values()]
        today = [d.scheduler.get_card_retrievability(c, utc(END)) for d, c in
                 zip(some.values(), held)]
        assert float(row["recall_today"]) == pytest.approx(statistics.mean(today), abs=1e-4)
        assert float(row["recall_in_30_days"]) < float(row["recall_today"])
    weak_30 = max(float(rows[r]["recall_in_30_days"]) for r in WEAK)
    assert weak_30 < min(float(rows[r]["recall_in_30_days"]) for r in STRONG)


def test_retention_measured_is_the_share_right_on_reviews_due_after_a_week(simulated):
    decks, seen = simulated
    cards = [(k, kind, item, c.to_json(), c.due.timestamp()) for k, d in decks.items()
             for (kind, item), c in d.cards.items()]
    log = [(k, r.kind, r.item, r.rating, r.reviewed_at, r.seconds, r.scheduled_days)
           for k, d in decks.items() for r in d.log]
    rows = {r.ruling: r for r in retention_rows(cards, log, END)}
    for ruling in [*WEAK, *STRONG]:
        late = [right for r, _p, right, given, _elapsed in seen if r == ruling and given >= MEASURED_AFTER]
        assert rows[ruling].reviews == len(late) > 0
        assert rows[ruling].retained == pytest.approx(sum(late) / len(late), abs=1e-4)


def test_retention_with_no_reviews_yet_is_a_header_alone(tmp_path, capsys):
    path = tmp_path / "r.sqlite3"
    assert ResultStore(path).record("Ana", "s1", "practice", "q-1", 1, "1", True, 2.0)
    assert rulesdojo(["results", "export", "--format", "json", "--table", "retention", "--results", str(path)]) == 0
    assert capsys.readouterr().out == '{\n  "retention": []\n}\n'
    assert rulesdojo(["results", "export", "--format", "csv", "--table", "retention", "--results", str(path)]) == 0
    assert capsys.readouterr().out.strip() == ('"ruling","name","learners","recall_today","recall_in_30_days",'
                                               '"reviews","retained"')
