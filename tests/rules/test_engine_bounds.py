"""The engine's work on one action is bounded: an order is chosen one object at a time, and a small
uploaded scenario can't make the engine list millions of answers or try millions of orders."""

import time
import tracemalloc
from itertools import islice

import pytest

from rulesdojo.rules import (AdvanceStep, CastSpell, DeclareAttackers, DeclareBlockers, Game, IllegalAction,
                             OrderReplacements, OrderTriggers, PassPriority, PlayLand)
from rulesdojo.rules import checks, choices
from rulesdojo.rules.errors import CannotPay
from rulesdojo.rules.game import ANSWERS_LISTED
from rulesdojo.rules.statics import CounterReplacement
from rulesdojo.scenarios.scenario import SETUP_OBJECTS, SETUP_PLAYERS, Scenario, start
from rulesdojo.state import GameModel

ARCHITECTS = """\
name: Ten Architects
setup:
  players:
    - name: Alice
      hand: [Forest]
      battlefield: [{architects}]
    - name: Nadia
actions:
  - play: Forest
"""

REPLACEMENTS = """\
name: replacements
cards: [Corpsejack Menace, Hardened Scales, Battlegrowth, Grizzly Bears]
setup:
  players:
    - name: Alice
      mana: "{{G}}"
      hand: [Battlegrowth]
      battlefield: [{effects}, Grizzly Bears]
    - name: Nadia
actions:
  - cast: Battlegrowth
    target: Grizzly Bears
  - resolve
"""


def measured(work):
    """Run ``work()``; return what it returns, the CPU seconds it took and its peak bytes allocated."""
    tracemalloc.start()
    began = time.process_time()
    try:
        done = work()
        seconds = time.process_time() - began
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return done, seconds, peak


def upload(text: str) -> tuple[GameModel, float, int]:
    """Load ``text`` as the sandbox loads an upload; return the model, the CPU seconds and peak bytes."""
    model = GameModel.empty()
    loaded, seconds, peak = measured(lambda: model.load_upload("attack.yaml", text.encode()))
    assert loaded, model.error
    return model, seconds, peak


def engine_only(text: str) -> tuple[Game, float, int]:
    """Set up ``text``'s position and play its actions in the engine alone (no model, no listing)."""
    return measured(lambda: start(Scenario.from_text(text, source="attack.yaml")))


def architects(n: int) -> str:
    return ARCHITECTS.format(architects=", ".join(["Architect of the Untamed"] * n))


