"""HTML for the views: symbols from the shipped SVGs, card frames, the log, a game summary."""

from __future__ import annotations

from ..state.table import table
from .text import escape, game_text_html, rule_tag, symbol_html

STYLE = """<style>
.rd-card{display:inline-block;vertical-align:top;width:15em;max-width:100%;margin:.2em;padding:.35em .45em;
 border:2px solid #555;border-radius:.5em;background:#fbfaf6;color:#111;font:15px/1.35 sans-serif;
 box-sizing:border-box;overflow-wrap:anywhere}
.rd-card.rd-tapped{border-style:dashed;background:#ecebe6}
.rd-type,.rd-badges,.rd-oracle{font-size:14px}.rd-oracle p{margin:.25em 0 0}
.rd-badge{display:inline-block;border:1px solid #777;border-radius:.3em;padding:0 .25em;margin:0 .15em .1em 0;
 background:#fff}
.rd-sym svg{vertical-align:-0.2em}
.rd-rule{font-size:14px;font-family:monospace;background:#eef;border:1px solid #99b;border-radius:.25em;
 padding:0 .25em;margin-right:.35em;white-space:nowrap}
.rd-log{max-height:18em;overflow:auto;margin:0;padding-left:3em;font:14px/1.45 sans-serif}
.rd-error{border-left:4px solid #b00020;background:#fdecee;padding:.3em .6em;color:#5b0010}
.rd-ok{border-left:4px solid #1b7a3a;background:#e9f6ee;padding:.3em .6em;color:#0f3d1f}
.rd-note{border-left:4px solid #1a5fb4;background:#eef3fb;padding:.3em .6em}
.rd-stack{margin:0;padding-left:2.2em}.rd-steps{font:14px sans-serif}
.rd-step{display:inline-block;padding:.1em .35em;margin:.1em;border:1px solid #aaa;border-radius:.3em}
.rd-step.rd-now{border:2px solid #111;font-weight:bold;background:#ffe9a8}
.rd-energy{font:15px sans-serif}.rd-big{font-size:22px;font-weight:bold;margin-left:.3em}
.rd-view,.rd-view *{max-width:100%;box-sizing:border-box}.rd-view table{display:block;overflow-x:auto}
.rd-view .widget-hbox{flex-wrap:wrap}.rd-view .widget-html-content{white-space:normal}.rd-view .widget-hbox>.widget-inline-hbox{max-width:calc(100% - 4px)}
.jp-RenderedHTMLCommon a:link,.jp-RenderedHTMLCommon a:visited,.rd-contents a{text-decoration:underline}
.rd-ruling{position:relative;border-bottom:1px dotted #333;cursor:help}
.rd-ruling:focus{outline:3px solid #1a5fb4;outline-offset:1px}
.rd-ruling-text{display:none;position:absolute;z-index:20;left:0;top:100%;width:20em;padding:.45em;
 background:#fffef2;border:1px solid #333;border-radius:.3em;box-shadow:0 2px 6px rgba(0,0,0,.3);
 font:normal 14px/1.35 sans-serif;color:#111}
.rd-ruling:hover .rd-ruling-text,.rd-ruling:focus .rd-ruling-text{display:block}
</style>"""


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
