"""Count the widget models a notebook leaves in its kernel (each one is synced to the page on load).

    .venv/bin/python benchmarks/widget_models.py lessons/07-landfall.ipynb

Runs the notebook top to bottom with nbclient in its own folder, then counts ipywidgets' live widget
instances (layouts and styles included), the figure docs/performance.md gives for lesson 7.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

COUNT = "from ipywidgets.widgets.widget import _instances\nprint(len(_instances))"


def widget_models(notebook: Path) -> int:
    """Return how many widget models the notebook's kernel holds after running every cell."""
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(COUNT))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(notebook.parent)}}).execute()
    return int("".join(o.get("text", "") for o in nb.cells[-1].outputs).strip())


if __name__ == "__main__":
    for path in sys.argv[1:] or ["lessons/07-landfall.ipynb"]:
        print(f"{path}: {widget_models(Path(path))} widget models")