def replacements(k: int) -> str:
    half = ["Corpsejack Menace"] * (k - k // 2) + ["Hardened Scales"] * (k // 2)
    return REPLACEMENTS.format(effects=", ".join(half))


def test_ten_landfall_triggers_in_an_upload_list_ten_answers_not_every_order():
    """N1: 10 Architects and a land listed 3.6 million orders (1.9 GB); now one answer per trigger."""
    game, _, _ = engine_only(architects(10))
    assert game.pending.kind == "order_triggers" and len(game.pending.options) == 10
    assert len(list(islice(game.legal_actions, 11))) == 10
    model, seconds, peak = upload(architects(10))
    assert len(model.legal) == 10
    assert all(text.startswith("Put on the stack first: Architect of the Untamed") for _, text, _ in model.legal)
    assert peak < 20_000_000 and seconds < 10


def test_twelve_replacement_effects_in_an_upload_are_asked_one_at_a_time():
    """N1: 12 counter replacement effects tried all 12! orders to see if the order mattered."""
    model, seconds, peak = upload(replacements(12))
    game = model.game
    assert game.pending.kind == "order_replacements" and len(game.pending.options) == 12
    assert len(list(islice(game.legal_actions, 13))) == 12 and len(model.legal) == 12
    assert peak < 20_000_000 and seconds < 10


def test_nine_replacement_effects_are_not_tried_in_every_order(monkeypatch):
    """The probe's k = 9 took 5.3 s (9! orders of 9 changes each); now the order is found to matter
    after a few tries, and the choice lists 9 answers, not 362,880."""
    changes = []
    real = CounterReplacement.change
    monkeypatch.setattr(CounterReplacement, "change", lambda self, n: changes.append(n) or real(self, n))
    game, _, peak = engine_only(replacements(9))
    assert game.pending.kind == "order_replacements"
    assert len(changes) < 1_000 and peak < 20_000_000
    assert len(list(islice(game.legal_actions, 10))) == 9


def test_the_trigger_order_is_chosen_one_at_a_time_and_each_step_undoes():
    g = Game(["Alice", "Nadia"])
    for name in ("Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"):
        g.add_permanent("Alice", name)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    ids = {t.name: t.id for t in g.state.waiting}
    g.apply(OrderTriggers((ids["Lotus Cobra"],)))
    assert g.pending.kind == "order_triggers"
    assert set(g.pending.options) == {ids["Architect of the Untamed"], ids["Steppe Lynx"]}
    assert g.log[-1].text == "Alice puts Lotus Cobra on the stack first; 2 more to order."
    assert g.stack == ()
    g.apply(OrderTriggers((ids["Steppe Lynx"],)))  # one left: it takes the last place at once
    assert g.pending is None
    assert [s.name for s in g.stack] == ["Lotus Cobra", "Steppe Lynx", "Architect of the Untamed"]
    assert any(ev.text == "Alice puts them on the stack in this order: Lotus Cobra then Steppe Lynx then "
               "Architect of the Untamed. The last one put on the stack resolves first." for ev in g.log)
    g.undo()
    assert g.stack == () and set(g.pending.options) == {ids["Architect of the Untamed"], ids["Steppe Lynx"]}
    g.undo()
    assert len(g.pending.options) == 3


def test_a_whole_order_in_one_answer_is_still_accepted():
    g = Game(["Alice", "Nadia"])
    for name in ("Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"):
        g.add_permanent("Alice", name)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    ids = {t.name: t.id for t in g.state.waiting}
    g.apply(OrderTriggers((ids["Lotus Cobra"], ids["Steppe Lynx"], ids["Architect of the Untamed"])))
    assert g.pending is None
    assert [s.name for s in g.stack] == ["Lotus Cobra", "Steppe Lynx", "Architect of the Untamed"]


@pytest.mark.parametrize("answer", [(), (99,), "x"])
def test_an_order_naming_nothing_or_a_stranger_is_refused_and_changes_nothing(answer):
    g = Game(["Alice", "Nadia"])
    for name in ("Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"):
        g.add_permanent("Alice", name)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(OrderTriggers(answer))
    assert exc.value.rule == "603.3b" and g.snapshot() == before


def bears_with(*names):
    g = Game(["Alice", "Nadia"])
    ids = [g.add_permanent("Alice", n) for n in names]
    bears = g.add_permanent("Alice", "Grizzly Bears")
    g.set_player("Alice", mana={"G": 1})
    g.apply(CastSpell(g.add_card("Alice", "Battlegrowth"), (bears,)))
    g.apply(PassPriority())
    g.apply(PassPriority())
    return g, ids, bears


def test_replacement_effects_are_chosen_one_at_a_time_and_stop_asking_once_the_rest_commute():
    """CR 616.1f: after Hardened Scales is applied first, the two doublers left give the same either way."""
    g, (menace, scales, season), bears = bears_with("Corpsejack Menace", "Hardened Scales", "Doubling Season")
    assert g.pending.kind == "order_replacements" and len(list(g.legal_actions)) == 3
    g.apply(OrderReplacements((scales,)))
    assert g.pending is None
    assert g.permanent(bears).counters == {"+1/+1": 8}  # (1 + 1) x 2 x 2


def test_one_replacement_at_a_time_gives_what_the_whole_order_gives():
    g, (menace, scales, season), bears = bears_with("Corpsejack Menace", "Hardened Scales", "Doubling Season")
    g.apply(OrderReplacements((menace, scales, season)))
    whole = g.permanent(bears).counters
    g.undo()
    g.apply(OrderReplacements((menace,)))
    assert g.pending.kind == "order_replacements" and set(g.pending.options) == {scales, season}
    g.apply(OrderReplacements((scales,)))
    assert g.pending is None and g.permanent(bears).counters == whole == {"+1/+1": 6}  # 1 x 2 + 1, x 2


def test_twelve_alike_replacement_effects_ask_nothing():
    g, _, bears = bears_with(*["Hardened Scales"] * 12)
    assert g.pending is None and g.permanent(bears).counters == {"+1/+1": 13}


ATTACKERS = """\
name: attackers
setup:
  step: beginning of combat
  players:
    - name: Alice
      battlefield: [{bears}]
    - name: Nadia
actions:
  - advance: declare attackers
"""


def test_thirty_creatures_that_can_attack_list_a_bounded_number_of_answers():
    """2^30 sets of attackers: the listing stops at ANSWERS_LISTED and says it was cut."""
    text = ATTACKERS.format(bears=", ".join(["Grizzly Bears"] * 30))
    game, _, _ = engine_only(text)
    assert game.pending.kind == "declare_attackers"
    listing = game.legal_actions
    assert len(list(islice(listing, ANSWERS_LISTED + 1))) == ANSWERS_LISTED and listing.cut
    model, seconds, peak = upload(text)
    assert len(model.legal) == ANSWERS_LISTED and peak < 20_000_000 and seconds < 10
    last = model.game.state.battlefield[29].id
    assert model.answer(model.pending, [last])  # an answer past those listed is taken
    assert [p.card for p in model.game.state.battlefield if p.attacking] == ["Grizzly Bears"]


def test_blockers_are_offered_only_the_attackers_they_may_block(monkeypatch):
    """Fourteen blockers and one flyer: one answer (no blocks), found without trying 2^14 products."""
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    g.add_permanent("Alice", "Air Elemental")
    for _ in range(14):
        g.add_permanent("Nadia", "Grizzly Bears")
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((g.state.battlefield[0].id,)))
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert g.pending.kind == "declare_blockers"
    tried = []
    real = choices._blocks
    monkeypatch.setattr(choices, "_blocks", lambda *a: tried.append(a) or real(*a))
    assert list(g.legal_actions) == [DeclareBlockers(())]
    assert len(tried) < 100


