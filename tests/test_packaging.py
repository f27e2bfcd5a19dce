"""The wheel carries what runs without the internet: notebooks, symbols, scripts, the page template,
the compiled translations."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_notebooks_lessons_assets_and_question_bank(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path),
                    str(ROOT)], check=True, capture_output=True, timeout=240)
    names = zipfile.ZipFile(next(tmp_path.glob("rulesdojo-*.whl"))).namelist()
    lessons = sorted(p.name for p in (ROOT / "lessons").iterdir() if p.suffix in (".ipynb", ".yaml"))
    assert sorted(n.rsplit("/", 1)[-1] for n in names if n.startswith("rulesdojo/notebooks/")) == lessons
    assert "trainer.ipynb" not in lessons and "rulesdojo/mentor/trainer.ipynb" in names  # mentors only
    assert "rulesdojo/quiz/exams/energy-and-landfall-check.yaml" in names
    assert "rulesdojo/py.typed" in names  # the package's own annotations are read by type checkers (PEP 561)
    for asset in ("views/static/trigger_order.js", "views/static/symbols/E.svg",
                  "share/jupyter/voila/templates/rulesdojo/index.html.j2"):
        assert f"rulesdojo/{asset}" in names
    bank = list((ROOT / "widgets/rulesdojo/quiz/bank").glob("*.yaml"))
    assert sum(n.startswith("rulesdojo/quiz/bank/") for n in names) == len(bank) > 0
    assert sum(n.startswith("rulesdojo/scenarios/") and n.endswith(".yaml") for n in names) == len(
        list((ROOT / "widgets/rulesdojo/scenarios").glob("*.yaml"))) > 0
    cards = list((ROOT / "widgets/rulesdojo/cards").glob("*.yaml"))
    assert sum(n.startswith("rulesdojo/cards/") for n in names) == len(cards) > 0
    # translations compiled (the pages read them with gettext), their .po sources left in the source tree
    locale = ROOT / "widgets/rulesdojo/i18n/locale"
    compiled = sorted(f"rulesdojo/i18n/locale/{p.relative_to(locale).as_posix()}" for p in locale.rglob("*.mo"))
    assert sorted(n for n in names if n.endswith(".mo")) == compiled != []
    assert [n for n in names if n.endswith((".po", ".pot"))] == []
