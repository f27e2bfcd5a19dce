"""Lesson 4: "you may pay" — once, on resolution; "pay any amount"; "If you do" vs "When you do"."""

from .framework import Check, Lesson, Task, power_of


def _in_play(g, card: str) -> bool:
    return any(p.card == card for p in g.state.battlefield)


LESSON = Lesson(4, "may-pay", "\"You may pay\"",
                "A may-pay is one payment chosen on resolution; \"If you do\" and \"When you do\" differ.", [
    Task("brawler-once", "Pay once, get it once",
         "Alice has 5 energy. Go to combat (<b>Next step</b>), attack with Voltaic Brawler, and resolve "
         "its trigger. When it asks, pay. Can you pay a second time?",
         {"name": "Voltaic Brawler attacks", "setup": {"players": [
             {"name": "Alice", "energy": 5, "battlefield": ["Voltaic Brawler"]},
             {"name": "Nadia"}]}},
         goal=lambda g: (power_of(g, "Voltaic Brawler") == 4 and g.player("Alice").energy == 4
                         and g.pending is None and not g.stack),
         done="One payment, one +1/+1: having more energy doesn't let you pay the same \"may pay\" "
              "again (ruling E3). The choice was made as the trigger resolved (CR 603.5), and the pump "
              "followed at once, with no chance for Nadia to respond in between (ruling E5).",
         rule="118.12", views=("turn", "choices", "stack", "payment", "board", "log")),
    Task("banked-lightning", "Banked energy counts",
         "Alice has 4 energy. Kill Nadia's 6/6 Beast with Harnessed Lightning: cast it on the Beast, "
         "resolve it, and choose how much energy to pay.",
         {"name": "Harnessed Lightning on a Beast", "setup": {"players": [
             {"name": "Alice", "energy": 4, "mana": "{R}{R}", "hand": ["Harnessed Lightning"]},
             {"name": "Nadia", "battlefield": ["Beast"]}]}},
         goal=lambda g: not _in_play(g, "Beast") and not g.stack and g.pending is None,
         done="\"Pay any amount\" counts all your energy, not only the three the spell just gave: 4 + "
              "3 = 7, so paying 6 was possible. The amount is chosen as the spell resolves (CR 608.2d); "
              "zero would have been legal too.", rule="608.2d",
         views=("board", "stack", "payment", "log")),
    Check("brawler-damage", "Alice has 5 energy. Her Voltaic Brawler (3/2) attacks, she pays for its "
          "trigger, and Nadia doesn't block. How much damage does Nadia take?",
          {"name": "Brawler damage", "setup": {"players": [
              {"name": "Alice", "energy": 5, "battlefield": ["Voltaic Brawler"]}, {"name": "Nadia"}]},
           "actions": [{"advance": "declare attackers"}, {"attack": ["Voltaic Brawler"]}, "resolve",
                       {"pay": True}, {"pay": True, "rejected": "117.1"}, {"advance": "end of combat"}]},
          why="{answer}: the Brawler is 4/3 after one payment. \"You may pay {{E}}\" is one payment; "
              "you can't pay it again to multiply the effect (ruling E3).", rule="118.12",
          answer=lambda g: 20 - g.player("Nadia").life),
    Check("if-you-do", "Alice's Voltaic Brawler attacks and its trigger resolves. She pays {E}. Can "
          "Nadia respond between the payment and the +1/+1?",
          {"name": "If you do", "setup": {"players": [
              {"name": "Alice", "energy": 1, "battlefield": ["Voltaic Brawler"]}, {"name": "Nadia"}]},
           "actions": [{"advance": "declare attackers"}, {"attack": ["Voltaic Brawler"]}, "resolve",
                       {"pay": True}]},
          why="{answer}. \"If you do\" is part of the same resolution: nobody gets priority in the "
              "middle of it (CR 117.3b, ruling E5).", rule="117.3b",
          options=[("No: the +1/+1 happens in the same resolution",
                    lambda g: power_of(g, "Voltaic Brawler") == 4 and not g.stack),
                   ("Yes: the +1/+1 waits on the stack",
                    lambda g: bool(g.stack)),
                   ("Yes, and the energy is refunded if she does",
                    lambda g: g.player("Alice").energy == 1)]),
    Check("when-you-do", "Alice has 3 energy and Guide of Souls. She attacks with Grizzly Bears, pays "
          "{E}{E}{E} for the Guide and targets the Bears with the reflexive ability. Nadia responds "
          "with Shock on the Bears. What happens to Alice's energy?",
          {"name": "When you do", "setup": {"players": [
              {"name": "Alice", "energy": 3, "battlefield": ["Guide of Souls", "Grizzly Bears"]},
              {"name": "Nadia", "battlefield": ["Mountain"], "hand": ["Shock"]}]},
           "actions": [{"advance": "declare attackers"}, {"attack": ["Grizzly Bears"]}, "resolve",
                       {"pay": True}, {"target": "Grizzly Bears"}, "pass",
                       {"cast": "Shock", "target": "Grizzly Bears"}, "resolve", "resolve"]},
          why="{answer}. \"When you do\" is a reflexive trigger (CR 603.12): it goes on the stack "
              "with its target, so Nadia could respond. Its only target died, so it didn't resolve "
              "(CR 608.2b), but the {{E}}{{E}}{{E}} had already been paid.", rule="603.12",
          options=[("It stays spent: she has 0", lambda g: g.player("Alice").energy == 0),
                   ("She gets the 3 back", lambda g: g.player("Alice").energy == 3),
                   ("Nadia couldn't respond: the Bears became an Angel",
                    lambda g: any(p.card == "Grizzly Bears" for p in g.state.battlefield))]),
])
