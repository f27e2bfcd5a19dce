"""Lesson 2: you can't pay more energy than you have — the Architect's "Pay eight {E}" with seven."""

from .framework import Check, Lesson, Task, beasts

ARCHITECT = "Architect of the Untamed"

LESSON = Lesson(2, "cant-pay-more", "You can't pay more than you have",
                "Eight {E} means eight: seven can't pay it, and nothing is paid in part.", [
    Task("seven-isnt-eight", "Seven isn't eight",
         "Alice has 7 energy. Try the Architect's \"Pay eight {E}\" ability now: the rules refuse it. "
         "Then play the Forest, resolve the landfall ability, and make the Beast.",
         {"name": "Seven energy, then eight", "setup": {"players": [
             {"name": "Alice", "energy": 7, "hand": ["Forest"], "battlefield": [ARCHITECT]},
             {"name": "Nadia"}]}},
         goal=lambda g: beasts(g) == 1 and g.player("Alice").energy == 0,
         done="With 7 energy the ability couldn't even be activated: a cost you can't pay in full "
              "can't be paid at all (CR 118.3). One more land gave the eighth {E}, and paying eight "
              "took Alice to 0.", rule="118.3", views=("board", "stack", "log")),
    Check("fifteen", "Alice has 15 energy and Architect of the Untamed. She makes as many Beasts as "
          "she can this turn (no lands enter). How many Beast tokens does she make?",
          {"name": "Fifteen energy", "setup": {"players": [
              {"name": "Alice", "energy": 15, "battlefield": [ARCHITECT]}, {"name": "Nadia"}]},
           "actions": [{"activate": ARCHITECT}, "resolve",
                       {"activate": ARCHITECT, "rejected": "118.3"}]},
          why="{answer}. The first Beast costs eight {{E}} and leaves 7; 7 can't pay eight, and there "
              "are no partial payments (CR 118.3). The 7 stay banked for later.",
          rule="118.3", answer=beasts),
    Check("seven-activate", "Alice has 7 energy and tries to activate the Architect's \"Pay eight "
          "{E}\" ability. What happens?",
          {"name": "Seven energy", "setup": {"players": [
              {"name": "Alice", "energy": 7, "battlefield": [ARCHITECT]}, {"name": "Nadia"}]},
           "actions": [{"activate": ARCHITECT, "rejected": "118.3"}]},
          why="{answer}. {{E}} is one energy counter and paying means losing that many (CR 107.14); "
              "you can't pay more than you have (ruling E2), so the activation is illegal and "
              "the game is as before.", rule="118.3",
          options=[("She can't activate it: she keeps all 7 energy",
                    lambda g: g.player("Alice").energy == 7 and beasts(g) == 0 and not g.stack),
                   ("She pays 7 and still gets the Beast", lambda g: beasts(g) > 0),
                   ("She pays 7 and gets nothing", lambda g: g.player("Alice").energy == 0 and beasts(g) == 0),
                   ("She goes to -1 energy and gets the Beast",
                    lambda g: g.player("Alice").energy < 0)]),
])
