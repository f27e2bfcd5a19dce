"""Properties of random games over every shipped card: whatever is played, the rules' invariants hold.

Each example sets up a random position through the scenario format (a few shipped cards in each zone
of each player, random life, energy, mana and turn step) or starts from one of a few boards built
by hand (among them Aetherworks Marvel casting from its library), then plays actions chosen from
``game.legal_actions``, answers to pending choices included, and checks that every listed action
applies or is refused with a ``RulesError`` that changes nothing; that energy and every other counter
is never negative; that ``undo`` gives back the exact state before each action (every field of the
state, compared whole); and that playing the same actions again from the same position reaches the
same state.

``make test`` plays 200 games, ``make test-fast`` 30. ``RULESDOJO_HYPOTHESIS=nightly`` plays 2,000,
longer ones.
"""

import itertools
import os
import random
from dataclasses import fields, is_dataclass

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CastSpell, ChooseAmount, ChooseMana,
                             ChooseObjects, ChoosePay, ChooseTargets, DeclareAttackers,
                             DeclareBlockers, Game, OrderReplacements, OrderTriggers, PassPriority,
                             PlayLand, RulesError)
from rulesdojo.rules.cardset import CardSet
from rulesdojo.rules.game import ZONES
from rulesdojo.rules.objects import IdMap, Log, STEP_NAMES
from rulesdojo.scenarios.scenario import Scenario, build

