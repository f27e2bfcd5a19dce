"""Each widget driven as a learner would: set values, click, read what it shows and what the engine holds."""

import re

import pytest

from rulesdojo.state import GameModel
from rulesdojo.views.dom import plain
from rulesdojo.views import (Board, ChoicePanel, EnergyCounter, EventLog, ManaVsEnergy, PaymentPrompt,
                             Sandbox, StackView, TriggerOrder)


@pytest.fixture
def make_model():
    def board(alice, nadia, **setup):
        return GameModel.from_scenario({"name": "view test", "setup": {
            "players": [{"name": "Alice", **alice}, {"name": "Nadia", **nadia}], **setup}})
    return board


def elements(nodes, tag):
    """Return every ``tag`` element a view's nodes hold, at any depth."""
    out = []
    for node in nodes:
        if isinstance(node, list) and node and node[0] not in ("sym", "cite", "rule", "ruling"):
            out += [node] if node[0] == tag else []
            out += elements(node[2:], tag)
    return out


def texts(dom, tag):
    return [plain(node[2:]) for node in elements(dom.content, tag)]


def rules_tags(dom):
    """Return the rule tags (badges) a view's nodes hold, outside its "Rules" disclosure."""
    def walk(nodes):
        for node in nodes:
            if isinstance(node, list) and node:
                if node[0] == "rule":
                    yield node[1]
                elif node[0] not in ("sym", "cite", "ruling") and "rd-rules" not in node[1].get("class", ""):
                    yield from walk(node[2:])
    return list(walk(dom.content))


def shown_energy(dom, who):
    label = next(n[1]["aria-label"] for n in elements(dom.content, "div") if who in n[1].get("aria-label", ""))
    return int(re.search(rf'{who} has (\d+) energy', label).group(1))


# 1. Energy counter: CR 107.14, 118.3 — you can't pay more than you have.
def test_energy_counter_gets_pays_and_refuses_overpaying(make_model):
    m = make_model({}, {})
    w = EnergyCounter(m, "Alice")
    w.amount.value = 3
    w.get_button.click()
    assert m.energy_of("Alice") == 3 and shown_energy(w.display, "Alice") == 3
    assert w.display.text.count("{E}") == 3  # one symbol per counter
    w.amount.value = 5
    w.pay_button.click()
    assert "can't pay 5" in w.feedback.text and w.feedback.text.endswith("CR 118.3")
    assert rules_tags(w.feedback) == ["118.3"]  # one reference, at the end
    assert m.energy_of("Alice") == 3 and shown_energy(w.display, "Alice") == 3
    w.amount.value = 2
    w.pay_button.click()
    assert w.feedback.text == "" and shown_energy(w.display, "Alice") == 1


# 2. Mana vs energy: CR 500.4 empties mana; energy stays (ruling E7); "any type" gives no energy.
def test_mana_empties_at_step_end_but_energy_stays(make_model):
    m = make_model({"energy": 1, "battlefield": ["Aether Hub", "Reflecting Pool"]}, {})
    w = ManaVsEnergy(m)
    labels = [label for label, _ in w.abilities.options]
    assert "Tap Reflecting Pool for green mana" in labels  # Hub could make any color (CR 106.7)
    w.abilities.value = dict(w.abilities.options)["Tap Reflecting Pool for green mana"]
    w.add_button.click()
    alice = m.players[0]
    assert alice["mana_pool"]["G"] == 1 and alice["energy"] == 1  # mana, never energy
    assert "(1 mana)" in w.pools.text
    w.next_button.click()
    assert m.step == "beginning of combat"
    assert m.players[0]["mana_pool"]["G"] == 0 and m.players[0]["energy"] == 1
    assert "(0 mana)" in w.pools.text and shown_energy(w.pools, "Alice") == 1
    now = [n for n in elements(w.steps.content, "span") if n[1].get("aria-current") == "step"]
    assert [plain(n[2:]) for n in now] == ["▶ beginning of combat"]


def test_energy_stays_across_turns(make_model):
    m = make_model({"energy": 2, "library": ["Forest"]}, {"library": ["Island"]})
    w = ManaVsEnergy(m)
    for _ in range(8):  # to Nadia's turn
        w.next_button.click()
    assert m.active == "Nadia" and m.energy_of("Alice") == 2


