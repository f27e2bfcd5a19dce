"""``rulesdojo i18n update`` finds the interface's and the engine's strings in the code, as the
pieces of the kit write them, and keeps each piece's translations in its own file."""

import textwrap

QUIZ = '''\
def draw(words, right, n):
    return [words("Check my answer"), words.n("{n} question left", "{n} questions left", n),
            words("{who} pays {n}", who="Alice", n=n)]
'''
BOARD = '''\
class Board:
    def draw(self, kept):
        label = self.words("Your hand")
        first = kept.words[0]  # a list named words, not a call
        return label, self.words(f"Turn {first}"), self.words(label)  # not literal: not found
'''
ENGINE = '''\
def said(msgid, **params):
    return msgid, params


def landfall(who):
    return said("{who} gets {E} (landfall)", who=who)


def mill(who, n):
    return said_n("{who} mills {n} card.", "{who} mills {n} cards.", n, who=who)
'''
COURSE = '''\
def heading(_words, lesson):
    return _words("Lesson {n}", n=lesson)
'''


def write_code(root, files):
    for rel, text in files.items():
        path = root / "widgets" / "rulesdojo" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def ids(path):
    from rulesdojo.i18n.pofile import read
    return {m.id: m.locations for m in read(path, "es") if m.id}


def test_each_pieces_strings_go_to_its_own_catalog_and_the_engines_to_engine_po(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ, "views/board.py": BOARD, "rules/energy.py": ENGINE,
                          "state/course.py": COURSE})
    status, out = kit.run("update", "es")
    assert status == 0, out
    assert ids(kit.messages / "interface-quiz.po") == {
        "Check my answer": [("widgets/rulesdojo/views/quiz.py", 2)],
        ("{n} question left", "{n} questions left"): [("widgets/rulesdojo/views/quiz.py", 2)],
        "{who} pays {n}": [("widgets/rulesdojo/views/quiz.py", 3)]}
    assert ids(kit.messages / "interface-game.po") == {"Your hand": [("widgets/rulesdojo/views/board.py", 3)]}
    assert ids(kit.messages / "interface-course.po") == {"Lesson {n}": [("widgets/rulesdojo/state/course.py", 2)]}
    assert ids(kit.messages / "engine.po") == {
        "{who} gets {E} (landfall)": [("widgets/rulesdojo/rules/energy.py", 6)],
        ("{who} mills {n} card.", "{who} mills {n} cards."): [("widgets/rulesdojo/rules/energy.py", 10)]}
    locale = kit.root / "widgets" / "rulesdojo" / "i18n" / "locale"
    assert set(ids(locale / "interface.pot")) == {"Check my answer", ("{n} question left", "{n} questions left"),
                                                   "{who} pays {n}", "Your hand", "Lesson {n}"}


def test_a_string_keeps_its_translation_where_it_is_and_a_changed_one_is_fuzzy(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ, "views/board.py": BOARD})
    kit.run("update", "es")
    kit.translate(kit.messages / "interface-quiz.po", {"Check my answer": "Comprobar mi respuesta",
                                                       "{who} pays {n}": "{who} paga {n}"})
    # the course's page now says "Check my answer" too, and the quiz's second string changed
    write_code(kit.root, {"lessons/app.py": 'def f(words):\n    return words("Check my answer")\n',
                          "views/quiz.py": QUIZ.replace('"{who} pays {n}"', '"{who} pays {n} energy"')})
    assert kit.run("update", "es")[0] == 0
    from rulesdojo.i18n.pofile import read
    quiz = {m.id: m for m in read(kit.messages / "interface-quiz.po", "es") if m.id}
    assert quiz["Check my answer"].string == "Comprobar mi respuesta" and not quiz["Check my answer"].fuzzy
    assert (quiz["{who} pays {n} energy"].string, quiz["{who} pays {n} energy"].fuzzy) == ("{who} paga {n}", True)
    assert not (kit.messages / "interface-course.po").exists()
    status, out = kit.run("lint", "es", "--allow-missing")
    line = kit.line_of(kit.messages / "interface-quiz.po", 'msgid "{who} pays {n} energy"')
    assert status == 1
    assert (f"widgets/rulesdojo/i18n/locale/es/LC_MESSAGES/interface-quiz.po:{line}: [{{who}} pays {{n}} energy] "
            "stale: marked fuzzy (its English changed since it was translated)") in out.splitlines()


