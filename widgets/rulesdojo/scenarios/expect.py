"""Expectations in a scenario: what must hold after its actions, and how a difference reads."""

from __future__ import annotations

from collections import Counter

from ..rules import query as q
from ..rules.describe import name_of
from ..rules.errors import RulesError, ScenarioError
from ..rules.mana import TYPE_NAMES, TYPES, ManaCost, pool_text
from .yamlsource import key_line

OUTCOMES = ("resolved", "countered", "did not resolve")  # countered (CR 701.6a) / every target illegal (608.2b)
EXPECT_KEYS = {"players", "permanents", "stack", "resolved", "step", "turn", "active", "priority",
               "pending", "log_contains", "winner"}
PLAYER_EXPECT = {"energy", "life", "counters", "mana", "hand", "graveyard", "exile", "battlefield",
                 "library", "library_count", "hand_count"}
CHOICE_EXPECT = {"kind", "player", "min", "max", "answers", "options"}
PERM_EXPECT = {"power", "toughness", "tapped", "counters", "controller", "types", "subtypes",
               "keywords", "lacks", "types_absent", "subtypes_absent", "keywords_absent", "colors",
               "token", "present", "damage", "count", "attached_to"}
COLOR_WORDS = ("white", "blue", "black", "red", "green")


def validate_expect(exp, source: str, place: str) -> None:
    """Check an ``expect`` mapping's shape; raise ``ScenarioError`` at the first problem."""
    def bad(msg, where=None, key=None):
        # Name the offending key's own line when the YAML recorded it (else the place given).
        line = key_line(where, key) if where is not None and key is not None else 0
        at = f"line {line}, {place.split(', ', 1)[1] if place.startswith('line ') else place}"
        raise ScenarioError(msg, file=source, place=at if line else place)

    if not isinstance(exp, dict):
        bad("'expect' must be a mapping")
    extra = [k for k in exp if k not in EXPECT_KEYS]
    if extra:
        bad(f"unknown expectation {extra[0]!r}; known: {', '.join(sorted(EXPECT_KEYS))}", exp, extra[0])
    for section, known in (("players", PLAYER_EXPECT), ("permanents", PERM_EXPECT)):
        entries = exp.get(section) or {}
        for name, want in entries.items():
            if not isinstance(want, dict):
                bad(f"{section}.{name} must be a mapping", entries, name)
            extra = [k for k in want if k not in known]
            if extra:
                bad(f"unknown key {extra[0]!r} under {section}.{name}; known: {', '.join(sorted(known))}",
                    want, extra[0])
    for name, want in (exp.get("permanents") or {}).items():
        wrong = [c for c in want.get("colors") or [] if c not in COLOR_WORDS]
        if "colors" in want and (not isinstance(want["colors"], list) or wrong):
            bad(f"permanents.{name}.colors lists color words ({', '.join(COLOR_WORDS)}), or [] for "
                f"colorless; not {wrong[0] if wrong else want['colors']!r}", want, "colors")
    resolved = exp.get("resolved") or {}
    if not isinstance(resolved, dict):
        bad("'resolved' maps a spell or ability name to true or false, or to how it left the stack")
    for name, want in resolved.items():
        if not isinstance(want, bool) and want not in OUTCOMES:
            bad(f"resolved.{name} is true, false, or one of: {', '.join(OUTCOMES)}", exp["resolved"], name)
    choice = exp.get("pending")
    if isinstance(choice, dict):
        extra = [k for k in choice if k not in CHOICE_EXPECT]
        if extra:
            bad(f"unknown key {extra[0]!r} under pending; known: {', '.join(sorted(CHOICE_EXPECT))}",
                choice, extra[0])


