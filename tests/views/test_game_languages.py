"""The game in the learner's language: the engine's log sentences and the board through the Spanish and
Japanese catalogs, the English exactly as the engine writes it."""

import ast
import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import rulesdojo
from rulesdojo.i18n import words_for
from rulesdojo.rules import CardSet
from rulesdojo.scenarios.scenario import Scenario, run
from rulesdojo.state import GameModel
from rulesdojo.views import Board, EventLog
from rulesdojo.views.board import sides
from rulesdojo.views.saying import Tongue

PACKAGE = Path(rulesdojo.__file__).parent
LOCALE = PACKAGE / "i18n" / "locale"
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
#: Printed names of the two cards of lesson 7's first task (Forge's cardnames-es-ES and -ja-JP files,
#: from the Spanish and Japanese printings), as the card-name catalog holds them.
PRINTED = {"es": {"Forest": "Bosque", "Architect of the Untamed": "Arquitecta de lo indomable"},
           "ja": {"Forest": "森", "Architect of the Untamed": "獣性を築く者"}}
#: The Architect's text as printed in Japanese (the same file), line for line with its Oracle text.
PRINTED_TEXT = ("上陸 ― 土地１つがあなたのコントロール下で戦場に出るたび、あなたは{E} (エネルギー・カウンター１個)を得る。\n"
                "{E}{E}{E}{E}{E}{E}{E}{E}を支払う：無色の6/6のビースト・アーティファクト・クリーチャー・トークン１体を生成する。")


def _compiled(po_files, locale):
    catalog = Catalog(locale=locale)
    for po in po_files:
        with po.open("rb") as f:
            for message in read_po(f, locale=locale):
                if message.id:
                    catalog[message.id] = message
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


@pytest.fixture(scope="module")
def words(tmp_path_factory):
    """The kit's engine and game interface catalogs of each language, compiled, with a card-name
    catalog of the two cards' printed names."""
    folder = tmp_path_factory.mktemp("locale")
    for code in ("es", "ja"):
        messages = folder / code / "LC_MESSAGES"
        messages.mkdir(parents=True)
        source = LOCALE / code / "LC_MESSAGES"
        (messages / "engine.mo").write_bytes(_compiled([source / "engine.po"], code))
        (messages / "interface.mo").write_bytes(_compiled([source / "interface-game.po"], code))
        cards = Catalog(locale=code)
        for english, printed in PRINTED[code].items():
            cards.add(english, printed)
        if code == "ja":
            oracle = CardSet.shipped().named("Architect of the Untamed").oracle
            cards.add(oracle, PRINTED_TEXT, context="Architect of the Untamed|text")
        out = io.BytesIO()
        write_mo(out, cards)
        (messages / "cards.mo").write_bytes(out.getvalue())
    return {code: words_for(code, folder) for code in ("es", "ja")}


def _landfall_game():
    m = GameModel.from_scenario({"name": "lesson 7", "setup": {"players": [
        {"name": "Alice", "hand": ["Forest"], "battlefield": ["Architect of the Untamed"]}, {"name": "Nadia"}]}})
    m.play(next(k for k, label, _oid in m.legal if label == "Play Forest"))
    m.pass_all()
    return m


def _lines(model, words):
    log = EventLog(model, words=words)
    return [item for item in log.display.content[0][2:]]


@pytest.mark.parametrize("code, landfall, energy", [
    ("es", "se dispara el aterrizaje", "obtiene 1 de energía de Arquitecta de lo indomable"),
    ("ja", "上陸が誘発する", "獣性を築く者からエネルギーを1得る")])
def test_the_landfall_game_is_told_in_the_language_with_printed_names_and_the_same_rules(words, code, landfall,
                                                                                         energy):
    from rulesdojo.views.dom import plain
    m = _landfall_game()
    english = [plain([line]) for line in _lines(m, words_for("en"))]
    told = [plain([line]) for line in _lines(m, words[code])]
    assert any("Alice gets 1 energy from Architect of the Untamed" in line for line in english)
    assert any(energy in line for line in told) and any(landfall in line for line in told)
    assert any(PRINTED[code]["Forest"] in line for line in told)
    assert not any("Architect of the Untamed" in line or " gets " in line for line in told)
    rules = [ev[1] for ev in reversed(m.log)]
    assert [r for r in rules if any(f"CR {r}" in line for line in told)] == [
        r for r in rules if any(f"CR {r}" in line for line in english)]


def test_a_quoted_ability_is_its_line_of_the_printed_text_else_the_english_marked(words):
    from rulesdojo.views.dom import plain
    told = {code: " ".join(plain([line]) for line in _lines(_landfall_game(), words[code])) for code in ("es", "ja")}
    assert "上陸 ― 土地１つがあなたのコントロール下で戦場に出るたび" in told["ja"] and "獣性を築く者" in told["ja"]
    assert "Whenever a land you control enters, you get {E}. (en inglés)" in told["es"]  # no printed text given


