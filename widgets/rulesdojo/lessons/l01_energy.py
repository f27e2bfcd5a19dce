"""Lesson 1: what energy is — counters on a player, got and paid, never tied to a permanent."""

from ..rules.game import Game
from .framework import Check, Lesson, Task

TWO = [{"name": "Nadia"}]


def _paid(game: Game) -> bool:
    return any(ev.kind == "energy" and " pays " in ev.text for ev in game.log)


LESSON = Lesson(1, "what-energy-is", "What energy is",
                "{E} is one energy counter, on a player: getting and paying it.", [
    Task("get-and-pay", "Get five, pay three",
         "Get 5 energy, then pay 3. Try paying more than you have too: the counter won't move.",
         {"name": "Getting and paying energy", "setup": {"players": [{"name": "Alice"}, *TWO]}},
         goal=lambda g: g.player("Alice").energy == 2 and _paid(g),
         done="Getting {E} puts energy counters on you; paying {E} removes them, and you can't pay "
              "more than you have.", rule="107.14", views=("energy:Alice", "log")),
    Task("leaving-takes-nothing", "A permanent leaving takes no energy with it",
         "Play the Forest and let the Architect's landfall ability resolve (Resolve top). Then pass "
         "priority so Nadia can cast Unsummon on the Architect, and resolve it. Watch Alice's energy.",
         {"name": "Energy stays when the Architect leaves", "setup": {"players": [
             {"name": "Alice", "energy": 3, "hand": ["Forest"],
              "battlefield": ["Architect of the Untamed"]},
             {"name": "Nadia", "hand": ["Unsummon"], "battlefield": ["Island"]}]}},
         goal=lambda g: (any(o.card == "Architect of the Untamed" for o in g.player("Alice").hand)
                         and g.player("Alice").energy == 4),
         done="The Architect went back to Alice's hand, but her 4 energy stayed: energy counters "
              "are on the player, not on any permanent (ruling E4).", rule="122.1",
         views=("board", "stack", "log")),
    Check("after-unsummon", "Alice has 2 energy and controls Servant of the Conduit. Nadia casts "
          "Unsummon on the Servant and it resolves. How much energy does Alice have now?",
          {"name": "Unsummon the Servant", "setup": {"players": [
              {"name": "Alice", "energy": 2, "battlefield": ["Servant of the Conduit"]},
              {"name": "Nadia", "mana": "{U}", "hand": ["Unsummon"]}], "active": "Nadia"},
           "actions": [{"cast": "Unsummon", "target": "Servant of the Conduit"}, "resolve"]},
          why="Alice still has {answer}: counters on a permanent cease to exist when it leaves "
              "(CR 122.2), but energy counters are on the player, so nothing is lost (ruling E4).",
          rule="122.1", answer=lambda g: g.player("Alice").energy),
    Check("where-it-lives", "Alice's Aether Hub enters and its ability resolves. Where is the "
          "energy counter she gets?",
          {"name": "Aether Hub enters", "setup": {"players": [
              {"name": "Alice", "hand": ["Aether Hub"]}, {"name": "Nadia"}]},
           "actions": [{"play": "Aether Hub"}, "resolve"]},
          why="{answer}. {{E}} means one energy counter, and a player gets it (rulings E1, E4).",
          rule="107.14",
          options=[("On Alice, the player", lambda g: g.player("Alice").energy == 1),
                   ("On the Aether Hub", lambda g: any(p.counters.get("energy") for p in g.state.battlefield)),
                   ("In Alice's mana pool", lambda g: sum(g.player("Alice").pool.values()) > 0)]),
])