def test_paying_for_a_spell_tries_few_payments_with_many_alike_lands(monkeypatch):
    """Emeria Angel ({2}{W}{W}) with 18 Forests can't be paid: every subset of Forests was tried."""
    g = Game(["Alice", "Nadia"])
    for _ in range(18):
        g.add_permanent("Alice", "Forest")
    g.add_card("Alice", "Emeria Angel")
    tried = []
    real = checks.pay_from_pool
    monkeypatch.setattr(checks, "pay_from_pool", lambda *a, **k: tried.append(a) or real(*a, **k))
    assert not any(isinstance(a, CastSpell) for a in g.legal_actions)
    assert len(tried) < 1_000


def test_a_payment_with_too_many_ways_is_refused_in_words_and_changes_nothing(monkeypatch):
    monkeypatch.setattr(checks, "PLANS_TRIED", 3)
    g = Game(["Alice", "Nadia"])
    for land in ("Forest", "Plains", "Island", "Mountain", "Swamp"):
        g.add_permanent("Alice", land)
    angel = g.add_card("Alice", "Emeria Angel")
    before = g.snapshot()
    with pytest.raises(CannotPay) as exc:
        g.apply(CastSpell(angel))
    assert exc.value.rule == "601.2g" and "tap the mana yourself first" in str(exc.value)
    assert g.snapshot() == before


def test_an_upload_that_sets_up_more_cards_than_the_bound_is_refused_in_words():
    """Each action's work grows with the board: 120 replacement effects took 6.5 s to load."""
    model = GameModel.empty()
    before = model.game.snapshot()
    assert not model.load_upload("attack.yaml", replacements(SETUP_OBJECTS).encode())
    assert f"a scenario sets up at most {SETUP_OBJECTS}" in model.error and "Traceback" not in model.error
    assert model.game.snapshot() == before
    model, seconds, peak = upload(replacements(SETUP_OBJECTS - 2))  # the largest board allowed
    assert model.game.pending.kind == "order_replacements" and len(model.legal) == SETUP_OBJECTS - 2


def test_an_upload_with_more_players_than_the_bound_is_refused_in_words():
    """Passing goes round every player and copies the game each time: 800 players took 13 s."""
    others = "\n".join(f"    - name: P{i}" for i in range(SETUP_PLAYERS - 1))
    text = f"name: many\nsetup:\n  players:\n    - name: Alice\n      hand: [Forest]\n{others}\n"
    assert GameModel.empty().load_upload("ok.yaml", text.encode())
    model = GameModel.empty()
    assert not model.load_upload("many.yaml", (text + "    - name: One too many\n").encode())
    assert f"a scenario has at most {SETUP_PLAYERS}" in model.error


def test_alike_sources_of_any_color_pay_with_few_tries(monkeypatch):
    """Eight Birds of Paradise and Vorinclex ({4}{G}{G}): every color of every Bird was tried (437,500)."""
    g = Game(["Alice", "Nadia"])
    for _ in range(8):
        g.add_permanent("Alice", "Birds of Paradise")
    vorinclex = g.add_card("Alice", "Vorinclex, Monstrous Raider")
    tried = []
    real = checks.pay_from_pool
    monkeypatch.setattr(checks, "pay_from_pool", lambda *a, **k: tried.append(a) or real(*a, **k))
    assert CastSpell(vorinclex) in list(g.legal_actions)
    assert len(tried) < 1_000
    g.apply(CastSpell(vorinclex))
    assert [s.name for s in g.stack] == ["Vorinclex, Monstrous Raider"]
    assert sum(p.tapped for p in g.state.battlefield) == 6
