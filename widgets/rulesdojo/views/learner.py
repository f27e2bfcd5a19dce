"""Send the kernel this browser's anonymous learner key (``static/learner_key.js``); draw nothing.

The page holds the key; the kernel only checks its shape (the kit's identity source's ``key_arrived``), so a
message of any other shape changes nothing.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import anywidget
import traitlets



class LearnerKey(anywidget.AnyWidget):
    """Receive the learner key the page sends when it connects (a ``{"learner_key": ...}`` message);
    ``known`` tells the page to stop sending it."""

    _esm = Path(__file__).parent / "static" / "learner_key.js"
    known = traitlets.Bool(False).tag(sync=True)

    def __init__(self, identity, **kwargs):
        super().__init__(layout={"display": "none"}, **kwargs)
        self.identity = identity  # the kit's identity source, which keeps the key
        self.on_msg(self._received)
        identity.when_key_known(lambda _key: setattr(self, "known", True))

    def _received(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict):
            self.identity.key_arrived(content.get("learner_key"))


@cache
def learner_key_widget(identity) -> LearnerKey:
    """Return this kernel's one key widget for an identity source (a ``Kit``'s), to put in each page
    whose learner matters."""
    return LearnerKey(identity)