settings.register_profile("engine", max_examples=200, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("nightly", settings.get_profile("engine"), max_examples=2000)
settings.register_profile("fast", settings.get_profile("engine"), max_examples=30)  # `make test-fast`
PROFILE = settings.get_profile(os.environ.get("RULESDOJO_HYPOTHESIS", "engine"))
# The deadline grows with the number of games: 200 take about a minute on a quiet machine, and a
# loaded one (or the nightly profile's 2,000) must not be cut off by the suite's 300 s default.
WHOLE_RUN = pytest.mark.timeout(max(900, PROFILE.max_examples * 5))
MAX_ACTIONS = 60 if os.environ.get("RULESDOJO_HYPOTHESIS") == "nightly" else 20
LISTED = 60  # legal actions looked at per step (subsets of a large choice can be many)

CARDS = [c.name for c in CardSet.shipped().all_cards()]
PERMANENTS = [c.name for c in CardSet.shipped().all_cards() if not {"Instant", "Sorcery"} & set(c.types)]
# A game set up in the untap or cleanup step waits for nothing a player can do: no player gets
# priority there (CR 502.4, 514.3), so play starts in a step where one does.
PRIORITY_STEPS = [s for s in STEP_NAMES if s not in ("untap", "cleanup")]
LANDS = [c.name for c in CardSet.shipped().all_cards() if "Land" in c.types]


def few(names, most):
    return st.lists(st.sampled_from(names), max_size=most)


@st.composite
def battlefield(draw):
    entries = draw(few(LANDS, 4)) + draw(few(PERMANENTS, 3))
    out = []
    for name in entries:
        e = {"card": name}
        if draw(st.booleans()):
            e["tapped"] = True
        if draw(st.booleans()):
            e["sick"] = True
        out.append(e)
    return out


@st.composite
def player(draw, name):
    p = {"name": name, "life": draw(st.integers(1, 20)), "energy": draw(st.integers(0, 12)),
         "hand": draw(few(CARDS, 4)), "library": draw(few(CARDS, 6)),
         "graveyard": draw(few(CARDS, 2)), "exile": draw(few(CARDS, 1)),
         "battlefield": draw(battlefield())}
    mana = draw(st.lists(st.sampled_from("WUBRGC"), max_size=6))
    if mana:
        p["mana"] = "".join(f"{{{t}}}" for t in mana)
    return p


@st.composite
def positions(draw):
    """A random starting position as a scenario's setup."""
    return {"step": draw(st.sampled_from(PRIORITY_STEPS)), "active": draw(st.sampled_from(["Alice", "Nadia"])),
            "turn": draw(st.integers(1, 5)), "seed": draw(st.integers(0, 3)),
            "players": [draw(player("Alice")), draw(player("Nadia"))]}


def one_of_each_kind(listed):
    """Choose the kind of action and the object it acts on first, so that a spell or an ability is as
    likely as passing, and one land's mana abilities count once."""
    kinds = {}
    for a in listed:
        kinds.setdefault((type(a), getattr(a, "card", getattr(a, "source", None))), []).append(a)
    return st.sampled_from(list(kinds.values())).flatmap(st.sampled_from)


def board(alice, nadia, step="precombat main", **extra):
    return {"step": step, "players": [{"name": "Alice", **alice}, {"name": "Nadia", **nadia}], **extra}


BASICS = ["Forest", "Plains", "Mountain", "Island", "Shock"]
# Positions built by hand, where energy, the stack, landfall, combat and counters meet.
BOARDS = [
    board({"energy": 6, "battlefield": ["Architect of the Untamed", "Mountain", "Mountain", "Aether Hub"],
           "hand": ["Forest", "Aether Hub", "Harnessed Lightning", "Galvanic Discharge", "Shock"],
           "library": BASICS},
          {"energy": 1, "battlefield": ["Grizzly Bears", "Island", "Mountain"],
           "hand": ["Unsummon", "Shock", "Island"], "library": BASICS}),
    board({"battlefield": ["Architect of the Untamed", "Steppe Lynx", "Lotus Cobra", "Forest", "Forest"],
           "hand": ["Forest", "Plains", "Rampant Growth", "Grizzly Bears", "Ashaya, Soul of the Wild"],
           "library": ["Forest", "Plains", "Forest", "Mountain"]},
          {"battlefield": ["Architect of the Untamed"], "hand": ["Forest"],
           "library": ["Forest", "Plains", "Forest", "Mountain"]}),
    board({"energy": 4, "battlefield": ["Voltaic Brawler", "Guide of Souls", "Grizzly Bears",
                                        "Aetherworks Marvel", "Forest", "Mountain", "Plains"],
           "hand": ["Servant of the Conduit", "Shock"], "library": BASICS},
          {"battlefield": ["Steppe Lynx", "Grizzly Bears", "Mountain"], "hand": ["Shock"],
           "library": BASICS}, step="upkeep"),
    board({"energy": 2, "battlefield": ["Vorinclex, Monstrous Raider", "Architect of the Untamed", "Island",
                                        "Island", "Island", "Forest",
                                        {"card": "Grizzly Bears", "counters": {"+1/+1": 1}}],
           "hand": ["Steady Progress", "Forest"], "library": ["Island", "Steady Progress", "Forest"]},
          {"energy": 3, "battlefield": ["Doubling Season", {"card": "Grizzly Bears", "counters": {"+1/+1": 2}}],
           "library": ["Island", "Steady Progress", "Forest"]}),
    # Spells cast as an ability resolves, from among a library's top cards: modal, targeted, neither.
    board({"energy": 7, "battlefield": ["Aetherworks Marvel"], "library": ["Jund Charm", "Shock", "Forest"]},
          {"battlefield": ["Grizzly Bears"], "library": BASICS}),
]


def start(setup) -> Game:
    g, _ids = build(Scenario.from_dict({"name": "Random position", "setup": setup}))
    return g


def whole(x):
    """Return everything ``x`` holds as plain values, field by field (the random generator's state too)."""
    if isinstance(x, random.Random):
        return ("Random", x.getstate())
    if isinstance(x, CardSet):  # the game's definition, shared by its copies: the same set, not equal cards
        return ("CardSet", id(x))
    if isinstance(x, (IdMap, dict)):
        return (type(x).__name__, sorted(((repr(k), whole(v)) for k, v in x.items())))
    if isinstance(x, Log):
        return ("Log", [whole(ev) for ev in x])
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [whole(v) for v in x])
    if is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__, [(f.name, whole(getattr(x, f.name))) for f in fields(x)])
    if isinstance(x, (set, frozenset)):
        return (type(x).__name__, sorted(repr(v) for v in x))
    if hasattr(x, "__dict__") and not isinstance(x, type):
        return (type(x).__name__, sorted((k, whole(v)) for k, v in vars(x).items()))
    return x


def counters_never_negative(g):
    # Energy is a count of counters: never below zero (CR 107.14, 122.1).
    for p in g.players:
        assert p.energy >= 0 and all(n >= 0 for n in p.counters.values()), p
    for perm in g.state.battlefield:
        assert all(n >= 0 for n in perm.counters.values()), perm


def stack_ids(g):
    return [s.id for s in g.stack]


def check_step(g, action, before, before_stack, countered=()):
    """Check what holds after any one action: the stack and the mana pools. ``countered``: the
    objects the top of the stack targeted before the action, which its resolving may counter."""
    # Only the top object resolves, at most one per action (CR 405.5, 608.1); resolving, it may
    # counter what it targets, which leaves the stack with it (CR 701.6a). Nothing else leaves, and
    # what stays keeps its order.
    now = stack_ids(g)
    gone = [i for i in before_stack if i not in now]
    assert gone in ([], before_stack[-1:]) or (gone[-1:] == before_stack[-1:] and set(gone[:-1]) <= set(countered))
    kept = [i for i in before_stack if i not in gone]
    assert now[:len(kept)] == kept
    # When a step or phase ends, mana pools empty and energy stays (CR 500.4; ruling E7).
    if (g.state.turn, g.state.step) != (before.turn, before.step):
        for b, a in zip(before.players, g.players):
            assert all(n == 0 for n in a.pool.values()), a
            assert a.energy == b.energy


