"""The columns of the deck game's tables and board, named once for the table builder
(``engine.batch.deck.tables``) and the compiled game."""

from __future__ import annotations

from typing import Final

# ``DeckTables.cards``: one row per card of the deck, in deck order
C_NAME, C_FLAGS, C_LAND_RANK, C_CAST_RANK, C_BOTTOM_RANK, C_COST, C_NCHOICE = range(7)
C_RAW_MASK, C_REFLECT_MASK, C_MOST = 7, 8, 9  # C_MOST: the most mana one activation makes
# a mana ability that makes one type per permanent counted (106.4: Gaea's Cradle, Priest of
# Titania): what it counts (PER_*), the subtype bit counted, the mana made per permanent
C_PER, C_PER_BIT, C_PER_UNIT, C_SUBTYPES = 10, 11, 12, 13
C_PAY_LIFE = 14  # "As it enters, you may pay N life. If you don't, it enters tapped." (N)
# counters (Gemstone Mine, Vivid Crag): how many of the kind its mana abilities remove it
# enters with (614.1c), and which of its choices (bits by index) remove one as a cost (118.3)
C_COUNTERS_IN, C_REMOVES = 15, 16
C_COUNTER_KIND = 17  # that kind (``engine.batch.tables.KIND_CODE``), -1 none
# its statics on the counters put on permanents (122.6, 614.1): "can't be put" (Solemnity)
# and "that many times N plus M" (Doubling Season), each a kind (or KIND_ANY) and a scope
# (``tables.COUNTER_SCOPE``), -1 none
C_NO_KIND, C_NO_SCOPE, C_MOD_KIND, C_MOD_SCOPE, C_MOD_FACTOR, C_MOD_ADD = range(18, 24)
# "If you tap a permanent for mana, it produces N times as much" (Mana Reflection: 2; 616.1):
# the factor of its static (1: none), and the mana one of the card's could-produce choices
# makes of its type (1, times each such static on the battlefield: a game's rows are scaled
# as one enters, ``board._multiply``)
C_MULTIPLY, C_UNIT = 24, 25
# "tapped for mana" triggers (106.12a, 605.4a: Mana Flare, Leyline of Abundance): the mana
# they add to each activation of this card that makes mana: one of the type it made per
# C_ADD_SAME, and the pool C_ADD_FIXED (a game's rows follow the triggers on the
# battlefield, ``board._triggers``); and of a card with such a trigger, whose tapping it
# watches (GRANT_* bits), whether it adds one of the type made, and the pool it adds else
C_ADD_SAME, C_ADD_FIXED = 26, 27
C_TRIGGER_ON, C_TRIGGER_SAME, C_TRIGGER_FIXED = 28, 29, 30
C_LIFE = 31  # the life each activation of its mana abilities costs (119.4: Mana Confluence)
C_GAIN_LIFE = 32  # the life it gains as it enters (603.6a, 119.3: Kitchen Finks, a gainland)
C_CAST_DRAW = 33  # its "whenever you cast a creature spell, draw a card" (Zendikar Resurgent)
# the pool the Auras attached to it add as it is tapped for mana (Wild Growth; a part of its
# C_ADD_FIXED: ``board._added``)
C_ENCHANTED = 34
# of a land Aura, the mana of any color it adds as its host is tapped for mana (Fertile
# Ground: one, its color chosen as the trigger resolves, 106.12a, 605.1b); of a card, that
# mana of the Auras attached to it (``frontier``: a source of five choices each)
C_TRIGGER_ANY, C_ENCHANTED_ANY = 35, 36
# the generic mana its one mana ability costs besides {T}, paid from the pool (F_FILTER: a
# Signet's {1}, Cabal Coffers' {2}), 0 for any other card
C_FILTER_COST = 37
# of a count (F_PER_COUNT), the place among its choices of the one the count makes, which
# holds the mana of the permanents counted now (``board._count_per``): 0, or its type's
# place among the types of a mana ability granted to it (611.3a, Gaea's Cradle under
# Chromatic Lantern: the count is the first ability that names {G}, 605.3b)
C_PER_SLOT = 38
# toughness (704.5f): a creature's own part (its printed toughness, less what its own statics
# give "other" creatures and, not a Human, other non-Human ones: 611.3a), and what its statics
# give every creature the player controls ("creatures you control", "all creatures") and
# the other non-Human ones (``board._toughness``)
C_TOUGHNESS, C_T_ALL, C_T_LORD = 39, 40, 41
N_COLUMNS: Final = 42
PER_NONE, PER_CREATURE, PER_SUBTYPE = range(3)
# bits of C_FLAGS
F_LAND, F_CREATURE, F_LEGENDARY, F_HASTE, F_ENTERS_TAPPED = 1, 2, 4, 8, 16
F_CASTABLE, F_REFLECT, F_MANA, F_GRANTS_HASTE = 32, 64, 128, 256
F_EVEN = 512  # every choice makes as much mana in all (one of a set of types, Gilded Lotus)
F_MAY_MAKE_NONE = 1024  # an activation may make no mana (106.5, 106.4): could-produce, a count
F_RAW_IF_CREATURES = 2048  # a land that could produce its type only with a creature (106.7)
F_PER_COUNT = 4096  # its mana is one type per permanent counted (C_PER)
F_PAYS_LIFE = 8192  # it enters tapped unless its controller pays C_PAY_LIFE life (614.12)
# it leaves as its mana is made (701.21a): every activation sacrifices it (Lotus Petal), or
# one that removes its last counter does (Gemstone Mine)
F_SACRIFICED, F_SACRIFICED_WHEN_NONE = 16384, 32768
F_REMOVES = 65536  # some choice removes a counter (C_REMOVES is not 0)
# it gives the player's lands (Chromatic Lantern) or creatures (Cryptolith Rite) "{T}: Add one
# mana of any color." (611.3a): the cards' rows become ``DeckTables.granted``'s
F_GRANTS_LANDS, F_GRANTS_CREATURES = 131072, 262144
GRANT_LANDS, GRANT_CREATURES = 1, 2  # ST_GRANTS bits
# C_TRIGGER_ON of a land Aura (``engine.deck.enchants_land``): it watches its host's tapping
WATCH_ENCHANTED = 4
# "When it enters, return a land you control to its owner's hand" (the karoo lands: the first
# land in board order, as the reference engine chooses it)
F_RETURNS_LAND = 524288
# its one mana ability costs generic mana, paid from the pool, besides {T} (601.2h: a Signet,
# Cabal Coffers; C_FILTER_COST): the frontier adds it after the other sources, each paid
# with any mana the pool holds then
F_FILTER = 1048576
# its one choice makes more than one type at once (Boros Garrison's {R}{W}): each "that type"
# trigger (Mana Flare) adds one of them, the player's choice (106.12a)
F_MULTI_TYPE = 2097152
F_HUMAN = 4194304  # a Human: "other non-Human creatures" statics (C_T_LORD) skip it
# its mana abilities cost tapping an untapped creature the player controls besides {T}
# (Springleaf Drum): the frontier pairs each such source with a creature (``frontier._tapping``)
F_TAP_CREATURE = 8388608
F_ARTIFACT = 16777216  # an artifact: "artifacts and creatures you control" (Winding Constrictor)
# ``DeckTables.costs``: a cost's single-type symbols (a packed pool), its number of colored
# symbols, its generic part, its X count, and its hybrid symbols' rows in ``hybrids``
K_SINGLE, K_SYMBOLS, K_GENERIC, K_X, K_HYB_START, K_HYB_END = range(6)
# ``DeckTables.settings``
# S_LIVE: the deck has a card that changes other cards' rows during a game (a grant of a mana
# ability, a mana multiplier, a "tapped for mana" trigger): each game plays on its own copy
# of the rows
S_TURNS, S_LO, S_HI, S_MAX_MULLIGANS, S_LONDON, S_NAMES, S_LIVE = range(7)
S_PAYS_LIFE = 7  # the deck has a card whose mana abilities cost life (C_LIFE)
S_TAPS_CREATURE = 8  # the deck has a card whose mana ability's cost taps a creature (F_TAP_...)
# S_POOL_CAP: the cards a game sees could make more than MAX_PER_TYPE mana of one type
# (``tables._most_of_a_type``): its games check the board as it grows (``game.past_pool_cap``)
S_POOL_CAP = 9
# a game's board rows: the card (deck index), tapped, the turn it came under control, its
# counters of the kind its mana abilities remove, and of an Aura the card it enchants (-1:
# none); then the frontier's scratch (``frontier._tapping``: of a dork, how many dorks alike
# to it a source whose cost taps a creature taps in the pools being made)
B_CARD, B_TAPPED, B_ENTERED, B_COUNTERS, B_HOST, B_TAKEN = range(6)
N_BOARD_COLUMNS: Final = 6
# a game's scalars: hand size, library position and size, board size, the mana pool (packed),
# the turn, the types the lands could produce (106.7), the permanents giving the player's
# creatures haste or letting them tap as though they had it (702.10c, 302.6)
ST_HAND, ST_LIB_AT, ST_LIB_N, ST_BOARD, ST_POOL, ST_TURN, ST_LANDS, ST_HASTE = range(8)
ST_CREATURES, ST_LIFE = 8, 9  # the creatures the player controls; the player's life
ST_GRANTS = 10  # the grants of a mana ability on the battlefield (GRANT_* bits)
ST_FACTOR = 11  # the product of the mana multipliers on the battlefield (616.1)
# the "tapped for mana" triggers on the battlefield: of lands, how many add one of the type
# made and the pool the others add; the same of creatures
ST_LAND_SAME, ST_LAND_FIXED, ST_CREATURE_SAME, ST_CREATURE_FIXED = 12, 13, 14, 15
ST_PAYS_LIFE = 16  # settings[S_PAYS_LIFE]: what a source may make depends on the life total
ST_RANKS = 17  # the board-order ranks given so far (``board._place``)
ST_CAST_DRAWS = 18  # the "whenever you cast a creature spell, draw a card" triggers in play
# the statics' sums on the battlefield: C_T_ALL, C_T_LORD (``board._toughness``)
ST_T_ALL, ST_T_LORD = 19, 20
ST_TAPS_CREATURE = 21  # settings[S_TAPS_CREATURE]: ``frontier.tapping_sources`` looks at the board
ST_POOL_CAP = 22  # settings[S_POOL_CAP]
N_SCALARS: Final = 23
