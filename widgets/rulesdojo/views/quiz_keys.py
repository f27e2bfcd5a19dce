"""Keys for the quiz's question screen (``static/quiz_keys.js``): the page sends the key pressed,
the quiz acts on it as on a click. It draws nothing.
"""

from __future__ import annotations

import anywidget
import traitlets

from .modules import esm

#: the keys the page sends: an option's number, and Enter
KEYS = (*(str(n) for n in range(1, 10)), "Enter")


class QuizKeys(anywidget.AnyWidget):
    """Receive ``{"key": "1"}`` … ``{"key": "Enter"}`` from the question screen and hand each key
    to ``on_key``; ``step`` counts the questions drawn, and brings the focus to each new one.

    >>> pressed = []; keys = QuizKeys(pressed.append)
    >>> keys._handle_custom_msg({"key": "2"}, []); keys._handle_custom_msg({"key": "x"}, []); pressed
    ['2']
    """

    _esm = esm("quiz_keys.js")
    step = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_key, **kwargs):
        super().__init__(layout={"display": "none"}, **kwargs)
        self.on_msg(lambda _w, content, _b: self._received(on_key, content))

    @staticmethod
    def _received(on_key, content) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if key in KEYS:
            on_key(key)