def object_ids(g):
    s = g.state
    ids = [p.id for p in s.battlefield] + [i.id for i in s.stack]
    ids += [o.id for p in s.players for z in ZONES for o in p.zone(z)]
    return ids + [s.next_id + 5, -1]


def candidate_actions(g):
    """A pool of actions, most of them illegal now: wrong cards, wrong times, wrong answers."""
    ids = object_ids(g)
    out = [PassPriority(), AdvanceStep(), ChoosePay(True), ChoosePay(False), ChooseAmount(-1),
           ChooseAmount(99), ChooseMana("C"), ChooseMana("X"), ChooseObjects((ids[0], ids[0])),
           DeclareAttackers((ids[-1],)), DeclareBlockers(((ids[0], ids[-2]),)), OrderTriggers(()),
           OrderReplacements((ids[0],)), ChooseTargets(("Bob",))]
    for i in ids:
        out += [PlayLand(i), CastSpell(i), CastSpell(i, ("Nadia",)), CastSpell(i, (ids[0],)),
                ActivateAbility(i, 0), ActivateAbility(i, 1, "U"), ActivateAbility(i, 0, "X")]
    return out


def try_one(g, action, before):
    """Apply ``action``; when it is refused, check that the refusal changed nothing (``before`` is
    the whole state now). Say if it applied."""
    taken = g.history
    try:
        g.apply(action)
    except RulesError:
        assert whole(g.state) == before and g.history == taken
        return False
    return True


@WHOLE_RUN
@settings(PROFILE)
@given(data=st.data())
def test_random_games_keep_the_invariants(data):
    # A third of the games start from a board built by hand (drawn this way, not with one_of, which
    # draws them far less often).
    by_hand = data.draw(st.integers(0, 2), label="by hand") == 0
    setup = data.draw(st.sampled_from(BOARDS) if by_hand else positions(), label="position")
    note(yaml.safe_dump({"setup": setup}, sort_keys=False))
    g = start(setup)
    states = [whole(g.state)]
    for _ in range(MAX_ACTIONS):
        listed = list(itertools.islice(g.legal_actions, LISTED))
        if not listed:
            assert g.state.over or (g.state.priority is None and g.pending is None)
            break
        action = data.draw(one_of_each_kind(listed), label="action")
        note(f"{g.describe(action)}: {action!r}")
        before, before_stack = g.state, stack_ids(g)
        countered = tuple(g.stack[-1].targets) if g.stack else ()
        if try_one(g, action, states[-1]):  # any other exception fails the test
            states.append(whole(g.state))
            check_step(g, action, before, before_stack, countered)
        counters_never_negative(g)
        if data.draw(st.booleans(), label="try an unlisted action"):
            odd = data.draw(st.sampled_from(candidate_actions(g)), label="unlisted")
            if try_one(g, odd, states[-1]):
                states.append(whole(g.state))
                counters_never_negative(g)
    taken = g.history
    assert len(taken) == len(states) - 1
    # The same actions from the same position reach the same game.
    again = start(setup)
    for action in taken:
        again.apply(action)
    assert whole(again.state) == states[-1]
    # Undo takes each action back to the exact state before it.
    for i in range(len(taken), 0, -1):
        assert g.undo() == taken[i - 1]
        assert whole(g.state) == states[i - 1]
    assert g.undo() is None


@settings(PROFILE, max_examples=max(PROFILE.max_examples // 10, 15))
@given(data=st.data())
def test_passing_resolves_the_top_object_first(data):
    """Cast several instants in response to each other; all passing resolves them newest first."""
    first = BOARDS[0]
    g = start({**first, "players": [{**p, "mana": m} for p, m in zip(first["players"],
                                                                     ("{R}{R}{R}{G}{G}", "{R}{R}{U}{U}"))]})
    cast_order = []
    for _ in range(data.draw(st.integers(1, 4), label="casts")):
        casts = [a for a in g.legal_actions if isinstance(a, CastSpell)]
        if not casts:
            break
        g.apply(data.draw(st.sampled_from(casts), label="cast"))
        cast_order.append(g.stack[-1].id)
        if data.draw(st.booleans(), label="hand priority over"):
            g.apply(PassPriority())  # the other player may respond next
    resolved = []
    for _ in range(60):
        if not g.stack:
            break
        before = stack_ids(g)
        if g.pending is not None:
            g.apply(data.draw(st.sampled_from(list(g.legal_actions)), label="answer"))
        else:
            g.apply(PassPriority())
        resolved += [i for i in before if i not in stack_ids(g)]
    assert not g.stack
    # Every spell cast left the stack, newest first (last in, first out; CR 405.5).
    assert [i for i in resolved if i in cast_order] == cast_order[::-1]
