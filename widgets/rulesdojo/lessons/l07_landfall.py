"""Lesson 7: landfall triggers for every land you control entering, played or put; you order them."""

from ..rules.game import Game
from .framework import Check, Lesson, Task, power_of


def _first_landfall_resolved(game: Game) -> str | None:
    for ev in game.log:
        if ev.kind == "resolve" and "ability" in ev.text:
            return ev.text
    return None


LESSON = Lesson(7, "landfall", "Landfall",
                "Every land you control entering triggers each landfall ability; you pick the order.", [
    Task("every-land", "Played or put: both trigger",
         "Play the Forest, then cast Rampant Growth to put a basic land onto the battlefield. Resolve "
         "everything. The Architect should give you energy twice, and you still used only one land play.",
         {"name": "Two ways for a land to enter", "setup": {"players": [
             {"name": "Alice", "hand": ["Forest", "Rampant Growth"], "library": ["Plains", "Island"],
              "battlefield": ["Architect of the Untamed", "Forest", "Forest"]},
             {"name": "Nadia", "battlefield": ["Island"]}]}},
         goal=lambda g: (g.player("Alice").energy == 2 and not g.stack and g.pending is None
                         and g.state.land_plays == 1),
         done="Landfall triggers whenever a land you control enters for any reason: your land play "
              "and a land a spell puts onto the battlefield (ruling L1). Putting a land isn't playing "
              "one (CR 305.4).", rule="603.6a", views=("board", "stack", "choices", "log")),
    Task("choose-order", "You choose the order",
         "Play the Forest. Three landfall abilities trigger. Put them on the stack so that Steppe "
         "Lynx's ability resolves first, then resolve it.",
         {"name": "Three landfall triggers", "setup": {"players": [
             {"name": "Alice", "hand": ["Forest"],
              "battlefield": ["Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"]},
             {"name": "Nadia"}]}},
         goal=lambda g: "Steppe Lynx" in (_first_landfall_resolved(g) or ""),
         done="You put your simultaneous triggers on the stack in any order, and the last one you put "
              "there resolves first (ruling L3; CR 603.3b, 405.5).", rule="603.3b",
         views=("board", "order", "stack", "log")),
    Check("lynx-power", "Alice controls Steppe Lynx (0/1) and Architect of the Untamed. She plays a "
          "Forest, lets everything resolve, then casts Rampant Growth and puts a Plains onto the "
          "battlefield. After everything resolves, what is Steppe Lynx's power?",
          {"name": "Lynx grows twice", "setup": {"players": [
              {"name": "Alice", "mana": "{G}{G}", "hand": ["Forest", "Rampant Growth"],
               "library": ["Plains"], "battlefield": ["Steppe Lynx", "Architect of the Untamed"]},
              {"name": "Nadia"}]},
           "actions": [{"play": "Forest"}, {"order": ["Steppe Lynx", "Architect of the Untamed"]},
                       "resolve", "resolve", {"cast": "Rampant Growth"}, "resolve",
                       {"choose": ["Plains"]},
                       {"order": ["Steppe Lynx", "Architect of the Untamed"]}, "resolve", "resolve"]},
          why="Steppe Lynx is {answer}: each land entering gave a separate +2/+2 until end of turn, "
              "the played Forest and the Plains Rampant Growth put onto the battlefield (ruling L1).",
          rule="603.6a", answer=lambda g: power_of(g, "Steppe Lynx")),
    Check("opponents-land", "On Nadia's turn, Nadia plays a Forest. Alice controls Architect of "
          "the Untamed. What happens?",
          {"name": "Nadia's land", "setup": {"active": "Nadia", "players": [
              {"name": "Alice", "battlefield": ["Architect of the Untamed"]},
              {"name": "Nadia", "hand": ["Forest"]}]},
           "actions": [{"play": "Forest"}]},
          why="{answer}: landfall looks for a land *you* control entering (ruling L1).",
          rule="207.2c",
          options=[("Nothing: it isn't Alice's land", lambda g: not g.stack and g.player("Alice").energy == 0),
                   ("Alice's Architect triggers and she gets energy", lambda g: bool(g.stack)),
                   ("Nadia gets energy from Alice's Architect", lambda g: g.player("Nadia").energy > 0)]),
])
