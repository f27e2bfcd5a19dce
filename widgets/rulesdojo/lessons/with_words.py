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
    """Say whether ``make`` (a class or a function) takes a ``words`` keyword: it names one, or it
    passes its keywords on (``**kwargs``) to an ``__init__`` it inherits that does."""
    made = [klass.__dict__["__init__"] for klass in getattr(make, "__mro__", ())
            if klass is not object and "__init__" in klass.__dict__] or [make]
    for function in made:
        try:
            params = inspect.signature(function).parameters
        except (TypeError, ValueError):
            return False
        if "words" in params:
            return True
        if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
            return False
    return False


def with_words(make: Callable, *args: Any, words: Any, **kwargs: Any) -> Any:
    """Build a view with ``words`` when it takes them, else without."""
    return make(*args, words=words, **kwargs) if takes_words(make) else make(*args, **kwargs)
