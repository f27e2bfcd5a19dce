"""The scenarios a served page may open: files in one folder the operator names, or an upload.

The page names a file only by picking it from the folder's list; whatever name reaches the kernel,
a path that resolves outside the folder (``../``, an absolute path, a symbolic link leading out)
is refused with one message that says nothing about the server's files. An upload is parsed in
memory, never written, and refused past ``UPLOAD_LIMIT`` bytes.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..rules.errors import ScenarioError
from .scenario import Scenario

FOLDER_ENV = "RULESDOJO_SCENARIOS"   # set by ``rulesdojo serve --scenarios DIR``
REFUSED = "That scenario can't be opened here: choose one from the list or upload a file."
UPLOAD_LIMIT = 64 * 1024              # bytes; the largest shipped scenario is under 2 KB
SUFFIXES = (".yaml", ".yml")


class ScenarioRefused(ScenarioError):
    """Refuse a name that does not lead to a scenario file inside the folder (one message for all)."""

    def __init__(self) -> None:
        super().__init__(REFUSED)


def scenarios_folder() -> Path:
    """Return the shipped scenarios folder (a ``Kit`` names the operator's, ``$RULESDOJO_SCENARIOS``)."""
    return Path(str(resources.files("rulesdojo") / "scenarios"))


def inside(folder: Path, name: str) -> Path:
    """Return the file ``name`` leads to if it is a scenario file inside ``folder``; else refuse.

    >>> inside(Path("/srv/scenarios"), "../../etc/passwd")
    Traceback (most recent call last):
    rulesdojo.scenarios.folder.ScenarioRefused: That scenario can't be opened here: choose one from the list or upload a file.
    """
    base = folder.resolve()
    try:
        target = (base / name).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte
        raise ScenarioRefused() from None
    if target.parent != base or target.suffix not in SUFFIXES or not target.is_file():
        raise ScenarioRefused()
    return target


def listed(folder: Path) -> list[tuple[str, str]]:
    """Return (title, file name) for each scenario file in ``folder``, by file name.

    A file that can't be read or checked is listed by its name (opening it says what is wrong); an
    entry leading out of the folder is listed by its name and refused when opened.
    """
    out = []
    for entry in sorted(folder.iterdir()) if folder.is_dir() else ():
        if entry.suffix not in SUFFIXES or entry.name.startswith("."):
            continue
        try:
            title = opened(folder, entry.name).name
        except ScenarioError:
            title = entry.name
        out.append((title, entry.name))
    return out


def opened(folder: Path, name: str) -> Scenario:
    """Read the scenario ``name`` in ``folder``; problems name the file by its name alone."""
    path = inside(folder, name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise ScenarioError("can't read the file", file=name) from None
    return Scenario.from_text(text, source=name)


def uploaded(name: str, content: bytes) -> Scenario:
    """Read an uploaded scenario in memory; refuse it past ``UPLOAD_LIMIT`` bytes or if not UTF-8 text."""
    label = Path(str(name)).name or "upload"
    if len(content) > UPLOAD_LIMIT:
        raise ScenarioError(f"the file is larger than {UPLOAD_LIMIT // 1024} KB; a scenario is a few KB",
                            file=label)
    try:
        text = bytes(content).decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("not a text file (UTF-8)", file=label) from None
    return Scenario.from_text(text, source=label)
