"""Lesson 8: becoming a land isn't entering — Ashaya, Soul of the Wild and landfall."""

from .framework import Check, Lesson, Task, beasts

ARCHITECT = "Architect of the Untamed"
ASHAYA = "Ashaya, Soul of the Wild"


def _count(g, card: str) -> int:
    return sum(1 for p in g.state.battlefield if p.card == card)


LESSON = Lesson(8, "becoming-a-land", "Becoming a land isn't entering",
                "Landfall needs a land to enter; a permanent that becomes a land doesn't trigger it.", [
    Task("ashaya", "Ashaya turns creatures into Forests",
         "Cast Ashaya, Soul of the Wild and resolve everything. Then cast the Grizzly Bears from your "
         "hand and resolve everything again. Watch which of them makes the Architect trigger, and "
         "which creatures become Forests without triggering anything.",
         {"name": "Ashaya and the Architect", "setup": {"players": [
             {"name": "Alice", "hand": [ASHAYA, "Grizzly Bears"],
              "battlefield": [ARCHITECT, "Grizzly Bears", *["Forest"] * 7]},
             {"name": "Nadia"}]}},
         goal=lambda g: (_count(g, ASHAYA) == 1 and _count(g, "Grizzly Bears") == 2 and not g.stack
                         and g.pending is None and g.player("Alice").energy == 2),
         done="Two landfall triggers: Ashaya entered as a land (its own ability applies as it enters, "
              "CR 603.6b), and so did the Bears you cast. The Architect and the first Bears only "
              "only became Forests; they didn't enter, so nothing triggered for them (ruling L2).",
         rule="603.6a", views=("board", "stack", "order", "log")),
    Check("ashaya-energy", "Alice controls Architect of the Untamed, Steppe Lynx and five Forests, "
          "and has no energy. She casts Ashaya, Soul of the Wild. After everything resolves, how much "
          "energy does she have?",
          {"name": "Ashaya arrives", "setup": {"players": [
              {"name": "Alice", "hand": [ASHAYA],
               "battlefield": [ARCHITECT, "Steppe Lynx", *["Forest"] * 5]},
              {"name": "Nadia"}]},
           "actions": [{"cast": ASHAYA}, "resolve", {"order": ["Steppe Lynx", ARCHITECT]},
                       "resolve", "resolve"]},
          why="{answer}. Ashaya entered as a Forest land, so each landfall ability triggered once "
              "(ruling L1). The Architect and the Lynx turned into Forests, but a permanent already on "
              "the battlefield becoming a land doesn't trigger landfall (ruling L2).", rule="603.6a",
          answer=lambda g: g.player("Alice").energy),
    Check("beast-token", "Alice controls Ashaya and the Architect, with 8 energy. She makes a Beast. "
          "Does the Architect's landfall trigger?",
          {"name": "A Beast under Ashaya", "setup": {"players": [
              {"name": "Alice", "energy": 8, "battlefield": [ASHAYA, ARCHITECT]}, {"name": "Nadia"}]},
           "actions": [{"activate": ARCHITECT}, "resolve"]},
          why="{answer}. Ashaya makes nontoken creatures Forests; the Beast is a token, an artifact "
              "creature and not a land, so no land entered (ruling L1).", rule="111.1",
          options=[("No: the token isn't a land, so no land entered",
                    lambda g: beasts(g) == 1 and not g.stack and g.player("Alice").energy == 0),
                   ("Yes: the Beast enters as a Forest and Alice gets 1 energy",
                    lambda g: g.player("Alice").energy > 0 or bool(g.stack))]),
])
