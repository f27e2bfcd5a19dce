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
    words = words_for("en") if words is None else words
    if isinstance(step, str):
        return {"pass": words("Pass priority"),
                "resolve": words("Resolve top: everyone passes, and the top of the stack resolves")}.get(step, step)
    verb = next((k for k in step if k not in ("target", "targets", "mana", "ability", "as", "rejected")), "mana")
    arg = step[verb]
    names = ", ".join(map(str, arg)) if isinstance(arg, list) else str(arg)
    aims = step.get("target") or step.get("targets")
    aim = ", ".join(map(str, aims)) if isinstance(aims, list) else str(aims or "")
    said = _said(words, verb, arg, names, aim, step)
    return said if said is not None else f"{verb.replace('_', ' ').capitalize()} {names}" + (f", {aim}" if aim else "")


def _said(words, verb: str, arg, names: str, aim: str, step) -> str | None:
    if verb == "order":
        return _order(words, arg)
    if verb in ("cast", "activate"):
        return _aimed(words, verb, names, aim)
    if verb == "tap":
        return (words("Tap {names} for mana ({mana})", names=names, mana=f"{{{step['mana']}}}") if "mana" in step
                else words("Tap {names} for mana", names=names))
    said = _ANSWERED.get(verb) or _NAMED.get(verb)
    return said(words, arg, names) if said is not None else None


def _order(words, arg) -> str:
    top, *rest = list(reversed(arg if isinstance(arg, list) else [arg]))
    if not rest:
        return words("Order the triggers: {top} on top of the stack (it resolves first)", top=top)
    return words("Order the triggers: {top} on top of the stack (it resolves first), then {rest}",
                 top=top, rest=words(", then ").join(map(str, rest)))


def _aimed(words, verb: str, names: str, aim: str) -> str:
    if verb == "cast":
        return words("Cast {names}, targeting {targets}", names=names, targets=aim) if aim else \
            words("Cast {names}", names=names)
    return words("Activate {names}'s ability, targeting {targets}", names=names, targets=aim) if aim else \
        words("Activate {names}'s ability", names=names)


#: steps said one way or another by their argument (attack with none, pay or not, choose none)
_ANSWERED = {
    "attack": lambda words, arg, names: words("Attack with {names}", names=names) if arg
    else words("Declare no attackers"),
    "pay": lambda words, arg, names: words("Pay") if arg is True else words("Don't pay"),
    "choose": lambda words, arg, names: words("Choose {names}", names=names) if arg else words("Choose nothing"),
}
#: steps said with what they name
_NAMED = {
    "play": lambda words, arg, names: words("Play {names}", names=names),
    "advance": lambda words, arg, names: words("Move the turn on to the {names} step", names=names),
    "amount": lambda words, arg, names: words("Choose {n}", n=arg),
    "mana": lambda words, arg, names: words("Choose {mana}", mana=f"{{{arg}}}"),
    "target": lambda words, arg, names: words("Target {names}", names=names),
    "get_energy": lambda words, arg, names: words.n("Get {n} energy", "Get {n} energy", int(arg)),
    "pay_energy": lambda words, arg, names: words.n("Pay {n} energy", "Pay {n} energy", int(arg)),
}
