"""Scenario files through `rulesdojo check`: cards defined in the file (card_data:), choose: among
copies, resolved: by setup id, and owner: on cards off the battlefield; malformed files name the
file, the line and what is wrong, never with a traceback."""

import io
import json
import re
import textwrap
from pathlib import Path

import pytest

from rulesdojo import cli
from rulesdojo.scenarios.cardfile import lint_cards

BEAR = """\
  - name: Grizzly Bears
    cost: "{1}{G}"
    types: [Creature]
    subtypes: [Bear]
    power: 5
    toughness: 5
    oracle: ""
"""

USES_BEARS = """\
name: {name}
cards: [Grizzly Bears]
{card_data}setup:
  players:
    - name: Alice
      battlefield: [Grizzly Bears]
    - name: Nadia
expect:
  permanents:
    Grizzly Bears: {{power: {power}}}
"""

TIGER = textwrap.dedent("""\
    name: Dojo Tiger
    cost: "{2}{G}"
    types: [Creature]
    subtypes: [Cat]
    power: 3
    toughness: 3
    oracle: When this creature enters, you get {E}{E} (two energy counters).
    abilities:
      - text: When this creature enters, you get {E}{E} (two energy counters).
        trigger: {event: enters}
        effects: [{get_energy: 2}]
    """)

CASTS_TIGER = """\
name: Alice casts Dojo Tiger and gets two energy
cards: [Dojo Tiger]
card_data:
{card}setup:
  players:
    - {{name: Alice, mana: "{{G}}{{G}}{{G}}", hand: [Dojo Tiger]}}
    - {{name: Nadia}}
actions: [{{cast: Dojo Tiger}}, resolve, resolve]
expect:
  players: {{Alice: {{energy: 2}}}}
"""


def check(*paths, cards=()):
    out = io.StringIO()
    code = cli.check([str(p) for p in paths], False, out=out, cards=tuple(str(c) for c in cards))
    return code, out.getvalue()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def as_item(card: str) -> str:
    """A card file's text as one item of a card_data list."""
    lines = card.splitlines()
    return "".join(f"  - {line}\n" if i == 0 else f"    {line}\n" for i, line in enumerate(lines))


# --- card_data ------------------------------------------------------------------------------

def test_a_card_defined_in_the_file_is_played(tmp_path):
    code, out = check(write(tmp_path, "tiger.yaml", CASTS_TIGER.format(card=as_item(TIGER))))
    assert code == 0, out
    assert out.startswith("PASS")


def test_a_defined_card_replaces_the_shipped_one_for_that_file_alone(tmp_path):
    mine = write(tmp_path, "a-mine.yaml", USES_BEARS.format(name="big bears", card_data=f"card_data:\n{BEAR}",
                                                            power=5))
    shipped = write(tmp_path, "b-shipped.yaml", USES_BEARS.format(name="shipped bears", card_data="", power=2))
    code, out = check(mine, shipped)
    assert code == 0, out
    assert out.count("PASS") == 2