def check_expect(game, exp: dict, resolver) -> list[str]:
    """Compare the game with the expectations; return one line per difference."""
    st = game.state
    out: list[str] = []

    def differ(what, want, got):
        if want != got:
            out.append(f"{what}: expected {want!r}, got {got!r}")

    for name, want in (exp.get("players") or {}).items():
        try:
            p = q.player(st, str(name))
        except RulesError:
            out.append(f"players.{name}: no such player")
            continue
        for key, val in want.items():
            if key == "energy":
                differ(f"{name} energy", val, p.energy)
            elif key == "life":
                differ(f"{name} life", val, p.life)
            elif key == "counters":
                for kind, n in val.items():
                    differ(f"{name} {kind} counters", n, p.counters.get(kind, 0))
            elif key == "mana":
                differ(f"{name} mana pool", _pool(val), pool_text(p.pool))
            elif key in ("hand", "graveyard", "exile"):
                differ(f"{name} {key}", _bag(val), _bag([o.card for o in p.zone(key)]))
            elif key == "battlefield":
                differ(f"{name} battlefield", _bag(val),
                       _bag([x.card for x in st.battlefield if x.controller == name]))
            elif key == "library":
                differ(f"{name} library (top first)", [str(n) for n in val or []], [o.card for o in p.library])
            elif key == "library_count":
                differ(f"{name} library size", val, len(p.library))
            elif key == "hand_count":
                differ(f"{name} hand size", val, len(p.hand))
    for ref, want in (exp.get("permanents") or {}).items():
        out += _check_permanent(game, resolver, str(ref), want)
    if "stack" in exp:
        differ("stack (top first)", list(exp["stack"] or []), [s.name for s in reversed(st.stack)])
    for name, want in (exp.get("resolved") or {}).items():
        got = _outcome(st, str(name))
        if got is None:
            out.append(f"resolved.{name}: nothing named {name} has left the stack")
        elif isinstance(want, bool):
            differ(f"{name} resolved", want, got == "resolved")
        else:
            differ(f"how {name} left the stack", want, got)
    for key, got in (("step", st.step), ("turn", st.turn), ("active", st.active),
                     ("priority", st.priority), ("winner", st.winner)):
        if key in exp:
            differ(key, exp[key], got)
    if "pending" in exp:
        want = exp["pending"]
        if isinstance(want, dict):
            out += _check_choice(game, want)
        else:
            differ("pending choice", want, st.pending.kind if st.pending else None)
    for rule in exp.get("log_contains") or []:
        if not any(ev.rule == str(rule) or str(rule) in ev.text for ev in st.log):
            out.append(f"log: no event cites or says {rule!r}")
    return out


def _plain_name(st, ref) -> str:
    """Name an option as a scenario file does: a player, or a card by its name."""
    p = q.permanent(st, ref) if not isinstance(ref, str) else None
    return p.card if p is not None else name_of(st, ref)


def _check_choice(game, want: dict) -> list[str]:
    """Compare the pending choice itself: its kind, who chooses, its bounds, its legal answers."""
    choice = game.pending
    if choice is None:
        return ["pending choice: expected one, but none is pending"]
    snap = choice.snapshot()
    got = {"kind": choice.kind, "player": choice.player, "min": snap["low"], "max": snap["high"],
           "options": sorted(_plain_name(game.state, o) for o in choice.options)}
    out = [f"pending {key}: expected {want[key]!r}, got {got[key]!r}" for key in ("kind", "player", "min", "max")
           if key in want and want[key] != got[key]]
    if "options" in want and sorted(map(str, want["options"])) != got["options"]:
        out.append(f"pending options: expected {sorted(map(str, want['options']))}, got {got['options']}")
    if "answers" in want:
        said = [game.describe(a) for a in choice.legal_answers(game.state)]
        expected = want["answers"]
        if isinstance(expected, int) and len(said) != expected:
            out.append(f"pending answers: expected {expected} legal answers, got {len(said)}: {said}")
        elif isinstance(expected, list) and sorted(map(str, expected)) != sorted(said):
            out.append(f"pending answers: expected {sorted(map(str, expected))}, got {sorted(said)}")
    return out


