"""A small kit in a temporary folder for the language commands: one lesson file, one card, the
Spanish card names, and the commands run on it as on the kit's own source folder."""

import argparse
import io
import textwrap
from pathlib import Path

import pytest

LESSON = textwrap.dedent("""\
    title: Landfall
    summary: "When Aether Hub enters, you get {E} (CR 603.3b); see [lesson 7](#/lesson/7)."
    recap: "{who} pays {n} energy."
    """)
CARDS_PO = textwrap.dedent("""\
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=utf-8\\n"
    "Language: es\\n"

    msgid "Aether Hub"
    msgstr "Centro de éter"
    """)
#: The lesson's texts, translated keeping everything that must be kept.
SPANISH = {
    "01-sample:title": "Aterrizaje",
    "01-sample:summary": "Cuando Centro de éter entra, obtienes {E} (CR 603.3b); mira [la lección 7](#/lesson/7).",
    "01-sample:recap": "{who} paga {n} de energía.",
}


class Kit:
    """The temporary source folder, and ways to change it and run ``rulesdojo i18n`` on it."""

    spanish = SPANISH

    def __init__(self, root: Path):
        self.root = root
        self.lesson = root / "lessons" / "01-sample.yaml"
        self.po = root / "lessons" / "locale" / "es" / "01-sample.po"
        self.messages = root / "widgets" / "rulesdojo" / "i18n" / "locale" / "es" / "LC_MESSAGES"

    def run(self, *argv: str) -> tuple[int, str]:
        from rulesdojo.i18n import command
        parser = argparse.ArgumentParser()
        command.add_parser(parser.add_subparsers(dest="command"))
        out = io.StringIO()
        status = command.run(parser.parse_args(["i18n", *argv]), out, self.root)
        return status, out.getvalue()

    def translate(self, path: Path, texts: dict, fuzzy: bool = False) -> None:
        """Set translations in a catalog: ``texts`` maps an id (a content text's, else the
        English) to its translation."""
        from rulesdojo.i18n.pofile import read, write
        cat = read(path, "es")
        for m in cat:
            key = m.context or m.id
            if key in texts:
                m.string = texts[key]
                if fuzzy:
                    m.flags.add("fuzzy")
        write(path, cat)

    def line_of(self, path: Path, text: str) -> int:
        """The line of a ``.po`` file holding ``text`` (a ``msgctxt`` or ``msgid`` line's)."""
        return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.fixture
def kit(tmp_path):
    root = tmp_path / "kit"
    k = Kit(root)
    k.lesson.parent.mkdir(parents=True)
    k.lesson.write_text(LESSON, encoding="utf-8")
    cards = root / "widgets" / "rulesdojo" / "cards"
    cards.mkdir(parents=True)
    (cards / "aether-hub.yaml").write_text("name: Aether Hub\ntypes: [Land]\n", encoding="utf-8")
    k.messages.mkdir(parents=True)
    (k.messages / "cards.po").write_text(CARDS_PO, encoding="utf-8")
    status, _ = k.run("update", "es")
    assert status == 0 and k.po.is_file()
    return k
