"""``rulesdojo i18n lint`` finds what a translation doesn't keep, each with its file, line and id."""

import pytest


def findings(kit):
    from rulesdojo.i18n.lint import lint
    return [f for f in lint("es", kit.root) if not f.missing]


def test_a_translation_keeping_everything_is_clean(kit):
    kit.translate(kit.po, kit.spanish)
    status, out = kit.run("lint", "es")
    assert (status, findings(kit)) == (0, []), out
    assert "es: 0 problem(s), 0 text(s) not translated" in out


@pytest.mark.parametrize("summary, what", [
    ("Cuando Centro de éter entra, obtienes {E} (CR 603.3c); mira [la lección 7](#/lesson/7).",
     "rule numbers differ: 603.3b in the English, 603.3c in the translation"),
    ("Cuando Centro de éter entra, obtienes energía (CR 603.3b); mira [la lección 7](#/lesson/7).",
     "symbols differ: {E} in the English, none in the translation"),
    ("Cuando Aether Hub entra, obtienes {E} (CR 603.3b); mira [la lección 7](#/lesson/7).",
     "card name: 'Aether Hub' is printed 'Centro de éter'; the translation has the English name"),
    ("Cuando el Centro de Éter entra, obtienes {E} (CR 603.3b); mira [la lección 7](#/lesson/7).",
     "card name: 'Aether Hub' is printed 'Centro de éter'; the translation doesn't name it"),
    ("Cuando Centro de éter entra, obtienes {E} (CR 603.3b); mira [la lección 7](#/lesson/6).",
     "link targets differ: #/lesson/7 in the English, #/lesson/6 in the translation"),
])
def test_what_a_translation_changes_is_found_with_its_file_line_and_id(kit, summary, what):
    kit.translate(kit.po, {**kit.spanish, "01-sample:summary": summary})
    status, out = kit.run("lint", "es")
    line = kit.line_of(kit.po, 'msgctxt "01-sample:summary"') + 1  # the entry's msgid
    assert status == 1
    assert f"lessons/locale/es/01-sample.po:{line}: [01-sample:summary] {what}" in out.splitlines()


def test_a_different_placeholder_is_found(kit):
    kit.translate(kit.po, {**kit.spanish, "01-sample:recap": "{quien} paga {n} de energía."})
    [found] = findings(kit)
    assert (found.path, found.id) == (kit.po, "01-sample:recap")
    assert found.line == kit.line_of(kit.po, 'msgctxt "01-sample:recap"') + 1
    assert found.what == "placeholders differ: {n} {who} in the English, {n} {quien} in the translation"


def test_a_translation_of_an_english_text_since_changed_is_stale_before_and_after_update(kit):
    kit.translate(kit.po, kit.spanish)
    kit.lesson.write_text(kit.lesson.read_text().replace("{who} pays {n} energy.", "{who} pays {n} energy, or none."))
    [found] = findings(kit)
    assert (found.path, found.id, found.what) == (
        kit.po, "01-sample:recap", "stale: the English at this id changed since it was translated")
    assert kit.run("update", "es")[0] == 0  # the translation is kept, marked fuzzy
    [found] = findings(kit)
    assert (found.id, found.what) == (
        "01-sample:recap", "stale: marked fuzzy (its English changed since it was translated)")
    assert found.line == kit.line_of(kit.po, 'msgctxt "01-sample:recap"') + 1
    assert "{who} paga {n} de energía." in kit.po.read_text()


def test_missing_translations_fail_unless_allowed_and_are_listed_when_verbose(kit):
    kit.translate(kit.po, {k: v for k, v in kit.spanish.items() if k != "01-sample:title"})
    status, out = kit.run("lint", "es")
    assert status == 1 and "lessons/locale/es/01-sample.po: 1 text(s) not translated" in out
    status, out = kit.run("lint", "es", "--allow-missing")
    assert status == 0 and "warning: lessons/locale/es/01-sample.po: 1 text(s) not translated" in out
    status, out = kit.run("lint", "es", "--verbose")
    line = kit.line_of(kit.po, 'msgctxt "01-sample:title"') + 1
    assert f"lessons/locale/es/01-sample.po:{line}: [01-sample:title] no translation" in out


def test_a_text_not_in_the_catalog_yet_is_missing(kit):
    kit.translate(kit.po, kit.spanish)
    kit.lesson.write_text(kit.lesson.read_text() + "note: A new note.\n")
    from rulesdojo.i18n.lint import lint
    assert [(f.id, f.missing) for f in lint("es", kit.root)] == [("01-sample:note", True)]


def test_a_malformed_catalog_and_an_unknown_language_are_one_line_each(kit, capsys):
    text = kit.po.read_text(encoding="utf-8")
    kit.po.write_text(text.replace('msgid "Landfall"', 'msgid "Landfall'), encoding="utf-8")
    line = kit.line_of(kit.po, 'msgid "Landfall')
    assert kit.run("lint", "es")[0] == 2
    assert capsys.readouterr().err == (
        f"rulesdojo i18n: {kit.po}:{line}: a string with no closing quote\n")
    kit.po.write_text(text.replace('msgid "Landfall"', 'msgstrr "Landfall"'), encoding="utf-8")
    assert kit.run("compile")[0] == 2
    assert f"{kit.po}:{line}: not a PO line" in capsys.readouterr().err
    assert kit.run("lint", "xx")[0] == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_the_command_line_runs_the_language_commands(capsys):
    from rulesdojo.cli import main
    assert main(["i18n", "lint", "fr"]) == 2
    assert capsys.readouterr().err.startswith("rulesdojo i18n: unknown language 'fr': not a language of the kit")


def test_a_malformed_english_source_is_one_line(kit, capsys):
    kit.lesson.write_text("title: Landfall\nsummary: [unclosed\n", encoding="utf-8")
    assert kit.run("lint", "es")[0] == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rulesdojo i18n: {kit.lesson}:3: not valid YAML: ") and err.count("\n") == 1, err


def test_a_language_without_its_card_names_is_told_they_cant_be_checked(kit):
    kit.translate(kit.po, kit.spanish)
    (kit.messages / "cards.po").unlink()
    status, out = kit.run("lint", "es")
    assert status == 1
    assert ("widgets/rulesdojo/i18n/locale/es/LC_MESSAGES/cards.po:1: [cards] no card-name catalog: card names "
            "in translations can't be checked (docs/translating.md)") in out.splitlines()


def test_a_card_with_no_printing_in_the_source_is_not_missing_and_a_printing_keeps_its_own_symbols(kit):
    kit.translate(kit.po, kit.spanish)
    cards = kit.messages / "cards.po"
    cards.write_text(cards.read_text(encoding="utf-8") + (
        '\nmsgctxt "Aether Hub|text"\nmsgid "{T}: Add {C}."\nmsgstr "{C}"\n'  # a printing shows the symbol alone
        '\nmsgid "Amped Raptor"\nmsgstr ""\n'), encoding="utf-8")
    status, out = kit.run("lint", "es")
    assert status == 1 and "cards.po: 1 text(s) not translated" in out  # empty, and not said to have no printing
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        'msgid "Amped Raptor"', '#, no-printing-in-source\nmsgid "Amped Raptor"'), encoding="utf-8")
    status, out = kit.run("lint", "es")
    assert status == 0, out