# 3. Stack: CR 608.2b — every target illegal: doesn't resolve, no energy gained or paid.
def test_stack_shows_a_spell_that_did_not_resolve(make_model):
    m = make_model({"energy": 2, "mana": "{R}{R}", "hand": ["Harnessed Lightning"]},
                   {"mana": "{U}", "hand": ["Unsummon"], "battlefield": ["Grizzly Bears"]})
    w, b = StackView(m), Board(m)
    b.press("Cast Harnessed Lightning targeting Nadia's Grizzly Bears")
    w.pass_button.click()
    b.press("Cast Unsummon targeting Nadia's Grizzly Bears")
    assert "Unsummon" in texts(w.display, "li")[0]  # top first
    w.resolve_button.click()
    w.resolve_button.click()
    assert "didn't resolve" in w.outcome.text and w.outcome.text.endswith("CR 608.2b")
    assert "No energy was gained" in w.outcome.text and rules_tags(w.outcome) == ["608.2b"]
    assert m.energy_of("Alice") == 2 and m.stack == ()


def test_what_resolved_is_said_until_something_new_is_cast_or_the_move_is_undone(make_model):
    """Walk finding 15: "Unsummon resolved." stayed while a new spell was on the stack, and after Undo."""
    m = make_model({"mana": "{U}{U}", "hand": ["Unsummon", "Unsummon"]},
                   {"battlefield": ["Grizzly Bears", "Steppe Lynx"]})
    w, b = StackView(m), Board(m)
    b.press("Cast Unsummon targeting Nadia's Grizzly Bears")
    w.resolve_button.click()
    assert w.outcome.text == "Unsummon resolved."
    b.press("Cast Unsummon targeting Nadia's Steppe Lynx")
    assert w.outcome.text == "" and "Unsummon" in texts(w.display, "li")[0]   # a new spell: old news gone
    w.resolve_button.click()
    assert w.outcome.text == "Unsummon resolved."
    m.undo()
    assert w.outcome.text == "" and m.stack                                     # taken back: not resolved


# 4. Trigger order: CR 603.3b — you choose; the last put on the stack resolves first.
def test_trigger_order_reorders_and_confirms(make_model):
    m = make_model({"hand": ["Forest"], "battlefield": ["Architect of the Untamed", "Steppe Lynx"]}, {})
    b, w = Board(m), TriggerOrder(m)
    b.press("Play Forest")
    assert not w.confirm_button.disabled
    ids = list(w.order_list.order)
    names = {i["id"]: i["label"].split(":")[0] for i in w.order_list.items}
    sent = []  # what the kernel sends the page
    w.order_list.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    w.order_list.moved(w.order_list, {"order": list(reversed(ids))}, [])  # what a drag (or Alt+Down) sends
    first_to_resolve = names[w.order_list.order[0]]  # the top of the list is the top of the stack
    assert texts(w.implied, "li")[-1] == first_to_resolve
    assert f"{first_to_resolve}, is on top of the stack and resolves first" in w.implied.text
    # The page has the order it sent: sent back, an earlier move's would redraw over a later one.
    assert not [d for d in sent if "order" in (d or {}).get("state", {})]
    w.order_list.moved(w.order_list, {"order": [ids[0], ids[0]]}, [])  # not a reordering of the items
    w.order_list.moved(w.order_list, "Forest first", [])
    assert w.order_list.order == list(reversed(ids))
    w.confirm_button.click()
    assert m.pending is None and m.stack[0]["name"] == first_to_resolve


# 5. Payment prompt: "may pay" once on resolution (E3); "if you do" (E5); pay any amount (banked energy).
def test_may_pay_once_if_you_do(make_model):
    m = make_model({"energy": 5, "battlefield": ["Voltaic Brawler"]}, {}, step="beginning of combat")
    c, p = ChoicePanel(m), PaymentPrompt(m)
    ManaVsEnergy(m).next_button.click()
    assert m.pending["kind"] == "declare_attackers"
    brawler = m.battlefield[0]["id"]
    c.multi.value = (brawler,)
    c.confirm_button.click()
    s = StackView(m)
    s.resolve_button.click()
    assert not p.pay_button.disabled and "If you do" in p.link.text
    p.pay_button.click()
    assert m.energy_of("Alice") == 4 and m.pending is None  # paid once, then no prompt
    assert p.pay_button.disabled
    assert m.battlefield[0]["power"] == 4 and "trample" in m.battlefield[0]["keywords"]


