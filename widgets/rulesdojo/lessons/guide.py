"""What a task says beyond the board: its solution's steps in a learner's words."""

from __future__ import annotations


def is_refusal(step) -> bool:
    """Say whether a solution step shows a refusal (it changes nothing)."""
    return isinstance(step, dict) and "rejected" in step


def say_step(step) -> str:
    """Say one solution step as a learner would do it.

    >>> say_step({"order": ["Architect of the Untamed", "Lotus Cobra", "Steppe Lynx"]})
    'Order the triggers: Steppe Lynx on top of the stack (it resolves first), then Lotus Cobra, then Architect of the Untamed'
    >>> say_step({"cast": "Unsummon", "target": "Grizzly Bears"})
    'Cast Unsummon, targeting Grizzly Bears'
    """
    if isinstance(step, str):
        return {"pass": "Pass priority", "resolve": "Resolve top: everyone passes, and the top of the stack "
                "resolves"}.get(step, step)
    verb = next((k for k in step if k not in ("target", "targets", "mana", "ability", "as", "rejected")), "mana")
    arg = step[verb]
    names = ", ".join(map(str, arg)) if isinstance(arg, list) else str(arg)
    aims = step.get("target") or step.get("targets")
    aim = f", targeting {', '.join(map(str, aims)) if isinstance(aims, list) else aims}" if aims else ""
    said = {
        "play": f"Play {names}", "cast": f"Cast {names}{aim}", "activate": f"Activate {names}'s ability{aim}",
        "tap": f"Tap {names} for mana" + (f" ({{{step['mana']}}})" if "mana" in step else ""),
        "advance": f"Move the turn on to the {names} step",
        "attack": f"Attack with {names}" if arg else "Declare no attackers",
        "order": "Order the triggers: " + ", then ".join(
            [f"{n} on top of the stack (it resolves first)" if i == 0 else str(n)
             for i, n in enumerate(reversed(arg if isinstance(arg, list) else [arg]))]),
        "pay": "Pay" if arg is True else "Don't pay", "amount": f"Choose {arg}",
        "mana": f"Choose {{{arg}}}", "choose": f"Choose {names}" if arg else "Choose nothing",
        "target": f"Target {names}", "get_energy": f"Get {arg} energy", "pay_energy": f"Pay {arg} energy",
    }
    return said.get(verb, f"{verb.replace('_', ' ').capitalize()} {names}{aim}")
