"""The card set: current Oracle text (from the rules brief) and how each card behaves."""

from __future__ import annotations

from .cards import Activated, Card, Triggered, register
from .mana import COLORS

ANY_COLOR = "{T}, Pay {E}: Add one mana of any color."

for _name, _sub, _t in (("Plains", "Plains", "W"), ("Island", "Island", "U"),
                        ("Swamp", "Swamp", "B"), ("Mountain", "Mountain", "R"),
                        ("Forest", "Forest", "G")):
    register(Card(
        _name, "", ("Land",), f"({{T}}: Add {{{_t}}}.)", subtypes=(_sub,), supertypes=("Basic",),
        activated=(Activated(f"{{T}}: Add {{{_t}}}.", "add_mana", tap=True, mana=(_t,)),),
    ))

register(Card(
    "Architect of the Untamed", "{2}{G}", ("Creature",),
    "Landfall — Whenever a land you control enters, you get {E} (an energy counter).\n"
    "Pay eight {E}: Create a 6/6 colorless Beast artifact creature token.",
    subtypes=("Elf", "Artificer", "Druid"), power=2, toughness=3,
    triggered=(Triggered("landfall", "get_energy_1",
                         "Landfall — Whenever a land you control enters, you get {E}."),),
    activated=(Activated("Pay eight {E}: Create a 6/6 colorless Beast artifact creature token.",
                         "create_beast", energy=8),),
))

register(Card(
    "Beast", "", ("Artifact", "Creature"), "", subtypes=("Beast",), power=6, toughness=6,
    token=True,
))

register(Card(
    "Aether Hub", "", ("Land",),
    "When this land enters, you get {E} (an energy counter).\n{T}: Add {C}.\n"
    "{T}, Pay {E}: Add one mana of any color.",
    triggered=(Triggered("self_enters", "get_energy_1", "When this land enters, you get {E}."),),
    activated=(Activated("{T}: Add {C}.", "add_mana", tap=True, mana=("C",)),
               Activated(ANY_COLOR, "add_mana", tap=True, energy=1, mana=COLORS)),
))

register(Card(
    "Harnessed Lightning", "{1}{R}", ("Instant",),
    "Choose target creature. You get {E}{E}{E} (three energy counters), then you may pay any amount "
    "of {E}. Harnessed Lightning deals that much damage to that creature.",
    target_spec="creature", effect="energy_then_damage",
))

register(Card(
    "Galvanic Discharge", "{R}", ("Instant",),
    "Choose target creature or planeswalker. You get {E}{E}{E} (three energy counters), then you may "
    "pay any amount of {E}. Galvanic Discharge deals that much damage to that permanent.",
    target_spec="creature_or_planeswalker", effect="energy_then_damage",
))

register(Card(
    "Voltaic Brawler", "{R}{G}", ("Creature",),
    "When this creature enters, you get {E}{E} (two energy counters).\n"
    "Whenever this creature attacks, you may pay {E}. If you do, it gets +1/+1 and gains trample "
    "until end of turn.",
    subtypes=("Human", "Warrior"), power=3, toughness=2,
    triggered=(Triggered("self_enters", "get_energy_2", "When this creature enters, you get {E}{E}."),
               Triggered("self_attacks", "brawler_pump",
                         "Whenever this creature attacks, you may pay {E}. If you do, it gets +1/+1 "
                         "and gains trample until end of turn.")),
))

register(Card(
    "Guide of Souls", "{W}", ("Creature",),
    "Whenever another creature you control enters, you gain 1 life and get {E} (an energy counter).\n"
    "Whenever you attack, you may pay {E}{E}{E}. When you do, put two +1/+1 counters and a flying "
    "counter on target attacking creature. It becomes an Angel in addition to its other types.",
    subtypes=("Human", "Cleric"), power=1, toughness=2,
    triggered=(Triggered("other_creature_enters", "life_and_energy",
                         "Whenever another creature you control enters, you gain 1 life and get {E}."),
               Triggered("you_attack", "guide_may_pay",
                         "Whenever you attack, you may pay {E}{E}{E}. When you do, put two +1/+1 "
                         "counters and a flying counter on target attacking creature. It becomes an "
                         "Angel in addition to its other types.")),
))

register(Card(
    "Steady Progress", "{2}{U}", ("Instant",),
    "Proliferate. (Choose any number of permanents and/or players, then give each another counter of "
    "each kind already there.)\nDraw a card.",
    effect="proliferate_draw",
))

