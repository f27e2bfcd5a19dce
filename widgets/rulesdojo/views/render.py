"""HTML for the views: an energy total and the log (a card is drawn by the table, ``static/table.js``)."""

from __future__ import annotations

from .modules import stylesheet
from .text import escape, game_text_html, rule_tag, symbol_html

STYLE = f"<style>{stylesheet()}</style>"  # until every view holds page_style()


def energy_html(n: int, who: str = "") -> str:
    """Draw an energy total as symbols and a number; the number is always there in text."""
    shown = "".join(symbol_html("E") for _ in range(min(n, 12))) + (" …" if n > 12 else "")
    label = f"{who} has {n} energy" if who else f"{n} energy"
    return (f'<div class="rd-energy" role="status" aria-label="{escape(label)}">'
            f'{shown}<span class="rd-big">{n}</span> energy</div>')


def log_html(events, newest_first: bool = True, limit: int = 200) -> str:
    rows = list(events)[-limit:]
    if newest_first:
        rows.reverse()
    items = "".join(f"<li>{rule_tag(ev[1])}{game_text_html(ev[2])}</li>" for ev in rows)
    return f'<ol class="rd-log" reversed aria-label="Event log, newest first">{items}</ol>'
