"""Lesson 6: energy is a counter — proliferate, Vorinclex, Doubling Season and Solemnity meet it."""

from .framework import Check, Lesson, Task, beasts, outcome_of

ARCHITECT = "Architect of the Untamed"
VORINCLEX = "Vorinclex, Monstrous Raider"

LESSON = Lesson(6, "counters", "Counters meet energy",
                "Energy is a counter: proliferate and Vorinclex touch it; Doubling Season doesn't; "
                "Solemnity stops getting it.", [
    Task("proliferate", "Proliferate yourself, not your opponent",
         "Alice has 2 energy and Nadia has 3. Cast Steady Progress and proliferate so that Alice gets "
         "one more energy and Nadia doesn't.",
         {"name": "Steady Progress", "setup": {"players": [
             {"name": "Alice", "energy": 2, "hand": ["Steady Progress"], "library": ["Forest"],
              "battlefield": ["Island", "Island", "Island"]},
             {"name": "Nadia", "energy": 3}]}},
         goal=lambda g: (outcome_of(g, "Steady Progress") == "resolved"
                         and g.player("Alice").energy == 3 and g.player("Nadia").energy == 3),
         done="Proliferate chooses any players (and permanents) that already have a counter and "
              "gives each one more of each kind (CR 701.34a): one more {E} for Alice, and Nadia "
              "left out. Anything that affects counters a player gets affects energy (ruling E2).",
         rule="701.34a", views=("board", "stack", "choices", "log")),
    Task("doubling-season", "What Doubling Season doubles",
         "Alice has 7 energy, Doubling Season and the Architect. Play the Forest, resolve the "
         "landfall ability, and make Beasts. Count the energy and the Beasts.",
         {"name": "Doubling Season and the Architect", "setup": {"players": [
             {"name": "Alice", "energy": 7, "hand": ["Forest"],
              "battlefield": ["Doubling Season", ARCHITECT]},
             {"name": "Nadia"}]}},
         goal=lambda g: beasts(g) == 2 and g.player("Alice").energy == 0,
         done="Doubling Season doubles counters put on permanents you control, so the landfall "
              "{E} (a counter on a player) stayed one: 7 + 1 = 8. It does double tokens: one "
              "activation made two Beasts (CR 111.1).", rule="614.1a",
         views=("board", "stack", "log")),
    Check("nadias-vorinclex", "Alice has 0 energy. Nadia controls Vorinclex, Monstrous Raider. Alice "
          "casts Harnessed Lightning on Vorinclex; as it resolves she gets {E}{E}{E} and is asked "
          "how much to pay. How much energy does she have to pay with?",
          {"name": "Nadia's Vorinclex halves", "setup": {"players": [
              {"name": "Alice", "mana": "{R}{R}", "hand": ["Harnessed Lightning"]},
              {"name": "Nadia", "battlefield": [VORINCLEX]}]},
           "actions": [{"cast": "Harnessed Lightning", "target": VORINCLEX}, "resolve"]},
          why="{answer}. An opponent's Vorinclex makes Alice put half that many counters, rounded "
              "down (a replacement effect, CR 614.1a): three {{E}} become one. Energy is a counter "
              "on a player, so Vorinclex affects it (ruling E2).", rule="614.1a",
          answer=lambda g: g.player("Alice").energy),
    Check("solemnity", "Solemnity is on the battlefield (\"Players can't get counters\"). Alice has 8 "
          "energy and the Architect. She plays a Forest, lets everything resolve, then activates "
          "the Architect. What happens?",
          {"name": "Solemnity and banked energy", "setup": {"players": [
              {"name": "Alice", "energy": 8, "hand": ["Forest"],
               "battlefield": ["Solemnity", ARCHITECT]},
              {"name": "Nadia"}]},
           "actions": [{"play": "Forest"}, "resolve", {"activate": ARCHITECT}, "resolve"]},
          why="{answer}. Solemnity stops players getting counters, so the landfall {{E}} never "
              "arrived; but it doesn't stop paying counters Alice already has (ruling E2).",
          rule="122.1",
          options=[("No energy from the Forest, but the 8 banked still make a Beast",
                    lambda g: beasts(g) == 1 and g.player("Alice").energy == 0),
                   ("She gets 1 energy and makes a Beast with 1 left",
                    lambda g: beasts(g) == 1 and g.player("Alice").energy == 1),
                   ("She can't activate: Solemnity stops energy being spent",
                    lambda g: beasts(g) == 0)]),
])
