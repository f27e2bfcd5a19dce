"""Lesson 5: a targeted spell whose every target is illegal doesn't resolve — no energy gained, none paid."""

from .framework import Check, Lesson, Task, outcome_of

LIGHTNING_FIZZLES = {
    "name": "Harnessed Lightning loses its target", "setup": {"players": [
        {"name": "Alice", "energy": 2, "mana": "{R}{R}", "hand": ["Harnessed Lightning"]},
        {"name": "Nadia", "mana": "{U}", "hand": ["Unsummon"], "battlefield": ["Grizzly Bears"]}]},
    "actions": [{"cast": "Harnessed Lightning", "target": "Grizzly Bears"}, "pass",
                {"cast": "Unsummon", "target": "Grizzly Bears"}, "resolve", "resolve"]}


LESSON = Lesson(5, "fizzle", "No target, no energy",
                "A spell whose every target became illegal doesn't resolve: no {E} gained, none paid.", [
    Task("save-the-bears", "Save your Bears, and deny the energy",
         "It's Nadia's turn. She has cast Galvanic Discharge on Alice's Grizzly Bears. Nadia holds "
         "priority: pass it for her. Then, as Alice, cast Unsummon on your own Bears and resolve "
         "everything. Watch Nadia's energy.",
         {"name": "Galvanic Discharge on the Bears", "setup": {"active": "Nadia", "players": [
             {"name": "Alice", "hand": ["Unsummon"], "battlefield": ["Grizzly Bears", "Island"]},
             {"name": "Nadia", "energy": 1, "mana": "{R}", "hand": ["Galvanic Discharge"]}]},
          "actions": [{"cast": "Galvanic Discharge", "target": "Grizzly Bears"}]},
         goal=lambda g: (outcome_of(g, "Galvanic Discharge") == "did not resolve" and not g.stack
                         and g.player("Nadia").energy == 1),
         done="The Bears were back in Alice's hand, so Galvanic Discharge's only target was illegal. "
              "It didn't resolve and none of its effects happened (CR 608.2b): Nadia got no "
              "{E}{E}{E} (ruling E9) and couldn't pay any energy either (ruling E8).",
         rule="608.2b", views=("board", "stack", "payment", "log")),
    Check("lightning-energy", "Alice has 2 energy and casts Harnessed Lightning on Nadia's Grizzly "
          "Bears. Nadia responds with Unsummon on the Bears. After both resolve, how much energy "
          "does Alice have?",
          LIGHTNING_FIZZLES,
          why="{answer}, as before. With its only target gone, Harnessed Lightning doesn't resolve "
              "(CR 608.2b): she doesn't get the {{E}}{{E}}{{E}} (ruling E9) and can't pay any energy "
              "(ruling E8).", rule="608.2b", answer=lambda g: g.player("Alice").energy),
    Check("what-happened", "In the same game, what happened to Harnessed Lightning?",
          LIGHTNING_FIZZLES,
          why="{answer}. If every target is illegal when a spell tries to resolve, it doesn't "
              "resolve and goes to the graveyard; today's rules don't call that \"countered\" "
              "(CR 608.2b).", rule="608.2b",
          options=[("It didn't resolve: none of its effects happened",
                    lambda g: outcome_of(g, "Harnessed Lightning") == "did not resolve"
                    and g.player("Alice").energy == 2),
                   ("It resolved: Alice got three energy but dealt no damage",
                    lambda g: outcome_of(g, "Harnessed Lightning") == "resolved"),
                   ("It resolved and Alice lost the energy she chose to pay",
                    lambda g: g.player("Alice").energy < 2)]),
])