def _check_permanent(game, resolver, ref: str, want: dict) -> list[str]:
    st = game.state
    owner, name = None, ref.lower()
    head, _, tail = ref.partition("'s ")
    if tail and any(pl.name == head for pl in st.players):  # "Nadia's Beast", not "Gonti's Machinations"
        owner, name = head, tail.lower()
    matches = [p for p in st.battlefield if p.card.lower() == name
               and (owner is None or p.controller == owner)]
    if resolver.alias(ref) is not None:
        matches = [p for p in st.battlefield if p.id == resolver.alias(ref)]
    out = []
    if "count" in want:
        if want["count"] != len(matches):
            out.append(f"{ref} count: expected {want['count']!r}, got {len(matches)!r}")
    if "present" in want:
        if bool(want["present"]) != bool(matches):
            out.append(f"{ref} on the battlefield: expected {bool(want['present'])}, got {bool(matches)}")
    rest = {k: v for k, v in want.items() if k not in ("count", "present")}
    if not rest:
        return out
    if not matches:
        return out + [f"{ref}: not on the battlefield"]
    p = matches[0]
    got = {"power": q.power(st, p), "toughness": q.toughness(st, p), "tapped": p.tapped,
           "controller": p.controller, "damage": p.damage, "token": p.token}
    for key, val in rest.items():
        if key in got:
            if got[key] != val:
                out.append(f"{ref} {key}: expected {val!r}, got {got[key]!r}")
        elif key == "attached_to":
            out += _check_attached(st, resolver, ref, p, val)
        elif key == "counters":
            for kind, n in val.items():
                if p.counters.get(kind, 0) != n:
                    out.append(f"{ref} {kind} counters: expected {n!r}, got {p.counters.get(kind, 0)!r}")
        elif key == "colors":
            has = [TYPE_NAMES[c] for c in q.colors(st, p)]
            if sorted(val) != sorted(has):
                out.append(f"{ref} colors: expected {sorted(val) or 'colorless'}, got {has or 'colorless'}")
        elif key == "lacks" or key.endswith("_absent"):
            what = {"lacks": "types, subtypes and keywords", "types_absent": "types",
                    "subtypes_absent": "subtypes", "keywords_absent": "keywords"}[key]
            has = [x for x in val if x in _characteristics(st, p, key)]
            if has:
                out.append(f"{ref}: expected not to have {has} among its {what}")
        else:
            have = {"types": q.types(st, p), "subtypes": q.subtypes(st, p),
                    "keywords": q.keywords(st, p)}[key]
            missing = [x for x in val if x not in have]
            if missing:
                out.append(f"{ref} {key}: expected to include {missing}, has {list(have)}")
    return out


def _check_attached(st, resolver, ref: str, p, want) -> list[str]:
    """Compare what an Equipment is attached to (CR 301.5a) with a permanent named, or null."""
    has = name_of(st, p.attached_to) if p.attached_to is not None else None
    if want is None:
        return [] if has is None else [f"{ref} attached_to: expected nothing, got {has}"]
    try:
        oid = resolver.permanent(str(want))
    except RulesError as exc:
        return [f"{ref} attached_to: {exc}"]
    if p.attached_to != oid:
        return [f"{ref} attached_to: expected {want}, got {has or 'nothing'}"]
    return []


def _characteristics(st, p, key: str) -> tuple:
    """Return what a ``lacks`` or ``*_absent`` expectation looks through."""
    parts = {"types_absent": q.types, "subtypes_absent": q.subtypes, "keywords_absent": q.keywords}
    if key in parts:
        return parts[key](st, p)
    return (*q.types(st, p), *q.subtypes(st, p), *q.keywords(st, p))


def _outcome(st, name: str):
    found = None
    for sid, result in st.outcomes.items():
        if st.names.get(sid, "").lower() == name.lower():
            found = result
    return found


def _bag(names) -> list:
    return sorted(Counter(str(n) for n in names or []).elements())


def _pool(val) -> str:
    if isinstance(val, dict):
        return pool_text({t: int(val.get(t, 0)) for t in TYPES})
    if not val:
        return "nothing"
    cost = ManaCost.parse(str(val))
    return pool_text(dict(cost.colored))