def test_pay_any_amount_counts_banked_energy(make_model):
    m = make_model({"energy": 2, "mana": "{R}", "hand": ["Galvanic Discharge"]},
                   {"battlefield": ["Vorinclex, Monstrous Raider"]})
    b, p, s = Board(m), PaymentPrompt(m), StackView(m)
    b.press("Cast Galvanic Discharge targeting Nadia's Vorinclex, Monstrous Raider")
    s.resolve_button.click()
    assert p.slider.min == 0 and p.slider.max == m.energy_of("Alice")
    # Nadia's Vorinclex halves the three energy Alice gets: 2 + 1.
    assert p.slider.max == 3
    p.slider.value = 3
    p.amount_button.click()
    assert m.energy_of("Alice") == 0 and m.battlefield[0]["damage"] == 3


def test_when_you_do_puts_a_reflexive_trigger_on_the_stack(make_model):
    m = make_model({"energy": 3, "battlefield": ["Guide of Souls", "Grizzly Bears"]}, {},
                   step="beginning of combat")
    c, p, s = ChoicePanel(m), PaymentPrompt(m), StackView(m)
    ManaVsEnergy(m).next_button.click()
    bears = next(x["id"] for x in m.battlefield if x["card"] == "Grizzly Bears")
    c.multi.value = (bears,)
    c.confirm_button.click()
    s.resolve_button.click()
    assert "When you do" in p.link.text
    p.pay_button.click()
    assert m.energy_of("Alice") == 0 and m.pending["kind"] == "choose_targets"
    c.confirm_button.click()  # the only attacking creature
    assert "reflexive" in s.display.text and m.priority == "Alice"  # players may respond now


# 6. Board: a card offers its legal actions, or says which rule stops it; its full text is on it.
def test_board_plays_a_land_and_explains_summoning_sickness(make_model):
    m = make_model({"hand": ["Forest"], "battlefield": [{"card": "Servant of the Conduit", "sick": True}],
                    "energy": 1}, {})
    b = Board(m)
    servant = b.card("Servant of the Conduit")
    assert servant["actions"] == [] and "summoning sick" in servant["state"]
    assert "302.6" in plain(servant["why_not"]["text"])
    oracle = [part for line in servant["oracle"] for part in line]
    assert ["sym", "T"] in oracle and ["sym", "E"] in oracle  # drawn as symbols, not "{T}"
    assert plain(servant["oracle"][0]).startswith("When this creature enters")
    b.press("Play Forest")
    assert [x["card"] for x in m.battlefield] == ["Servant of the Conduit", "Forest"]
    alice = b.table.players[-1]
    assert [c["name"] for c in alice["creatures"]] == ["Servant of the Conduit"]
    assert [c["name"] for c in alice["lands"]] == ["Forest"] and alice["hand"] == []


def test_board_stacks_lands_by_name_and_keeps_tapped_ones_apart(make_model):
    m = make_model({"battlefield": ["Forest", "Forest", "Forest", "Aether Hub"], "hand": ["Forest"]}, {})
    b = Board(m)
    lands = lambda: [(c["name"], c["count"], c["tapped"]) for c in b.table.players[-1]["lands"]]  # noqa: E731
    assert lands() == [("Aether Hub", 1, False), ("Forest", 3, False)]
    assert b.actions("Forest") == ["Tap Forest for green mana"]  # one menu: one untapped Forest's actions
    b.press("Tap Forest for green mana")
    assert lands() == [("Aether Hub", 1, False), ("Forest", 2, False), ("Forest", 1, True)]
    tapped = b.table.players[-1]["lands"][-1]
    assert [p["id"] for p in m.battlefield if p["tapped"]] == tapped["ids"]
    assert m.players[0]["mana_pool"]["G"] == 1
    assert [c["name"] for c in b.table.players[-1]["hand"]] == ["Forest"]  # a hand is never stacked


def test_board_puts_the_opponent_above_and_the_learner_below_each_permanent_in_its_row(make_model):
    m = make_model({"battlefield": ["Grizzly Bears", "Aetherworks Marvel", "Forest"]},
                   {"battlefield": ["Steppe Lynx"]})
    sides = Board(m).table.players
    assert [s["name"] for s in sides] == ["Nadia", "Alice"] and sides[-1]["learner"]
    alice = sides[-1]
    assert [[c["name"] for c in alice[zone]] for zone in ("creatures", "others", "lands")] == [
        ["Grizzly Bears"], ["Aetherworks Marvel"], ["Forest"]]
    assert [c["name"] for c in sides[0]["creatures"]] == ["Steppe Lynx"]
    assert [s["name"] for s in Board(m, learner="Nadia").table.players] == ["Alice", "Nadia"]


