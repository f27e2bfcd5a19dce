"""A learner's settings (the language they chose) kept per learner in the results: SQLite,
PostgreSQL and the browser's store alike; a write that fails waits in memory and in a recovery file."""

from __future__ import annotations

import sys

from rulesdojo.quiz.store import BROWSER_RESULTS, ResultStore
from rulesdojo.state.language import SETTING


def test_each_learner_keeps_their_own_language_and_a_new_choice_replaces_the_old(results):
    store = ResultStore(results.where)
    assert store.save_setting("k1", SETTING, "es") and store.save_setting("k2", SETTING, "ja")
    assert store.save_setting("k1", SETTING, "ja")
    again = ResultStore(results.where)
    assert [again.setting(k, SETTING) for k in ("k1", "k2", "k3")] == ["ja", "ja", None]
    assert ResultStore(results.where).save_setting("k2", SETTING, "en")
    assert ResultStore(results.where).setting("k2", SETTING) == "en"


def test_a_setting_waits_in_memory_and_a_recovery_file_while_the_store_is_damaged(results):
    store = ResultStore(results.where)
    assert store.save_setting("k1", SETTING, "es")
    results.damage()
    assert not store.save_setting("k1", SETTING, "ja") and store.problem
    assert store.setting("k1", SETTING) == "ja"  # the page goes on in the language chosen
    results.repair()
    assert ResultStore(results.where).setting("k1", SETTING) == "ja"


def test_in_the_browsers_store_the_language_is_kept_in_its_file(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    store = ResultStore(tmp_path / BROWSER_RESULTS)
    assert store.save_setting("k1", SETTING, "ja")
    assert ResultStore(store.path).setting("k1", SETTING) == "ja"
