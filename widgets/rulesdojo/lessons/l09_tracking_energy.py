"""Lesson 9: keeping track of energy — each player's own total, and how it may be tracked (MTR 2.14)."""

from .framework import Check, Lesson, Task

ARCHITECT = "Architect of the Untamed"

MTR_2_14 = ("Magic Tournament Rules 2.14, Tracked Totals: life totals, poison counters and energy "
            "counters are tracked totals. Once they matter, each player must track them visibly to "
            "both players (a shared method is fine). At Competitive and Professional Rules "
            "Enforcement Level, methods that can easily be changed by accident, such as dice, may "
            "not be used. A change should be announced, and a discrepancy pointed out at once. "
            "(Since the January 2018 update.)")
RULING_E6 = ("Energy card ruling (E6): keep track of how many energy counters each player has; "
             "writing them down on paper or using dice are possible ways, and any method that is "
             "clear and mutually agreeable is fine. At higher levels of tournament play, dice may not "
             "be allowed for tracking counters that players have. " + MTR_2_14)

LESSON = Lesson(9, "tracking-energy", "Keeping track of energy",
                "Each player has their own total, kept across turns; at Competitive REL, no dice.", [
    Task("three-turns", "Two totals over three turns",
         "Alice has 3 energy, Nadia 1. On Alice's turn, play the Forest. Pass the turn (<b>Next "
         "step</b>; attack with nobody). On Nadia's turn, play her Aether Hub and resolve its "
         "ability, and don't spend her energy. Then go on to Alice's next main phase and play the "
         "land she drew. Say each change out loud, as you would at a table.",
         {"name": "Three turns of energy", "setup": {"players": [
             {"name": "Alice", "energy": 3, "hand": ["Forest"], "library": ["Plains", "Island"],
              "battlefield": [ARCHITECT]},
             {"name": "Nadia", "energy": 1, "hand": ["Aether Hub"], "library": ["Island", "Island"]}]}},
         goal=lambda g: (g.state.turn == 4 and g.state.active == "Alice" and g.state.land_plays == 1
                         and not g.stack and g.player("Alice").energy == 5
                         and g.player("Nadia").energy == 2),
         done="Alice 3 → 4 → 5, Nadia 1 → 2: each player's energy is their own (ruling E4), and it "
              "carried over every turn (ruling E7). Keep both totals where both players can see them "
              "(ruling E6).", rule="122.1",
         views=("turn", "board", "stack", "choices", "log")),
    Check("follow-totals", "Follow both totals. Alice (Architect of the Untamed, Forest, 3 energy) "
          "plays Aether Hub, and all three abilities resolve. She taps the Hub for {G}, paying {E}, "
          "and with the Forest casts Servant of the Conduit, which resolves. Then she makes a Beast "
          "if she can. How much energy does Alice end with?",
          {"name": "Following a total", "setup": {"players": [
              {"name": "Alice", "energy": 3, "hand": ["Aether Hub", "Servant of the Conduit"],
               "battlefield": [ARCHITECT, "Forest"]},
              {"name": "Nadia", "energy": 2}]},
           "actions": [{"play": "Aether Hub"}, {"order": [ARCHITECT, "Aether Hub"]}, "resolve",
                       "resolve", {"tap": "Aether Hub", "mana": "G"},
                       {"cast": "Servant of the Conduit"}, "resolve", "resolve",
                       {"activate": ARCHITECT, "rejected": "118.3"}]},
          why="{answer}: 3, +1 (Aether Hub) +1 (landfall) = 5, −1 for the Hub's colored mana = 4, "
              "+2 (Servant) = 6. Six can't pay eight (CR 118.3), so no Beast, and Nadia's 2 are hers "
              "alone (ruling E4).", rule="107.14",
          answer=lambda g: g.player("Alice").energy),
    Check("competitive-dice", "At a Competitive REL tournament, Alice wants to track her energy with "
          "a die. Is that allowed?", None,
          why="{answer}. A die can be knocked to another number by accident, so Tracked Totals bars "
              "such methods at Competitive and Professional REL; use paper or another stable method, "
              "visible to both players.", rule="MTR 2.14",
          options=[("No: at Competitive REL, methods that are easily changed by accident, like dice, "
                    "aren't allowed", None),
                   ("Yes: any method is fine at any event", None),
                   ("Yes, if her opponent agrees", None)],
          policy_answer="No: at Competitive REL, methods that are easily changed by accident, like "
                        "dice, aren't allowed",
          source=MTR_2_14),
    Check("casual-dice", "At a casual Friday night game (Regular REL), Alice and Nadia both track "
          "energy with dice on the table. Is that fine?", None,
          why="{answer}. The energy ruling allows paper, dice or any method that is clear and "
              "mutually agreeable; only higher levels of tournament play bar dice.", rule="ruling E6",
          options=[("Yes: any clear, mutually agreeable method is fine", None),
                   ("No: energy must always be written on paper", None),
                   ("No: only the judge may track energy", None)],
          policy_answer="Yes: any clear, mutually agreeable method is fine",
          source=RULING_E6),
])
