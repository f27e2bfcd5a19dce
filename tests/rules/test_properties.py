"""Properties of random legal play: whatever legal actions are taken, the rules' invariants hold."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CastSpell, ChooseAmount, ChooseMana,
                             ChooseObjects, ChoosePay, ChooseTargets, DeclareAttackers,
                             DeclareBlockers, Game, OrderReplacements, OrderTriggers, PassPriority,
                             PlayLand, RulesError)
from rulesdojo.rules.game import ZONES

MAX_STEPS = 25


def _libraries(g, cards=("Forest", "Plains", "Mountain", "Island", "Shock")):
    for who in ("Alice", "Nadia"):
        for name in cards:
            g.add_card(who, name, "library")


def energy_and_instants():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Mountain")
    g.add_permanent("Alice", "Mountain")
    g.add_permanent("Alice", "Aether Hub")
    g.player("Alice").counters["energy"] = 6
    for name in ("Forest", "Aether Hub", "Harnessed Lightning", "Galvanic Discharge", "Shock"):
        g.add_card("Alice", name)
    g.add_permanent("Nadia", "Grizzly Bears")
    g.add_permanent("Nadia", "Island")
    g.add_permanent("Nadia", "Mountain")
    g.player("Nadia").counters["energy"] = 1
    for name in ("Unsummon", "Shock", "Island"):
        g.add_card("Nadia", name)
    _libraries(g)
    return g


def landfall_board():
    g = Game(["Alice", "Nadia"])
    for name in ("Architect of the Untamed", "Steppe Lynx", "Lotus Cobra", "Forest", "Forest"):
        g.add_permanent("Alice", name)
    for name in ("Forest", "Plains", "Rampant Growth", "Grizzly Bears", "Ashaya, Soul of the Wild"):
        g.add_card("Alice", name)
    g.add_permanent("Nadia", "Architect of the Untamed")
    g.add_card("Nadia", "Forest")
    _libraries(g, ("Forest", "Plains", "Forest", "Mountain"))
    return g


def combat_board():
    g = Game(["Alice", "Nadia"], step="upkeep")
    for name in ("Voltaic Brawler", "Guide of Souls", "Grizzly Bears", "Aetherworks Marvel", "Forest",
                 "Mountain", "Plains"):
        g.add_permanent("Alice", name)
    g.player("Alice").counters["energy"] = 4
    g.add_card("Alice", "Servant of the Conduit")
    g.add_card("Alice", "Shock")
    for name in ("Steppe Lynx", "Grizzly Bears", "Mountain"):
        g.add_permanent("Nadia", name)
    g.add_card("Nadia", "Shock")
    _libraries(g)
    return g


def counters_board():
    g = Game(["Alice", "Nadia"])
    for name in ("Vorinclex, Monstrous Raider", "Architect of the Untamed", "Island", "Island",
                 "Island", "Forest"):
        g.add_permanent("Alice", name)
    g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 1})
    g.player("Alice").counters["energy"] = 2
    g.add_card("Alice", "Steady Progress")
    g.add_card("Alice", "Forest")
    g.add_permanent("Nadia", "Doubling Season")
    g.add_permanent("Nadia", "Grizzly Bears", counters={"+1/+1": 2})
    g.player("Nadia").counters["energy"] = 3
    _libraries(g, ("Island", "Steady Progress", "Forest"))
    return g


POSITIONS = [energy_and_instants, landfall_board, combat_board, counters_board]


def object_ids(g):
    st_ = g.state
    ids = [p.id for p in st_.battlefield] + [s.id for s in st_.stack]
    ids += [o.id for p in st_.players for z in ZONES for o in p.zone(z)]
    return ids + [st_.next_id + 5, -1]


def candidate_actions(g):
    """A pool of actions, most of them illegal now: wrong cards, wrong times, wrong answers."""
    ids = object_ids(g)
    targets = ids + ["Alice", "Nadia", "Bob"]
    out = [PassPriority(), AdvanceStep(), ChoosePay(True), ChoosePay(False), ChooseAmount(-1),
           ChooseAmount(99), ChooseMana("C"), ChooseMana("X"), ChooseObjects((ids[0], ids[0])),
           DeclareAttackers((ids[-1],)), DeclareBlockers(((ids[0], ids[-2]),)), OrderTriggers(()),
           OrderReplacements((ids[0],)), ChooseTargets(("Bob",))]
    for i in ids:
        out += [PlayLand(i), CastSpell(i), CastSpell(i, ("Nadia",)), ActivateAbility(i, 0),
                ActivateAbility(i, 1, "U"), ActivateAbility(i, 3), ActivateAbility(i, 0, "X")]
        out += [CastSpell(i, (t,)) for t in targets[:6]]
    return out


def stack_ids(g):
    return [s.id for s in g.stack]


def check_step(g, action, before, before_stack):
    after = g.snapshot()
    # Energy is a count of counters: never negative (CR 107.14, 122.1).
    for p in after["players"]:
        assert p["energy"] >= 0 and all(n >= 0 for n in p["counters"].values())
    # Only the top object ever leaves the stack, and at most one per action (CR 405.5, 608.1).
    now = stack_ids(g)
    assert now[:max(len(before_stack) - 1, 0)] == before_stack[:-1]
    left = [i for i in before_stack if i not in now]
    assert left in ([], before_stack[-1:])
    if left and isinstance(action, PassPriority):
        assert before["priority"] is not None
    # When a step or phase ends, mana pools empty and energy stays (CR 500.4; ruling E7).
    if (after["turn"], after["step"]) != (before["turn"], before["step"]):
        for b, a in zip(before["players"], after["players"]):
            assert all(n == 0 for n in a["mana_pool"].values()), a
            assert a["energy"] == b["energy"]
    # Undo restores the previous snapshot exactly; replaying gives the same game again.
    taken = g.undo()
    assert taken == action
    assert g.snapshot() == before
    g.apply(action)
    assert g.snapshot() == after


def try_illegal(g, data):
    pool = candidate_actions(g)
    action = data.draw(st.sampled_from(pool), label="candidate")
    before, history = g.snapshot(), list(g.history)
    try:
        g.apply(action)
    except RulesError:
        # A rejected action changes nothing at all.
        assert g.snapshot() == before and g.history == history
        assert action not in g.legal_actions
    else:  # legal after all: the engine must agree it was, and undo takes it back
        g.undo()
        assert g.snapshot() == before
        assert action in g.legal_actions


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_the_invariants(data):
    make = data.draw(st.sampled_from(POSITIONS), label="position")
    g = make()
    for _ in range(data.draw(st.integers(1, MAX_STEPS), label="steps")):
        legal = list(g.legal_actions)
        if not legal:
            assert g.state.over
            break
        action = data.draw(st.sampled_from(legal), label="action")
        before, before_stack = g.snapshot(), stack_ids(g)
        g.apply(action)  # every listed action is accepted (raises otherwise)
        check_step(g, action, before, before_stack)
        if data.draw(st.booleans(), label="try an illegal one"):
            try_illegal(g, data)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_passing_resolves_the_top_object_first(data):
    """Cast several instants in response to each other; all passing resolves them newest first."""
    g = energy_and_instants()
    g.player("Alice").pool.update({"R": 3, "G": 2})
    g.player("Nadia").pool.update({"R": 2, "U": 2})
    cast_order = []
    for _ in range(data.draw(st.integers(1, 4), label="casts")):
        casts = [a for a in g.legal_actions if isinstance(a, CastSpell)]
        if not casts:
            break
        a = data.draw(st.sampled_from(casts), label="cast")
        g.apply(a)
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
    spells = [i for i in resolved if i in cast_order]
    # Every spell cast left the stack, newest first (last in, first out).
    assert spells == cast_order[::-1]
