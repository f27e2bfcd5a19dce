"""Find the notebooks the package ships: in the wheel, or in the source tree beside it.

Kept apart from ``serving`` so that a page finds its lessons without loading the server's modules.

>>> (lessons_folder() / "index.ipynb").is_file()
True
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def notebooks(shipped_as: str, source: str, first: str) -> Path:
    """Find a folder of notebooks: shipped in the wheel as ``shipped_as``, or the source tree's ``source``."""
    for folder in (Path(str(resources.files("rulesdojo"))) / shipped_as,
                   Path(__file__).resolve().parents[2] / source):
        if (folder / first).exists():
            return folder
    raise FileNotFoundError(f"No notebooks found: neither the package's {shipped_as}/ nor {source}/.")


def lessons_folder() -> Path:
    """Find the lesson notebooks: shipped in the wheel, or the source tree's ``lessons/``."""
    return notebooks("notebooks", "lessons", "index.ipynb")


def landing_page(folder: Path) -> str:
    """Return the notebook a learner lands on in a folder: the whole course in one page where the
    folder has it, else the course map.

    >>> landing_page(lessons_folder()), landing_page(Path("/nowhere"))
    ('course.ipynb', 'index.ipynb')
    """
    return "course.ipynb" if (Path(folder) / "course.ipynb").is_file() else "index.ipynb"