def test_a_translated_string_gone_from_the_code_is_stale_until_update_drops_it(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ})
    kit.run("update", "es")
    kit.translate(kit.messages / "interface-quiz.po", {"Check my answer": "Comprobar mi respuesta"})
    write_code(kit.root, {"views/quiz.py": QUIZ.replace("Check my answer", "Check")})
    from rulesdojo.i18n import extract
    from rulesdojo.i18n.lint import lint
    fresh = extract.templates(extract.sources(kit.root), kit.root)
    stale = [f for f in lint("es", kit.root, fresh) if not f.missing]
    assert [(f.id, f.what) for f in stale] == [("Check my answer", "stale: the English source no longer has this text")]
    kit.run("update", "es")
    assert "Check my answer" not in ids(kit.messages / "interface-quiz.po")



def test_a_string_translated_differently_in_two_pieces_files_is_found(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ, "views/board.py": BOARD})
    kit.run("update", "es")
    game = kit.messages / "interface-game.po"
    game.write_text(game.read_text(encoding="utf-8") + '\nmsgid "Check my answer"\nmsgstr "Comprobar"\n',
                    encoding="utf-8")
    kit.translate(kit.messages / "interface-quiz.po", {"Check my answer": "Comprobar mi respuesta"})
    status, out = kit.run("lint", "es", "--allow-missing")
    line = kit.line_of(kit.messages / "interface-quiz.po", 'msgid "Check my answer"')
    assert status == 1
    assert (f"widgets/rulesdojo/i18n/locale/es/LC_MESSAGES/interface-quiz.po:{line}: [Check my answer] translated "
            "differently in interface-game.po, whose translation the page shows: keep the string in one file") in out


def test_a_plural_with_fewer_forms_than_the_language_has_is_found(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ})
    kit.run("update", "es")
    quiz = kit.messages / "interface-quiz.po"
    text = quiz.read_text(encoding="utf-8")
    assert 'msgstr[2] ""' in text  # Spanish has three plural forms in Babel's CLDR data
    quiz.write_text(text.replace('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n',
                                 'msgstr[0] "Queda {n} pregunta"\nmsgstr[1] "Quedan {n} preguntas"\n'), encoding="utf-8")
    status, out = kit.run("lint", "es", "--allow-missing")
    line = kit.line_of(quiz, 'msgid "{n} question left"')
    assert status == 1
    assert (f"widgets/rulesdojo/i18n/locale/es/LC_MESSAGES/interface-quiz.po:{line}: [{{n}} question left] plural "
            "forms: 2 of 3 translated (the file's Plural-Forms says how many the language has); the English is "
            "shown until all are") in out.splitlines()


def test_a_string_two_pieces_files_have_stays_with_the_piece_that_uses_it_first(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ, "views/board.py": BOARD})
    kit.run("update", "es")
    game, quiz = kit.messages / "interface-game.po", kit.messages / "interface-quiz.po"
    game.write_text(game.read_text(encoding="utf-8") + '\nmsgid "Check my answer"\nmsgstr "Comprobar"\n',
                    encoding="utf-8")
    kit.translate(quiz, {"Check my answer": "Comprobar mi respuesta"})
    assert kit.run("update", "es")[0] == 0
    assert "Check my answer" in ids(quiz) and "Check my answer" not in ids(game)
    # used first by the board's code now, but only the quiz's file has it: it stays there
    write_code(kit.root, {"views/board.py": BOARD.replace('"Your hand"', '"Check my answer"')})
    assert kit.run("update", "es")[0] == 0
    assert "Check my answer" in ids(quiz) and "Check my answer" not in ids(game)


def test_update_again_with_nothing_changed_writes_nothing(kit):
    write_code(kit.root, {"views/quiz.py": QUIZ, "rules/energy.py": ENGINE})
    status, out = kit.run("update", "es")
    assert status == 0 and "interface-quiz.po" in out and "engine.po" in out
    before = {p: p.read_bytes() for p in kit.root.rglob("*.po*")}
    status, out = kit.run("update", "es")
    assert out.splitlines()[0].startswith("0 file(s) written for es")
    assert {p: p.read_bytes() for p in kit.root.rglob("*.po*")} == before
