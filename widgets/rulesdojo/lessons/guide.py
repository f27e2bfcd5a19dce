"""What a task says beyond the board: its solution's steps in a learner's words."""

from __future__ import annotations

from ..i18n import words_for


def is_refusal(step) -> bool:
    """Say whether a solution step shows a refusal (it changes nothing)."""
    return isinstance(step, dict) and "rejected" in step


def say_step(step, words=None) -> str:
    """Say one solution step as a learner would do it, in their language (``words``); card names
    stay as the lesson writes them.

    >>> say_step({"order": ["Architect of the Untamed", "Lotus Cobra", "Steppe Lynx"]})
    'Order the triggers: Steppe Lynx on top of the stack (it resolves first), then Lotus Cobra, then Architect of the Untamed'
    >>> say_step({"cast": "Unsummon", "target": "Grizzly Bears"})
    'Cast Unsummon, targeting Grizzly Bears'
    """
    w = words_for("en") if words is None else words
    if isinstance(step, str):
        return {"pass": w("Pass priority"),
                "resolve": w("Resolve top: everyone passes, and the top of the stack resolves")}.get(step, step)
    verb = next((k for k in step if k not in ("target", "targets", "mana", "ability", "as", "rejected")), "mana")
    arg = step[verb]
    names = ", ".join(map(str, arg)) if isinstance(arg, list) else str(arg)
    aims = step.get("target") or step.get("targets")
    aim = ", ".join(map(str, aims)) if isinstance(aims, list) else str(aims or "")
    said = _said(w, verb, arg, names, aim, step)
    return said if said is not None else f"{verb.replace('_', ' ').capitalize()} {names}" + (f", {aim}" if aim else "")


def _said(w, verb: str, arg, names: str, aim: str, step) -> str | None:
    if verb == "order":
        top, *rest = list(reversed(arg if isinstance(arg, list) else [arg]))
        return w("Order the triggers: {top} on top of the stack (it resolves first), then {rest}",
                 top=top, rest=w(", then ").join(map(str, rest))) if rest else \
            w("Order the triggers: {top} on top of the stack (it resolves first)", top=top)
    if verb in ("cast", "activate"):
        if aim:
            return (w("Cast {names}, targeting {targets}", names=names, targets=aim) if verb == "cast" else
                    w("Activate {names}'s ability, targeting {targets}", names=names, targets=aim))
        return w("Cast {names}", names=names) if verb == "cast" else w("Activate {names}'s ability", names=names)
    if verb == "tap":
        return (w("Tap {names} for mana ({mana})", names=names, mana=f"{{{step['mana']}}}") if "mana" in step
                else w("Tap {names} for mana", names=names))
    if verb == "attack":
        return w("Attack with {names}", names=names) if arg else w("Declare no attackers")
    if verb == "pay":
        return w("Pay") if arg is True else w("Don't pay")
    if verb == "choose":
        return w("Choose {names}", names=names) if arg else w("Choose nothing")
    said = {"play": lambda: w("Play {names}", names=names),
            "advance": lambda: w("Move the turn on to the {names} step", names=names),
            "amount": lambda: w("Choose {n}", n=arg), "mana": lambda: w("Choose {mana}", mana=f"{{{arg}}}"),
            "target": lambda: w("Target {names}", names=names),
            "get_energy": lambda: w.n("Get {n} energy", "Get {n} energy", int(arg)),
            "pay_energy": lambda: w.n("Pay {n} energy", "Pay {n} energy", int(arg))}.get(verb)
    return said() if said is not None else None