def test_board_says_the_player_choosing_during_a_resolution_is_deciding_not_the_one_with_priority(make_model):
    m = make_model({"hand": ["Rampant Growth"], "battlefield": ["Forest", "Forest"], "library": ["Plains"]}, {})
    b = Board(m)
    deciding = lambda: {s["name"]: (s["priority"], s["choosing"]) for s in b.table.players}  # noqa: E731
    assert deciding() == {"Alice": (True, False), "Nadia": (False, False)}
    b.press("Tap Forest for green mana")
    b.press("Tap Forest for green mana")
    b.press("Cast Rampant Growth")
    m.pass_all()                                   # it resolves: Alice searches (CR 608.2, 701.23)
    assert m.pending["player"] == "Alice" and m.priority == "Nadia"  # the engine's last passer
    assert deciding() == {"Alice": (False, True), "Nadia": (False, False)}


def test_board_frames_each_card_in_its_colors(make_model):
    m = make_model({"battlefield": ["Grizzly Bears", "Voltaic Brawler", "Aetherworks Marvel", "Forest",
                                    "Aether Hub"], "hand": ["Savannah Lions"]}, {})
    b = Board(m)
    frames = {c["name"]: (c["frame"], c["colors"]) for c in b.cards()}
    assert frames == {"Grizzly Bears": ("G", ["G"]), "Voltaic Brawler": ("multi", ["R", "G"]),
                      "Aetherworks Marvel": ("colorless", []), "Forest": ("land", ["G"]),
                      "Aether Hub": ("land", []), "Savannah Lions": ("W", ["W"])}
    assert [c["name"] for c in b.cards() if c["wide"]] == ["Aetherworks Marvel"]  # its long text, wider


def test_board_marks_changed_power_and_says_why(make_model):
    m = make_model({"hand": ["Forest"], "battlefield": ["Steppe Lynx"]}, {})
    b = Board(m)
    assert b.card("Steppe Lynx")["pt"] == "0/1" and b.card("Steppe Lynx")["pt_why"] == []
    b.press("Play Forest")
    m.pass_all()
    lynx = b.card("Steppe Lynx")
    assert lynx["pt"] == "2/3" and lynx["printed_pt"] == "0/1"
    assert lynx["pt_why"] == ["+2/+2 until end of turn"]


def test_board_ignores_a_stale_or_forged_message(make_model):
    m = make_model({"hand": ["Forest"]}, {})
    b = Board(m)
    before = m.version
    for content in ({"do": 999}, {"do": "0"}, {"nothing": 1}, "junk"):
        b._message(b.table, content, [])
        assert "no longer available" in b.feedback.text and m.version == before


# 7. Event log: newest first, each line with its rule.
def test_event_log_is_newest_first_with_rules(make_model):
    m = make_model({"hand": ["Forest"], "battlefield": ["Architect of the Untamed"]}, {})
    log, b, s = EventLog(m), Board(m), StackView(m)
    b.press("Play Forest")
    s.resolve_button.click()
    items = texts(log.display, "li")
    assert items[0].endswith("CR 107.14") and "gets 1 energy" in items[0]
    assert items[-1].endswith("CR 305.1")
    lines = elements(log.display.content, "li")
    assert all(sum(isinstance(n, list) and n[0] == "rule" for n in li[2:]) <= 1 for li in lines)


# 8. Sandbox: loads a shipped board, plays, undoes.
def test_sandbox_loads_plays_and_undoes():
    s = Sandbox()
    s.scenarios.value = dict(s.scenarios.options)["Energy isn't mana — pools empty, energy stays"]
    s.load_button.click()
    assert s.model.scenario_name.startswith("Energy isn't mana")
    s.board.press("Tap Forest for green mana")
    assert s.model.players[0]["mana_pool"]["G"] == 1
    s.undo_button.click()
    assert s.model.players[0]["mana_pool"]["G"] == 0
    s.upload.set_state({"value": [{"name": "mine.yaml", "type": "", "size": 20, "last_modified": 0,
                                   "content": memoryview(b"name: mine\nsetup: {}\n")}]})
    assert "mine.yaml: line 2, setup" in s.feedback.text and s.model.scenario_name.startswith("Energy")
    assert s.upload.value == ()  # read, then let go


