"""What views and lessons ask the model for: each choice answered with a plain value, the legal
actions taken by key, the turn moved on; only a broken rule is refused, a bug is not hidden."""

import pytest

from rulesdojo.state import GameModel


def board(alice, nadia=None, **setup):
    return GameModel.from_scenario({"name": "intents", "setup": {
        "players": [{"name": "Alice", **alice}, {"name": "Nadia", **(nadia or {})}], **setup}})


def key_of(m, label):
    return next(k for k, text, _oid in m.legal if text == label)


def test_triggers_are_ordered_with_their_ids_top_of_the_stack_last():
    m = board({"hand": ["Forest"], "battlefield": ["Architect of the Untamed", "Steppe Lynx"]})
    assert m.play(key_of(m, "Play Forest"))
    p = m.pending
    assert p["form"] == "order" and len(p["options"]) == 2
    lynx = next(t["id"] for t in m.waiting if t["name"].startswith("Steppe Lynx"))
    first = next(i for i in p["options"] if i != lynx)
    assert m.answer(p, (first, lynx))
    assert m.pending is None and m.stack[0]["name"].startswith("Steppe Lynx")  # put there last: on top


def test_attackers_then_a_payment_are_answered_with_ids_and_yes():
    m = board({"energy": 1, "battlefield": ["Voltaic Brawler"]}, {})
    assert m.advance("declare attackers")
    p = m.pending
    brawler = next(x["id"] for x in m.battlefield if x["card"] == "Voltaic Brawler")
    assert p["form"] == "several" and p["options"] == [brawler]
    assert m.answer(p, (brawler,)) and m.pass_all()
    assert m.pending["form"] == "pay" and m.answer(m.pending, True)
    assert m.energy_of("Alice") == 0
    brawler_now = next(x for x in m.battlefield if x["card"] == "Voltaic Brawler")
    assert (brawler_now["power"], brawler_now["toughness"]) == (4, 3)


def test_an_amount_is_a_number_and_too_much_is_refused_by_the_rule():
    m = board({"energy": 2, "hand": ["Galvanic Discharge"], "battlefield": ["Mountain"]},
              {"battlefield": ["Grizzly Bears"]})
    cast = next(k for k, text, _oid in m.legal if text.startswith("Cast Galvanic Discharge"))
    assert m.play(cast) and m.pass_all()
    p = m.pending
    assert p["form"] == "amount"
    assert not m.answer(p, p["high"] + 1) and m.error_rule == "118.3" and m.pending == p
    assert m.answer(p, p["high"]) and m.pending is None


def test_an_answer_to_a_choice_no_longer_waiting_is_refused_and_changes_nothing():
    m = board({"hand": ["Forest"], "battlefield": ["Architect of the Untamed", "Steppe Lynx"]})
    m.play(key_of(m, "Play Forest"))
    shown = m.pending
    m.answer(shown, tuple(shown["options"]))
    before = m.game.snapshot()
    assert not m.answer(shown, tuple(shown["options"]))
    assert "isn't waiting any more" in m.error and m.game.snapshot() == before


def test_marvel_revealing_jund_charm_is_answered_as_the_legal_actions_offer():
    # CR 608.2g, 700.2a: the charm is cast while Marvel's ability resolves; every answer offered works.
    m = board({"energy": 6, "battlefield": ["Aetherworks Marvel", "Grizzly Bears"],
               "library": ["Forest", "Jund Charm", "Forest", "Forest", "Forest", "Forest", "Forest"]})
    marvel = next(x for x in m.battlefield if x["card"] == "Aetherworks Marvel")
    assert m.play(marvel["actions"][0][0]) and m.pass_all()
    kinds = []
    while m.pending is not None:
        kinds.append(m.pending["kind"])
        assert m.legal and m.play(m.legal[-1][0]), m.error
    assert kinds[:2] == ["marvel", "choose_mode"] and m.error == ""
    assert [item["name"] for item in m.stack] == ["Jund Charm"]


def test_a_bug_is_not_passed_off_as_a_broken_rule(monkeypatch):
    m = GameModel.empty()

    def broken(action):
        raise KeyError("a bug")
    monkeypatch.setattr(m.game, "apply", broken)
    with pytest.raises(KeyError):
        m.get_energy("Alice", 1)


def test_a_turn_shortcut_moves_to_the_next_main_phase_and_undoes_as_one():
    m = board({"battlefield": ["Grizzly Bears"]}, {"library": ["Forest"]}, step="end")
    start, turn = m.game.snapshot(), m.turn
    assert m.advance("next-main")
    assert (m.turn, m.active, m.step) == (turn + 1, "Nadia", "precombat main")
    assert m.undo() and m.game.snapshot() == start
