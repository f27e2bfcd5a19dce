"""Lesson 10: capstone — one turn with Architect of the Untamed: sequence lands, triggers and payments."""

from .framework import Check, Lesson, Task, beasts

ARCHITECT = "Architect of the Untamed"

CAPSTONE = {"name": "Capstone: a Beast this turn", "setup": {"players": [
    {"name": "Alice", "energy": 5, "hand": ["Aether Hub", "Forest", "Rampant Growth"],
     "library": ["Forest", "Plains"],
     "battlefield": [ARCHITECT, "Lotus Cobra", "Island", "Mountain"]},
    {"name": "Nadia", "hand": ["Unsummon"], "battlefield": ["Island"]}]}}


def _capstone(actions: list) -> dict:
    return {**CAPSTONE, "actions": actions}


LESSON = Lesson(10, "capstone", "Capstone: a Beast this turn",
                "Put it all together: land, triggers, mana and energy in the right order.", [
    Task("beast-this-turn", "Make a Beast this turn",
         "Alice has 5 energy; the Beast costs eight. Her lands are an Island and a Mountain, so "
         "nothing she controls makes {G} for free. In hand: Aether Hub, a Forest and Rampant Growth "
         "({1}{G}). Make a Beast before the turn ends. Plan first: which land do you play, where "
         "does the {G} come from, and what does each choice cost in energy? (Start over any time.)",
         CAPSTONE,
         goal=lambda g: beasts(g) >= 1 and g.state.turn == 2,
         done="Aether Hub as the land play gave two {E} (its own trigger and landfall); Lotus "
              "Cobra's landfall mana, not the Hub's {E}, paid the {G}; Rampant Growth put a land onto "
              "the battlefield without using the land play (CR 305.4) for the eighth {E}. Any "
              "other line ends the turn with seven.", rule="305.4",
         views=("board", "stack", "order", "choices", "turn", "log")),
    Check("forest-line", "Same position. Alice plays the Forest instead of Aether Hub, takes {G} "
          "from Lotus Cobra, casts Rampant Growth and fetches the other Forest. After everything "
          "resolves, how much energy does she have?",
          _capstone([{"play": "Forest"}, {"order": [ARCHITECT, "Lotus Cobra"]}, "resolve",
                     {"mana": "G"}, "resolve", {"cast": "Rampant Growth"}, "resolve",
                     {"choose": "Forest"}, {"order": [ARCHITECT, "Lotus Cobra"]}, "resolve",
                     {"mana": "G"}, "resolve"]),
          why="{answer}: one {{E}} for each land entering (ruling L1), 5 + 1 + 1. The Forest gives no "
              "{{E}} of its own, and she has no land play left for the Hub (CR 305.2). Seven can't "
              "pay eight (CR 118.3).", rule="305.2",
          answer=lambda g: g.player("Alice").energy),
    Check("unsummon-response", "Alice reaches 8 energy and activates the Architect. In response, "
          "Nadia casts Unsummon on the Architect. What happens?",
          _capstone([{"play": "Aether Hub"}, {"order": ["Lotus Cobra", "Aether Hub", ARCHITECT]},
                     "resolve", "resolve", "resolve", {"mana": "G"},
                     {"cast": "Rampant Growth"}, "resolve", {"choose": "Forest"},
                     {"order": ["Lotus Cobra", ARCHITECT]}, "resolve", "resolve", {"mana": "G"},
                     {"activate": ARCHITECT}, "pass", {"cast": "Unsummon", "target": ARCHITECT},
                     "resolve", "resolve"]),
          why="{answer}. The eight {{E}} were paid as the ability was activated (CR 602.2, 118.3), "
              "and once on the stack the ability doesn't depend on its source (CR 113.7a). Energy "
              "stays with Alice, not with the Architect (ruling E4).", rule="113.7a",
          options=[("The Beast is still created; the Architect goes back to Alice's hand",
                    lambda g: beasts(g) == 1
                    and any(o.card == ARCHITECT for o in g.player("Alice").hand)),
                   ("No Beast, and Alice gets her 8 energy back",
                    lambda g: beasts(g) == 0 and g.player("Alice").energy >= 8),
                   ("No Beast, and the 8 energy are lost", lambda g: beasts(g) == 0)]),
])