def test_every_engine_sentence_of_every_scenario_renders_in_english_as_the_engine_wrote_it():
    """Through English ``Words`` each event's sentence is its text, byte for byte."""
    english, checked = Tongue(words_for("en")), 0
    for path in sorted(SCENARIOS.glob("*.yaml")):
        result = run(Scenario.from_file(path))
        assert result.game is not None, path
        for ev in result.game.log:
            assert ev.said is not None and ev.said.say(english) == ev.text, (path.name, ev.text)
            checked += 1
    assert checked > 3000


def test_the_board_in_japanese_shows_the_printed_name_and_keeps_the_oracle_name_and_text_in_reach(words):
    m = _landfall_game()
    board = Board(m, words=words["ja"])
    alice = next(side for side in board.table.players if side["name"] == "Alice")
    architect = next(c for c in alice["creatures"] if c["name"] == "Architect of the Untamed")
    assert architect["say"]["name"] == "獣性を築く者" and not architect["english"]
    assert "Landfall" in " ".join(str(n) for para in architect["oracle"] for n in para)  # the Oracle text, kept
    assert board.table.labels["oracle"] == "オラクル・テキスト（英語）" and board.table.labels["lands"] == "土地"
    assert alice["say"]["energy"] == "Aliceのエネルギーは1"
    tap = [a for c in alice["lands"] for a in c["actions"]]
    assert tap and all(a["label"][0].startswith("森をタップして") and a["words"].startswith("Tap Forest") for a in tap)
    assert "上陸 ― 土地１つ" in " ".join(str(n) for para in architect["printed"] for n in para)
    english = next(side for side in sides(m) if side["name"] == "Alice")
    assert english["say"]["energy"] == "Alice has 1 energy" and english["creatures"][0]["english"]


def test_an_action_said_for_any_language_reads_in_english_as_the_engine_describes_it():
    from rulesdojo.rules.describe import describe, describe_said
    said = 0
    for path in sorted(SCENARIOS.glob("*.yaml")):
        game = run(Scenario.from_file(path)).game
        for action in game.legal_actions:
            s = describe_said(game.state, action)
            assert s is None or s.english == describe(game.state, action), path.name
            said += s is not None
    assert said > 100


def test_a_choice_is_asked_in_the_language(words):
    """The engine's question to a player (declare attackers) is asked in Japanese, naming the player."""
    from rulesdojo.views import ChoicePanel
    m = GameModel.from_scenario({"name": "attack", "setup": {"step": "beginning of combat", "players": [
        {"name": "Alice", "battlefield": ["Grizzly Bears"]}, {"name": "Nadia"}]}})
    m.next_step()
    assert m.pending and m.pending["prompt"] == "Declare attackers (or none)"
    from rulesdojo.views.dom import plain
    asked = plain(ChoicePanel(m, words=words["ja"]).prompt.content)
    english = plain(ChoicePanel(m).prompt.content)
    assert asked.startswith("Alice: 攻撃クリーチャーを指定する") and english.startswith("Alice: Declare attackers (or none)")


def _said_calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in ("said", "said_n"):
                yield name, node


def test_every_engine_sentence_is_a_whole_literal_sentence():
    """No engine msgid is built from pieces: each ``said`` (and each ``said_n`` plural pair) names its
    sentence as a string literal, so a catalog holds it whole."""
    found, bad = 0, []
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        for name, call in _said_calls(ast.parse(path.read_text(), str(path))):
            if path.name == "said.py" and not call.args:
                continue
            wanted = call.args[:2] if name == "said_n" else call.args[:1]
            found += 1
            if len(wanted) < (2 if name == "said_n" else 1) or not all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value for a in wanted):
                bad.append(f"{path.relative_to(PACKAGE)}:{call.lineno}")
    assert found > 200 and bad == []


def test_the_literal_check_sees_a_sentence_built_from_pieces():
    tree = ast.parse('said("{who} casts {card}.", who=w)\nsaid(f"{w} casts")\nsaid_n("{n} card", x, n)\n')
    literal = [all(isinstance(a, ast.Constant) for a in (c.args[:2] if n == "said_n" else c.args[:1]))
               for n, c in _said_calls(tree)]
    assert literal == [True, False, False]


@pytest.mark.parametrize("code", ["es", "ja"])
def test_every_engine_and_game_interface_message_is_translated(code):
    for name in ("engine.po", "interface-game.po"):
        with (LOCALE / code / "LC_MESSAGES" / name).open("rb") as f:
            empty = [m.id for m in read_po(f, locale=code) if m.id and not all(
                m.string if isinstance(m.string, tuple) else (m.string,))]
        assert empty == [], (name, empty[:3])
