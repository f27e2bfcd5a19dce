"""Lesson 3: energy isn't mana — it stays through steps, phases and turns; it never pays a mana cost."""

from .framework import Check, Lesson, Task

ARCHITECT = "Architect of the Untamed"


def _pool(g, who="Alice") -> int:
    return sum(g.player(who).pool.values())


LESSON = Lesson(3, "energy-isnt-mana", "Energy isn't mana",
                "Mana empties at the end of each step; energy stays. Energy never pays a mana cost.", [
    Task("through-the-turn", "Mana empties, energy stays",
         "Play the Swamp. The Architect and Lotus Cobra both trigger: put them on the stack, resolve "
         "them (pick any color for the Cobra), and tap the Swamp for {B} too. Then click <b>Next "
         "step</b> until Nadia's turn begins (attack with nobody). Watch the pool and the energy.",
         {"name": "Mana vs energy through a turn", "setup": {"players": [
             {"name": "Alice", "hand": ["Swamp"], "library": ["Forest", "Forest"],
              "battlefield": [ARCHITECT, "Lotus Cobra"]},
             {"name": "Nadia", "library": ["Island", "Island"]}]}},
         goal=lambda g: (g.state.active == "Nadia" and g.player("Alice").energy == 1
                         and _pool(g) == 0 and any(ev.rule == "500.4" for ev in g.log)),
         done="The {B} and the Cobra's mana left Alice's pool when the main phase ended (CR 106.4, "
              "500.4); her energy counter is still there on Nadia's turn (ruling E7).",
         rule="500.4", views=("turn", "board", "stack", "order", "choices", "log")),
    Task("energy-into-mana", "Turn energy into mana",
         "Alice has 2 energy but no red or green source that is free. Cast Voltaic Brawler ({R}{G}): "
         "first tap Aether Hub and Servant of the Conduit for colored mana, paying {E} each, then "
         "cast it and resolve it.",
         {"name": "Energy pays for mana abilities", "setup": {"players": [
             {"name": "Alice", "energy": 2, "hand": ["Voltaic Brawler"],
              "battlefield": ["Aether Hub", "Servant of the Conduit"]},
             {"name": "Nadia"}]}},
         goal=lambda g: (any(p.card == "Voltaic Brawler" for p in g.state.battlefield) and not g.stack),
         done="\"{T}, Pay {E}: Add one mana of any color\" is a mana ability: it doesn't use the stack "
              "(CR 605.1a). The energy paid the ability's cost; the mana paid the spell. The Brawler "
              "then gave Alice {E}{E} back.", rule="605.1a",
         views=("board", "turn", "stack", "log")),
    Check("next-turn", "Alice has 2 energy, Architect of the Untamed and Lotus Cobra. She plays a "
          "Swamp, both abilities resolve (the Cobra adds {G}), and she taps the Swamp for {B}. Then the "
          "turn goes on: Nadia's whole turn, and back to Alice's main phase. How much energy does "
          "Alice have now?",
          {"name": "Energy waits for the next turn", "setup": {"players": [
              {"name": "Alice", "energy": 2, "hand": ["Swamp"], "library": ["Forest", "Forest"],
               "battlefield": [ARCHITECT, "Lotus Cobra"]},
              {"name": "Nadia", "library": ["Island", "Island"]}]},
           "actions": [{"play": "Swamp"}, {"order": [ARCHITECT, "Lotus Cobra"]}, "resolve",
                       {"mana": "G"}, "resolve", {"tap": "Swamp"},
                       {"advance": "declare attackers"}, {"attack": []}, {"advance": "end"},
                       {"advance": "upkeep"}, {"advance": "end"}, {"advance": "precombat main"}]},
          why="{answer}: her 2 plus the landfall {{E}}. The {{G}}{{B}} emptied at the end of her main "
              "phase (CR 500.4), but energy counters aren't mana and stay through steps, phases and "
              "turns (ruling E7).", rule="106.4",
          answer=lambda g: g.player("Alice").energy),
    Check("reflecting-pool", "Alice controls Reflecting Pool and Aether Hub, and has no energy. She "
          "taps Reflecting Pool (\"Add one mana of any type that a land you control could produce\"). "
          "What can she get?",
          {"name": "Reflecting Pool and Aether Hub", "setup": {"players": [
              {"name": "Alice", "battlefield": ["Reflecting Pool", "Aether Hub"]}, {"name": "Nadia"}]},
           "actions": [{"tap": "Reflecting Pool", "mana": "R"}]},
          why="{answer}. The Pool looks at the types Aether Hub could produce, ignoring the {{E}} its "
              "ability costs (CR 106.7), so any color works. But mana of any type is still mana: it "
              "never gives energy (ruling E7).", rule="106.7",
          options=[("One mana of any color (here red), and no energy",
                    lambda g: g.player("Alice").pool["R"] == 1 and g.player("Alice").energy == 0),
                   ("An energy counter", lambda g: g.player("Alice").energy > 0),
                   ("Nothing: with no energy, the Hub can't make colors, so neither can the Pool",
                    lambda g: _pool(g) == 0)]),
    Check("ten-energy", "Alice has 10 energy, no lands and Grizzly Bears ({1}{G}) in hand. Can she "
          "cast the Bears?",
          {"name": "Energy can't pay mana", "setup": {"players": [
              {"name": "Alice", "energy": 10, "hand": ["Grizzly Bears"]}, {"name": "Nadia"}]},
           "actions": [{"cast": "Grizzly Bears", "rejected": "202.1a"}]},
          why="{answer}. A mana cost is paid with mana (CR 202.1a, 118.3); energy counters aren't mana "
              "(ruling E7). Only an ability that turns {{E}} into mana, like Aether Hub's, could help.",
          rule="202.1a",
          options=[("No: energy can't pay a mana cost",
                    lambda g: any(o.card == "Grizzly Bears" for o in g.player("Alice").hand)
                    and g.player("Alice").energy == 10),
                   ("Yes, paying 2 energy", lambda g: g.player("Alice").energy == 8),
                   ("Yes, paying all 10 energy", lambda g: g.player("Alice").energy == 0)]),
])
