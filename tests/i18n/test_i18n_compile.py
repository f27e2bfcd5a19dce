"""``rulesdojo i18n compile``: only current translations reach the pages, the same bytes each time,
and a page shows the English, marked, where a text has no current translation."""

import gettext
import re

from rulesdojo.i18n import DOMAINS, words_for

MO = ("widgets", "rulesdojo", "i18n", "locale")
INTERFACE = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Check my answer"
msgstr "Comprobar mi respuesta"

msgid "Next question"
msgstr ""

#, fuzzy
msgid "Try again"
msgstr "Inténtalo"

msgid "{n} energy"
msgid_plural "{n} energy"
msgstr[0] "{n} de energía"
msgstr[1] "{n} de energía"
"""


def test_compile_leaves_fuzzy_and_empty_translations_out(kit):
    kit.translate(kit.po, {"01-sample:title": "Aterrizaje"})
    kit.translate(kit.po, {"01-sample:recap": "{who} paga {n} de energía."}, fuzzy=True)
    assert kit.run("compile")[0] == 0
    with (kit.root.joinpath(*MO) / "es" / "LC_MESSAGES" / "content.mo").open("rb") as f:
        content = gettext.GNUTranslations(f)
    assert content.pgettext("01-sample:title", "Landfall") == "Aterrizaje"
    assert content.pgettext("01-sample:recap", "{who} pays {n} energy.") == "{who} pays {n} energy."
    summary = kit.lesson.read_text().splitlines()[1].split(": ", 1)[1].strip('"')
    assert content.pgettext("01-sample:summary", summary) == summary


def test_compiling_the_same_catalogs_gives_the_same_bytes_and_writes_nothing(kit, tmp_path):
    from rulesdojo.i18n.compile import compile_language
    kit.translate(kit.po, kit.spanish)
    first = compile_language("es", kit.root, tmp_path / "a")
    assert sorted(p.name for p in first) == sorted(f"{d}.mo" for d in DOMAINS)
    kit.po.write_text(re.sub(r"POT-Creation-Date: [^\\]*", "POT-Creation-Date: 1999-01-01 00:00+0000",
                             kit.po.read_text()))  # a new date, the same messages
    again = compile_language("es", kit.root, tmp_path / "b")
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in again]
    assert compile_language("es", kit.root, tmp_path / "a") == []


def test_words_falls_back_to_english_marked_for_missing_and_stale_texts(kit, tmp_path):
    kit.translate(kit.po, {"01-sample:title": "Aterrizaje", "01-sample:recap": "{who} paga {n} de energía."})
    kit.translate(kit.po, {"01-sample:summary": kit.spanish["01-sample:summary"]}, fuzzy=True)
    (kit.messages / "interface-course.po").write_text(INTERFACE, encoding="utf-8")
    out = tmp_path / "locale"
    from rulesdojo.i18n.compile import compile_language
    compile_language("es", kit.root, out)
    es = words_for("es", out)  # a folder of its own: words_for keeps each language's catalogs
    assert es.code == "es"
    title = es.content("01-sample:title", "Landfall")
    assert (title, title.translated) == ("Aterrizaje", True)
    summary = kit.lesson.read_text().splitlines()[1].split(": ", 1)[1].strip('"')
    fuzzy = es.content("01-sample:summary", summary)  # its translation is marked fuzzy: not compiled
    assert (fuzzy, fuzzy.translated) == (summary, False)
    missing = es.content("01-sample:prose/new", "A text no catalog has.")
    assert (missing, missing.translated) == ("A text no catalog has.", False)
    stale = es.content("01-sample:recap", "{who} pays {n} energy, or none.")  # the English changed
    assert (stale, stale.translated) == ("{who} pays {n} energy, or none.", False)
    assert es.card("Aether Hub") == "Centro de éter" and es.card("Island") == "Island"
    assert es("Check my answer") == "Comprobar mi respuesta"
    assert es("Next question") == "Next question"  # not translated: the English
    assert es("Try again") == "Try again"  # fuzzy: the English
    assert [es.n("{n} energy", "{n} energy", k) for k in (1, 2)] == ["1 de energía", "2 de energía"]


def test_the_committed_mo_files_are_a_fresh_compile_of_the_catalogs(tmp_path):
    """``make catalogs`` (or ``rulesdojo i18n compile``) was run after the last change to a ``.po``."""
    from rulesdojo.i18n.catalogs import ROOT
    from rulesdojo.i18n.compile import compile_language
    from rulesdojo.i18n.layout import translated_languages
    for code in translated_languages():
        compile_language(code, ROOT, tmp_path)
    fresh = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*.mo")}
    locale = ROOT.joinpath(*MO)
    committed = {p.relative_to(locale): p.read_bytes() for p in locale.rglob("*.mo")}
    assert len(fresh) == len(DOMAINS) * len(translated_languages())
    stale = sorted(str(p) for p in fresh.keys() | committed.keys() if fresh.get(p) != committed.get(p))
    assert stale == [], f"not current: {stale}; run `make catalogs`"
