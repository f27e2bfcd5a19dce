"""HTML for the views: symbols from the shipped SVGs, card frames, the log, a game summary."""

from __future__ import annotations

from ..state.table import table
from .modules import stylesheet
from .text import escape, game_text_html, rule_tag, symbol_html

STYLE = f"<style>{stylesheet()}</style>"  # until every view holds page_style()


def energy_html(n: int, who: str = "") -> str:
    """Draw an energy total as symbols and a number; the number is always there in text."""
    shown = "".join(symbol_html("E") for _ in range(min(n, 12))) + (" …" if n > 12 else "")
    label = f"{who} has {n} energy" if who else f"{n} energy"
    return (f'<div class="rd-energy" role="status" aria-label="{escape(label)}">'
            f'{shown}<span class="rd-big">{n}</span> energy</div>')


def card_frame(info: dict) -> str:
    """Draw a card from the table's data: name, cost, type line, P/T, state in words, full Oracle text."""
    pt = f'{info["power"]}/{info["toughness"]}' if info.get("power") is not None else info["printed_pt"]
    badges = [w for flag, w in (("tapped", "tapped"), ("attacking", "attacking")) if info.get(flag)]
    if info.get("damage"):
        badges.append(f"{info['damage']} damage")
    if info.get("equips"):
        badges.append(f"equips {info['equips']}")
    badges += [f"{n} {k}" for k, n in (info.get("counters") or {}).items() if n]
    cls = "rd-card rd-tapped" if info.get("tapped") else "rd-card"
    badge_html = "".join(f'<span class="rd-badge">{escape(b)}</span>' for b in badges)
    oracle = "".join(f"<p>{game_text_html(line)}</p>" for line in info["oracle"].split("\n"))
    return (f'<div class="{cls}"><div><b>{escape(info["card"])}</b> {game_text_html(info["cost"])}</div>'
            f'<div class="rd-type">{escape(info["type_line"])} <b>{escape(pt)}</b></div>'
            f'<div class="rd-badges">{badge_html}</div><div class="rd-oracle">{oracle}</div></div>')


def log_html(events, newest_first: bool = True, limit: int = 200) -> str:
    rows = list(events)[-limit:]
    if newest_first:
        rows.reverse()
    items = "".join(f"<li>{rule_tag(ev[1])}{game_text_html(ev[2])}</li>" for ev in rows)
    return f'<ol class="rd-log" reversed aria-label="Event log, newest first">{items}</ol>'


def game_html(game) -> str:
    """Summarize a game for a notebook: players, battlefield, stack, the last events."""
    snap = table(game, ())
    parts = [STYLE]
    for p in snap["players"]:
        pool = "".join(symbol_html(t) * n for t, n in p["mana_pool"].items() if n) or "empty"
        parts.append(f"<div><b>{escape(p['name'])}</b>: {p['life']} life, "
                     f"{energy_html(p['energy'])} mana pool: {pool}</div>")
        perms = [x for x in snap["battlefield"] if x["controller"] == p["name"]]
        parts.append("".join(card_frame(x) for x in perms))
    if snap["stack"]:
        parts.append("<div><b>Stack (top first)</b><ol class='rd-stack'>" + "".join(
            f"<li>{escape(s['name'])}: {game_text_html(s['text'])}</li>" for s in snap["stack"]) + "</ol></div>")
    parts.append(log_html(snap["log"], limit=8))
    return "".join(parts)
