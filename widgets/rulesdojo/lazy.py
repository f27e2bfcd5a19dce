"""Hand out a package's names when first asked for (PEP 562), so importing the package costs little."""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Callable


def names_from(package: str, home: dict[str, str]) -> Callable[[str], object]:
    """Return a module ``__getattr__`` that imports each name from its submodule in ``home``.

    >>> getattr_ = names_from("rulesdojo.rules", {"Game": "game"})
    >>> getattr_("Game").__name__
    'Game'
    """
    def __getattr__(name: str):
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home[name]}", package), name)
        setattr(sys.modules[package], name, value)
        return value
    return __getattr__