register(Card(
    "Vorinclex, Monstrous Raider", "{6}{G}{G}", ("Creature",),
    "Trample, haste\nIf you would put one or more counters on a permanent or player, put twice that "
    "many of each of those kinds of counters on that permanent or player instead.\nIf an opponent "
    "would put one or more counters on a permanent or player, they put half that many of each of "
    "those kinds of counters on that permanent or player instead, rounded down.",
    subtypes=("Phyrexian", "Praetor"), supertypes=("Legendary",), power=6, toughness=6,
    keywords=("trample", "haste"), statics=("vorinclex",),
))

register(Card(
    "Doubling Season", "{4}{G}", ("Enchantment",),
    "If an effect would create one or more tokens under your control, it creates twice that many of "
    "those tokens instead.\nIf an effect would put one or more counters on a permanent you control, "
    "it puts twice that many of those counters on that permanent instead.",
    statics=("doubling_season",),
))

register(Card(
    "Solemnity", "{2}{W}", ("Enchantment",),
    "Players can't get counters.\nCounters can't be put on artifacts, creatures, enchantments, or lands.",
    statics=("solemnity",),
))

register(Card(
    "Ashaya, Soul of the Wild", "{3}{G}{G}", ("Creature",),
    "Ashaya's power and toughness are each equal to the number of lands you control.\n"
    "Nontoken creatures you control are Forest lands in addition to their other types. (They're "
    "still affected by summoning sickness.)",
    subtypes=("Elemental",), supertypes=("Legendary",), statics=("ashaya",),
))

register(Card(
    "Rampant Growth", "{1}{G}", ("Sorcery",),
    "Search your library for a basic land card, put that card onto the battlefield tapped, then "
    "shuffle.",
    effect="rampant_growth",
))

register(Card(
    "Steppe Lynx", "{W}", ("Creature",),
    "Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
    subtypes=("Cat",), power=0, toughness=1,
    triggered=(Triggered("landfall", "lynx_pump",
                         "Landfall — Whenever a land you control enters, this creature gets +2/+2 "
                         "until end of turn."),),
))

register(Card(
    "Lotus Cobra", "{1}{G}", ("Creature",),
    "Landfall — Whenever a land you control enters, add one mana of any color.",
    subtypes=("Snake",), power=2, toughness=1,
    triggered=(Triggered("landfall", "add_any_color",
                         "Landfall — Whenever a land you control enters, add one mana of any color."),),
))

register(Card(
    "Reflecting Pool", "", ("Land",),
    "{T}: Add one mana of any type that a land you control could produce.",
    activated=(Activated("{T}: Add one mana of any type that a land you control could produce.",
                         "add_mana", tap=True, any_land_type=True),),
))

register(Card(
    "Unsummon", "{U}", ("Instant",), "Return target creature to its owner's hand.",
    target_spec="creature", effect="bounce",
))

register(Card(
    "Shock", "{R}", ("Instant",), "Shock deals 2 damage to any target.",
    target_spec="any", effect="deal_2",
))

register(Card(
    "Servant of the Conduit", "{1}{G}", ("Creature",),
    "When this creature enters, you get {E}{E} (two energy counters).\n"
    "{T}, Pay {E}: Add one mana of any color.",
    subtypes=("Elf", "Druid"), power=2, toughness=2,
    triggered=(Triggered("self_enters", "get_energy_2", "When this creature enters, you get {E}{E}."),),
    activated=(Activated(ANY_COLOR, "add_mana", tap=True, energy=1, mana=COLORS),),
))

register(Card(
    "Aetherworks Marvel", "{4}", ("Artifact",),
    "Whenever a permanent you control is put into a graveyard, you get {E} (an energy counter).\n"
    "{T}, Pay six {E}: Look at the top six cards of your library. You may cast a spell from among "
    "them without paying its mana cost. Put the rest on the bottom of your library in a random order.",
    supertypes=("Legendary",),
    triggered=(Triggered("to_graveyard", "get_energy_1",
                         "Whenever a permanent you control is put into a graveyard, you get {E}."),),
    activated=(Activated("{T}, Pay six {E}: Look at the top six cards of your library. You may cast a "
                         "spell from among them without paying its mana cost. Put the rest on the "
                         "bottom of your library in a random order.", "marvel", tap=True, energy=6),),
))

register(Card(
    "Grizzly Bears", "{1}{G}", ("Creature",), "", subtypes=("Bear",), power=2, toughness=2,
))
