"""The words among a question's parameter choices are content texts, under
``<question id>:params/<name>/choices/<i>/<key>``; card names, steps, numbers and what the engine
plays or checks are not."""

import re
from pathlib import Path

from rulesdojo.i18n.catalogs import content_sources
from rulesdojo.i18n.content import PARAM_TEXT_KEYS, file_texts, texts
from rulesdojo.quiz import load_bank
from rulesdojo.quiz.params import PLACEHOLDER
from rulesdojo.rules import CardSet
from rulesdojo.scenarios.yamlsource import load

QUESTION = """\
id: q
kind: choice
prompt: Alice {side.says} casts {burn} ({side.burn_text}) at the {side.pt} Bears, {times.word}.
params:
  burn: {choices: [Shock, Lightning Bolt]}
  step: {choices: [upkeep, beginning of combat]}
  side:
    choices:
      - {says: "plays a Mountain, then", name: Grizzly Bears, pt: 2/2, burn_text: "2 damage", n: 2}
      - {says: "has played no land and", name: Hill Giant, pt: 3/3, burn_text: "", n: two,
         steps: [{play: Mountain}], hand: [Mountain]}
  times: {choices: [{word: once, acts: [resolve]}]}
options:
  - text: It dies
    holds: {permanents: {Grizzly Bears: {present: false}}}
  - text: It lives
    legal: {cast: Shock}
    illegal: [{play: Mountain}]
"""


def _found(source=QUESTION):
    return {m.context: (m.english, m.line) for m in texts("q", load(source))}


def test_a_phrase_parameter_is_a_text_under_its_choice_and_key():
    found = _found()
    assert found["q:params/side/choices/0/says"] == ("plays a Mountain, then", 9)
    assert found["q:params/side/choices/1/says"] == ("has played no land and", 10)
    assert found["q:params/side/choices/0/burn_text"] == ("2 damage", 9)
    assert found["q:params/times/choices/0/word"] == ("once", 12)


def test_a_number_written_as_a_word_is_a_text_and_a_whole_number_is_not():
    found = _found()
    assert found["q:params/side/choices/1/n"] == ("two", 10)
    assert "q:params/side/choices/0/n" not in found


def test_card_names_steps_and_power_are_not_texts():
    params = {c for c in _found() if ":params/" in c}
    assert not {c for c in params if c.startswith(("q:params/burn/", "q:params/step/"))}
    assert not {c for c in params if c.endswith(("/name", "/pt", "/steps", "/hand", "/acts"))}
    assert "q:params/side/choices/1/burn_text" not in params  # empty: nothing to translate


def test_engine_data_is_not_a_text():
    found = _found()
    assert {c for c in found if c.startswith("q:options/")} == {"q:options/0/text", "q:options/1/text"}


def test_a_question_of_the_bank_gives_its_phrases_with_their_lines():
    source = next(p for p in content_sources() if p.stem == "searing-blaze-landfall-or-not")
    lines = source.read_text(encoding="utf-8").splitlines()
    found = {m.context: m for m in file_texts(source)}
    says = found["searing-blaze-landfall-or-not:params/side/choices/0/says"]
    assert says.english == "plays a Mountain, then"
    assert '"plays a Mountain, then"' in lines[says.line - 1]
    assert not [c for c in found if "/hand" in c or "/steps" in c]


# What a placeholder may show untranslated: a card's name (the card-name catalog's), a player's
# name, power and toughness, mana symbols.
PLAYERS = {"Alice", "Nadia"}
PT = re.compile(r"^\d+/\d+$")
MANA = re.compile(r"^(\{[A-Z0-9]\})*$")
PROSE = ("prompt", "explanation_lead", "note", "explanation", "options")


def _prose_placeholders(data) -> set[str]:
    out: set[str] = set()

    def walk(node):
        if isinstance(node, str):
            out.update(m.group(1) for m in PLACEHOLDER.finditer(node))
        elif isinstance(node, dict):
            for key, value in node.items():
                if key not in ("holds", "legal", "illegal"):
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for key in PROSE:
        walk(data.get(key))
    return out


def test_every_word_a_bank_prompt_shows_from_a_parameter_is_extracted():
    bank = load_bank()
    shipped = {c.name for c in CardSet.shipped().all_cards()}
    missing = []
    for q in bank.questions:
        names = shipped | {c.get("name") for c in q.data.get("card_data") or ()}
        contexts = {m.context for m in file_texts(Path(q.source_file))}
        used = _prose_placeholders(q.data)
        for p in q.params:
            for i, choice in enumerate(p.values):
                if not isinstance(choice, dict):
                    continue
                for key, value in choice.items():
                    if (f"{p.name}.{key}" not in used or not isinstance(value, str) or not value.strip()
                            or value in names or value in PLAYERS or PT.match(value) or MANA.match(value)):
                        continue
                    if f"{q.id}:params/{p.name}/choices/{i}/{key}" not in contexts:
                        missing.append(f"{q.id}: {p.name}.{key} = {value!r}")
    assert not missing, f"add the key to PARAM_TEXT_KEYS {sorted(PARAM_TEXT_KEYS)}: {missing}"
