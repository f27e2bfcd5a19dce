"""The card rulings a lesson names, by name ("Energy ruling 4"), with their text on hover or focus.

>>> "not associated with any specific permanent" in name_rulings("(Energy ruling 4)")
True
"""

from __future__ import annotations

import html
import re

TEXT = {
    "E1": "{E} is the energy symbol. It represents one energy counter.",
    "E2": "You get that many energy counters; paying {E} means losing that many. You can't pay more "
          "than you have. Anything that affects counters a player gets, has or loses affects energy.",
    "E3": "A \"may pay\" amount of {E} can't be paid several times to multiply the effect: you choose "
          "whether to pay it, as the ability resolves.",
    "E4": "Energy counters are a kind of counter a player may have, not associated with any specific "
          "permanent.",
    "E5": "\"If you do\": no player may act to stop the effect after you choose to pay. \"When you "
          "do\": a reflexive triggered ability, put on the stack with its targets; players may respond.",
    "E6": "Keep track of each player's energy in any clear, mutually agreeable way (paper, dice); at "
          "higher levels of tournament play dice may not be allowed.",
    "E7": "Energy isn't mana: it doesn't empty as steps, phases and turns end, and effects that add "
          "mana \"of any type\" can't give energy.",
    "E8": "If every target of a spell or ability that lets you pay {E} has become illegal, it doesn't "
          "resolve and you can't pay any {E}.",
    "E9": "If every target of a spell or ability that gives {E} has become illegal, it doesn't resolve "
          "and you get no {E}.",
    "L1": "Landfall triggers whenever a land you control enters for any reason: played, or put onto "
          "the battlefield by a spell or ability.",
    "L2": "Landfall doesn't trigger when a permanent already on the battlefield becomes a land.",
    "L3": "When a land you control enters, each of your landfall abilities triggers; you put them on "
          "the stack in any order, and the last one put there resolves first.",
}
STYLE = ("<style>.rd-ruling{border-bottom:1px dotted #333;position:relative;cursor:help}"
         ".rd-ruling-text{display:none;position:absolute;z-index:25;left:0;top:100%;width:22em;"
         "padding:.4em;background:#fffef2;border:1px solid #333;border-radius:.3em;font-size:12px;"
         "font-weight:normal;color:#111}.rd-ruling:hover .rd-ruling-text,.rd-ruling:focus "
         ".rd-ruling-text{display:block}</style>")
_NAMED = re.compile(r"\b(Energy|Landfall) (rulings?) (\d)((?:,? (?:and )?\d)*)")


def name_rulings(text_html: str) -> str:
    """Make each "Energy ruling N" in escaped HTML focusable, showing the ruling's text."""
    def span(m):
        letter = m[1][0]
        texts = " ".join(TEXT[f"{letter}{n}"] for n in re.findall(r"\d", m[3] + m[4]) if f"{letter}{n}" in TEXT)
        return (f"<span class='rd-ruling' tabindex='0'>{m[0]}<span class='rd-ruling-text' "
                f"role='tooltip'>{html.escape(texts)}</span></span>")
    return _NAMED.sub(span, text_html)