def test_the_sandboxs_list_shows_the_board_that_is_loaded():
    """Walk finding 12: the Scenario list was blank while a board from it was loaded."""
    title = "Architect of the Untamed — landfall energy and the Beast"
    s = Sandbox.from_scenario(title)                    # as the sandbox page opens
    assert s.model.scenario_name == title
    labels = {v: label for label, v in s.scenarios.options}
    assert labels[s.scenarios.value] == title
    s.upload.set_state({"value": [{"name": "mine.yaml", "type": "", "size": 60, "last_modified": 0, "content":
                                   memoryview(b"name: mine\nsetup: {players: [{name: Alice}, {name: Nadia}]}\n")}]})
    assert s.model.scenario_name == "mine" and s.scenarios.value is None   # an upload isn't on the list


def test_marvel_casts_a_modal_spell_and_the_learner_chooses_its_mode_then_its_target(make_model):
    # CR 608.2g, 700.2a: the spell is cast during the resolution; its mode is chosen as it is cast.
    m = make_model({"energy": 6, "battlefield": ["Aetherworks Marvel", "Grizzly Bears"],
                    "library": ["Forest", "Jund Charm", "Forest", "Forest", "Forest", "Forest", "Forest"]}, {})
    board, panel, stack = Board(m), ChoicePanel(m), StackView(m)
    board.press(board.actions("Aetherworks Marvel")[0])
    stack.resolve_button.click()

    def answer(label):
        panel.options.value = next(v for text, v in panel.options.options if text == label)
        panel.confirm_button.click()
    answer("Choose Jund Charm")
    assert m.pending["kind"] == "choose_mode" and m.error == ""
    answer("Choose Put two +1/+1 counters on target creature.")
    assert m.pending["kind"] == "choose_targets"
    answer("Target Alice's Grizzly Bears")
    assert [item["name"] for item in m.stack] == ["Jund Charm"]
    stack.resolve_button.click()
    bears = next(p for p in m.battlefield if p["card"] == "Grizzly Bears")
    assert (bears["power"], bears["toughness"]) == (4, 4) and m.energy_of("Alice") == 0
    assert any(event[1] == "700.2a" and "Put two +1/+1 counters" in event[2] for event in m.log)


# 9. Panels: drawn only while they have something to show or decide; their rules folded behind "Rules".
def test_panels_are_drawn_only_while_they_have_something_to_show_or_decide(make_model):
    m = make_model({"hand": ["Forest"], "battlefield": ["Architect of the Untamed", "Steppe Lynx"]}, {})
    b = Board(m)
    order, pay, choices, stack, log = TriggerOrder(m), PaymentPrompt(m), ChoicePanel(m), StackView(m), EventLog(m)
    idle = [order, pay, choices, stack, log]
    assert [v.active for v in idle] == [False] * 5 and {v.layout.display for v in idle} == {"none"}
    assert [v.prompt.text for v in (order, pay, choices)] == ["", "", ""]  # no "nothing is waiting" line
    b.press("Play Forest")
    assert order.active and order.layout.display == "" and order.prompt.text.startswith("Alice: ")
    assert not pay.active and not choices.active and log.active
    order.confirm_button.click()
    assert not order.active and order.layout.display == "none" and stack.active and stack.layout.display == ""


def test_a_panels_rules_are_behind_its_rules_disclosure_not_on_its_heading(make_model):
    w = TriggerOrder(make_model({}, {}))
    assert rules_tags(w.header) == []  # no badge on the heading
    (box,) = elements(w.header.content, "details")
    assert plain(box[2:]) == "RulesCR 603.3bCR 405.5" and box[1]["class"] == "rd-rules"


def test_while_a_player_chooses_during_a_resolution_the_stack_names_them_not_the_priority_holder(make_model):
    m = make_model({"energy": 5, "battlefield": ["Voltaic Brawler"]}, {}, step="beginning of combat")
    c, p, s = ChoicePanel(m), PaymentPrompt(m), StackView(m)
    ManaVsEnergy(m).next_button.click()
    c.multi.value = (m.battlefield[0]["id"],)
    c.confirm_button.click()
    s.resolve_button.click()
    assert m.pending["player"] == "Alice" and p.active and p.prompt.text.startswith("Alice: ")
    assert "Alice is choosing now" in s.display.text and s.buttons.layout.display == "none"
    assert "priority (" not in s.display.text