def test_the_files_card_wins_over_a_cards_folder(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    write(folder, "grizzly-bears.yaml", textwrap.dedent(BEAR.replace("  - name", "    name")).replace(
        "power: 5", "power: 7"))
    mine = write(tmp_path, "mine.yaml", USES_BEARS.format(name="mine", card_data=f"card_data:\n{BEAR}", power=5))
    folders = write(tmp_path, "folder.yaml", USES_BEARS.format(name="folder's", card_data="", power=7))
    code, out = check(mine, folders, cards=[folder])
    assert code == 0, out


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


MALFORMED = [  # (what is changed in the card, the text on the line the message must name, the message)
    ("power: 3", "power: three", "power: three", "power and toughness must be whole numbers, not 'three'"),
    ("subtypes: [Cat]", "subtypes: [Cat]\ncolour: [G]", "colour: [G]", "unknown key 'colour'"),
    ("event: enters", "event: entres", "event: entres", "'entres'"),
    ("get_energy: 2", "get_energy: 3", "- text:", "the parts say 'get {E}{E}{E}', which its text doesn't"),
]


@pytest.mark.parametrize("old, new, at, said", MALFORMED)
def test_malformed_card_data_is_invalid_with_the_line_and_the_card_linters_message(tmp_path, old, new, at, said):
    card = TIGER.replace(old, new)
    text = CASTS_TIGER.format(card=as_item(card))
    code, out = check(write(tmp_path, "bad.yaml", text))
    assert code == 2
    line = _line_of(text, at)
    assert out.startswith(f"INVALID {tmp_path / 'bad.yaml'}: line {line}, card_data[1]: "), out
    assert said in out and "Traceback" not in out
    # the card linter says the same of the same card kept as a card file
    folder = tmp_path / "cards"
    folder.mkdir()
    write(folder, "dojo-tiger.yaml", card)
    problems = lint_cards(str(folder)).problems
    said_there = re.sub(r"^.*?: line \d+: ", "", problems[0])
    assert said_there in out


@pytest.mark.parametrize("block, at, said", [
    ("card_data: Dojo Tiger\n", "card_data:", "'card_data' is a list of cards"),
    ("card_data: [Dojo Tiger]\n", "card_data:", "'card_data' is a list of cards"),
    (f"card_data:\n{as_item(TIGER)}{as_item(TIGER)}", "  - name: Dojo Tiger", "a second card named 'Dojo Tiger'"),
])
def test_card_data_that_isnt_a_list_of_distinct_cards_is_invalid(tmp_path, block, at, said):
    text = CASTS_TIGER.format(card="").replace("card_data:\n", block)
    code, out = check(write(tmp_path, "bad.yaml", text))
    lines = [i for i, line in enumerate(text.splitlines(), 1) if line.startswith(at)]
    assert code == 2 and said in out and "Traceback" not in out
    assert f": line {lines[-1]}, card_data" in out


def test_a_defined_card_is_that_files_alone(tmp_path):
    defines = write(tmp_path, "a.yaml", CASTS_TIGER.format(card=as_item(TIGER)))
    borrows = write(tmp_path, "b.yaml", CASTS_TIGER.format(card="").replace("card_data:\n", ""))
    code, out = check(defines, borrows)
    assert code == 2
    assert out.splitlines()[0].startswith("PASS") and "No card named 'Dojo Tiger'" in out.splitlines()[1]


# --- choose: among copies -------------------------------------------------------------------

PROLIFERATE = """\
name: proliferate
setup:
  players:
    - name: Alice
      hand: [Steady Progress]
      mana: "{{U}}{{U}}{{U}}"
      library: [Island]
      battlefield: [{{card: Grizzly Bears, counters: {{"+1/+1": 1}}}}]
    - name: Nadia
      battlefield: [{{card: Grizzly Bears, counters: {{"-1/-1": 1}}}}]
actions:
  - cast: Steady Progress
  - resolve
  - choose: {choose}
expect:
  players: {{Nadia: {{graveyard: {dead}}}}}
"""


@pytest.mark.parametrize("choose, dead", [
    ('["Nadia\'s Grizzly Bears"]', "[Grizzly Bears]"),
    ('["Grizzly Bears (2)"]', "[Grizzly Bears]"),
    ('["Grizzly Bears (1)"]', "[]"),
    ("[Grizzly Bears, Grizzly Bears]", "[Grizzly Bears]"),  # both of them: no question which
])
def test_choose_tells_copies_that_differ_apart(tmp_path, choose, dead):
    code, out = check(write(tmp_path, "p.yaml", PROLIFERATE.format(choose=choose, dead=dead)))
    assert code == 0, out


def test_a_bare_name_for_copies_that_differ_asks_for_an_id_a_possessive_or_a_count(tmp_path):
    code, out = check(write(tmp_path, "p.yaml", PROLIFERATE.format(choose="[Grizzly Bears]", dead="[]")))
    assert code == 2
    assert "line 14, actions[3] (choose)" in out
    assert "'id'" in out and "\"Alice's Grizzly Bears\"" in out and '"Grizzly Bears (1)"' in out


def test_a_count_past_the_copies_offered_is_invalid(tmp_path):
    code, out = check(write(tmp_path, "p.yaml", PROLIFERATE.format(choose='["Grizzly Bears (3)"]', dead="[]")))
    assert code == 2 and "offers 2 'Grizzly Bears'" in out


SEARCH = """\
name: search
setup:
  players:
    - name: Alice
      mana: "{{C}}{{C}}{{G}}"
      hand: [Cultivate]
      library: [Forest, Plains, Forest]
    - name: Nadia
actions:
  - cast: Cultivate
  - resolve
  - choose: {choose}
{more}"""


def test_one_card_named_twice_by_count_is_refused_by_the_search_rule(tmp_path):
    text = SEARCH.format(choose='["Forest (1)", "Forest (1)"]', more='    rejected: "701.23a"\n')
    code, out = check(write(tmp_path, "s.yaml", text))
    assert code == 0, out


def test_a_name_given_more_often_than_it_is_offered_is_refused_by_the_search_rule(tmp_path):
    text = SEARCH.format(choose="[Plains, Plains]", more='    rejected: "701.23a"\n')
    code, out = check(write(tmp_path, "s.yaml", text))
    assert code == 0, out


def test_forests_found_by_count_are_the_ones_counted_from_the_top(tmp_path):
    text = SEARCH.format(choose='["Forest (2)", Plains]', more=(
        "  - choose: Plains\nexpect:\n  players: {Alice: {hand: [Forest], library: [Forest]}}\n"
        "  permanents: {Plains: {tapped: true}}\n"))
    code, out = check(write(tmp_path, "s.yaml", text))
    assert code == 0, out


# --- resolved: by setup id ------------------------------------------------------------------

def test_resolved_by_an_id_that_never_left_the_stack_says_so(tmp_path):
    text = ("name: r\nsetup:\n  players:\n    - {name: Alice, hand: [{card: Shock, id: kept}]}\n"
            "    - {name: Nadia}\nexpect:\n  resolved: {kept: true}\n")
    code, out = check(write(tmp_path, "r.yaml", text))
    assert code == 1 and "resolved.kept: nothing named kept has left the stack" in out


def test_resolved_by_id_tells_two_spells_of_one_name_apart(tmp_path):
    shipped = Path(__file__).with_name("resolved-by-setup-id-two-shocks.yaml").read_text(encoding="utf-8")
    swapped = shipped.replace("first-shock: did not resolve, second-shock: resolved",
                              "first-shock: resolved, second-shock: did not resolve")
    code, out = check(write(tmp_path, "r.yaml", swapped))
    assert code == 1
    assert "how first-shock left the stack: expected 'resolved', got 'did not resolve'" in out
    assert "how second-shock left the stack: expected 'did not resolve', got 'resolved'" in out


# --- owner: off the battlefield -------------------------------------------------------------

def test_owner_of_a_card_in_hand_decides_where_the_rampager_returns(tmp_path):
    shipped = Path(__file__).with_name("greenbelt-rampager-returns-to-its-owners-hand.yaml").read_text(
        encoding="utf-8")
    code, out = check(write(tmp_path, "own.yaml", shipped.replace("owner: Nadia, ", "")))
    assert code == 1
    assert "Nadia hand: expected ['Greenbelt Rampager'], got []" in out


def test_owner_is_kept_in_every_zone(tmp_path):
    text = ("name: owners\nsetup:\n  players:\n    - name: Alice\n"
            "      library: [{card: Forest, owner: Nadia}]\n      hand: [{card: Shock, owner: Nadia}]\n"
            "      graveyard: [{card: Forest, owner: Nadia}]\n      exile: [{card: Shock, owner: Nadia}, Shock]\n"
            "    - name: Nadia\n")
    path = write(tmp_path, "o.yaml", text)
    out = io.StringIO()
    assert cli.check([str(path)], True, out=out) == 0
    alice = next(p for p in json.loads(out.getvalue())[0]["state"]["players"] if p["name"] == "Alice")
    owners = {zone: [o["owner"] for o in alice[zone]] for zone in ("library", "hand", "graveyard", "exile")}
    assert owners == {"library": ["Nadia"], "hand": ["Nadia"], "graveyard": ["Nadia"], "exile": ["Nadia", "Alice"]}


@pytest.mark.parametrize("entry, line, said", [
    ("{card: Forest, owner: Zed}", 4, "'owner' is one of the players (Alice, Nadia), not 'Zed'"),
    ("{card: Forest, tapped: true}", 4, "unknown key 'tapped'; allowed here: card, id, owner"),
    ("{id: x}", 4, "a card written as a mapping needs 'card'"),
])
def test_a_bad_card_entry_is_invalid_with_its_line(tmp_path, entry, line, said):
    text = f"name: bad\nsetup:\n  players:\n    - {{name: Alice, graveyard: [{entry}]}}\n    - {{name: Nadia}}\n"
    code, out = check(write(tmp_path, "b.yaml", text))
    assert code == 2 and f"line {line}" in out and said in out and "Traceback" not in out
