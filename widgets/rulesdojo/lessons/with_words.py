"""Views the course builds that are drawn by other parts of the kit (the game's and the quiz's views)
take the learner's language as ``words=``; one that doesn't take it yet is built without it, and
shows its English.

>>> class Old:
...     def __init__(self, model): self.model = model
>>> class New:
...     def __init__(self, model, words=None): self.words = words
>>> with_words(Old, 1, words="es").model, with_words(New, 1, words="es").words
(1, 'es')
"""

from __future__ import annotations

import inspect
from typing import Any, Callable


def takes_words(make: Callable) -> bool:
    """Say whether ``make`` (a class or a function) names a ``words`` parameter: a class's own
    ``__init__`` or one it inherits (a subclass passing its keywords on)."""
    made = [klass.__init__ for klass in getattr(make, "__mro__", ()) if klass is not object] or [make]
    for function in made:
        try:
            if "words" in inspect.signature(function).parameters:
                return True
        except (TypeError, ValueError):
            continue
    return False


def with_words(make: Callable, *args: Any, words: Any, **kwargs: Any) -> Any:
    """Build a view with ``words`` when it takes them, else without."""
    return make(*args, words=words, **kwargs) if takes_words(make) else make(*args, **kwargs)
