"""A differential campaign over cards no library has: random user cards of the templates and
parameters a card file may give, on random scenarios, each run on both engines.

    python scripts/fuzz_user_cards.py [--seed S] [--cards N] [--scenarios M]
                                      [--experiments E] [--decks D] [--keep FILE]

Draws N cards (creatures with keywords and P/T, enchantments with statics and replacements,
sorceries with wipes) whose abilities are the wipe-side templates with parameters drawn from
each one's choices, loads them as a user's card file (``use_card_files``, before the batch
engine builds its tables), then plays M random scenarios (a board of them and of persist and
undying creatures; casts, destroys, damage, counters, activations, attacks, turns; now and
then a trigger order naming its permanents and the tokens they make, a drawn creature's
tokens among them, triggers and all, a counter order policy, and ``targets`` entries keyed by
those tokens) on the
reference engine and on ``cauldron explain --engine batch``'s path (``run_scenario``), and E
random wipe experiments of them as ``cauldron run`` draws and runs them (the wipe fast path
where it takes a batch), each trial replayed on the reference engine, and D deck experiments
of the drawn cards a deck game plays, with the library's lands and mana sources
(``fuzz_decks.drawn_decks``), each game replayed. A scenario the batch engine refuses is
counted by its reason (what it does not yet take); one it answers differently is printed
with its cards and actions; a trial stopped at a declared cap where the reference plays on
is counted apart. Exit status 1 if any differs.

The cards are a process's (the batch tables are built once): each seed is one process.
It found a card's trigger template given twice played once, two enters triggers of a card
played as one, the reference engine's loop watch calling a draw on a loop that cost a
player life every cycle, and a fifth persist instance (statics giving it) resolving before
an undying trigger.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scenario_verdict import capped, report, verdict  # noqa: E402

from engine.library import (  # noqa: E402
    DEATH_LOSERS,
    DEATH_WATCHED,
    GRANT_OBJECTS,
    TEMPLATES,
    TOKEN_MAKERS,
    LibraryError,
    load_card_text,
    use_card_files,
)

KEYWORDS = (
    "flying",
    "deathtouch",
    "lifelink",
    "wither",
    "first strike",
    "hexproof",
    "reach",
    "flash",
    "indestructible",
)
GAINED = (*KEYWORDS, "persist", "undying")  # until end of turn, from a spell
KINDS = ("+1/+1", "-1/-1")
SCOPES = ("yours", "all", "other", "opponents")
PT_SCOPES = TEMPLATES["creatures_get"][1]["scope"].choices or ()
COUNTER_SCOPES = (
    TEMPLATES["counters_modified"][1]["scope"].choices or ()
)  # Winding Constrictor's too
RETURNING = (
    "Kitchen Finks", "Young Wolf", "Safehold Elite", "Murderous Redcap", "Hangarback Walker",
)  # fmt: skip
FODDER = ("Grizzly Bears", "Llanowar Elves", "Serra Angel")
WIPES = ("Wrath of God", "Pyroclasm", "Infest", "Black Sun's Zenith", "Massacre Girl")


def _statics(r: random.Random) -> list[dict[str, Any]]:
    """The static and replacement abilities of an enchantment (or of a creature)."""
    pt = (r.randint(-2, 2), r.randint(-2, 2))
    choices: list[dict[str, Any]] = [
        {"template": "creatures_get", "scope": r.choice(PT_SCOPES), "power": pt[0],
         "toughness": pt[1], **_kind(r)},
        {"template": "grant_keyword", "scope": r.choice(PT_SCOPES),
         "keyword": r.choice((*KEYWORDS, "persist", "undying")), **_kind(r),
         "objects": r.choice(("creatures", "creatures", *GRANT_OBJECTS))},
        {"template": "counters_cant_be_put", "scope": r.choice(COUNTER_SCOPES),
         "kind": r.choice((*KINDS, "any"))},
        {"template": "counters_modified", "scope": r.choice(COUNTER_SCOPES),
         "kind": r.choice((*KINDS, "any")), "add": r.randint(-1, 2), "factor": r.randint(-1, 3),
         "effects_only": r.random() < 0.3},
        {"template": "tokens_doubled"},
        {"template": "graveyard_replaced_by_exile", "scope": r.choice(("all", "opponents_cards"))},
        {"template": "opponent_creature_dies_lose_life", "amount": r.randint(1, 2)},
        _drain(r),
    ]  # fmt: skip
    return r.sample(choices, r.choice((1, 1, 2)))


def _kind(r: random.Random) -> dict[str, str]:
    """Often none; else the subtype (205.3) or the color (105.2) a P/T static or a keyword
    grant names, or both:
    the kinds of the returning and fodder creatures, and one none of them has."""
    kind: dict[str, str] = {}
    if r.random() < 0.3:
        kind["subtype"] = r.choice(("Elf", "Wolf", "Ouphe", "Goblin", "Angel"))
    if r.random() < 0.3:
        kind["color"] = r.choice("WUBRG")
    return kind


def _drain(r: random.Random) -> dict[str, Any]:
    """A life trigger on a creature's (or a planeswalker's) death (Zulaport Cutthroat, Blood
    Artist, Cruel Celebrant), any of its forms."""
    return {
        "template": "creature_dies_drain", "whose": r.choice(DEATH_WATCHED),
        "other": r.random() < 0.3, "loser": r.choice(DEATH_LOSERS), "amount": r.randint(0, 2),
        "gain": r.randint(0, 2), "planeswalkers": r.random() < 0.3,
    }  # fmt: skip


def _damage_each(r: random.Random) -> list[dict[str, Any]]:
    """Now and then an activated "damage to each creature [without flying] [and each player]"
    (Pestilence), with or without {T} in its cost, its amount now and then times the X of its
    activation (Crypt Rats); on an enchantment, now and then Pestilence's "at the beginning of
    the end step, if no creatures are on the battlefield, sacrifice it"."""
    drawn: list[dict[str, Any]] = []
    if r.random() < 0.25:
        by_x = r.random() < 0.3
        drawn.append(
            {"template": "activated_damage_each_creature", "amount": r.randint(0, 2),
             "each_player": r.random() < 0.6, "without_flying": r.random() < 0.2,
             "tap": r.random() < 0.3, "by_x": by_x, "cost": "{X}" if by_x else ""}
        )  # fmt: skip
    if r.random() < 0.15:
        drawn.append({"template": "end_step_sacrifice_if_no_creatures"})
    return drawn


def _triggers(r: random.Random, creatures: list[str]) -> list[dict[str, Any]]:
    """The enters, dies and attack triggers of a creature (its tokens: Thopters, or one of the
    ``creatures`` drawn before it, triggers and all)."""
    token = r.choice(("Thopter", *creatures))
    choices: list[dict[str, Any]] = [
        {"template": "etb_gain_life", "amount": r.randint(1, 3)},
        {"template": "etb_damage_any_target"},
        {"template": "etb_creatures_get", "scope": r.choice(("other", "opponents", "all")),
         "power": r.randint(-2, 0), "toughness": r.randint(-2, 0),
         "repeat_on_death": r.random() < 0.3},
        {"template": "etb_exile_graveyards"},
        {"template": "etb_target_opponent_loses_life", "amount": r.randint(1, 2)},
        {"template": "etb_destroy_noncreature_you_dont_control"},
        {"template": "etb_return_graveyard_cards_from_battlefield_this_turn"},
        {"template": "etb_reanimate_opponent_creature_card"},
        {"template": "dies_create_token_per_counter", "token": token, "kind": "+1/+1"},
        {"template": "leaves_create_token", "token": token, "amount": r.randint(1, 2)},
        {"template": "opponent_creature_dies_lose_life", "amount": 1},
        _drain(r),
        {"template": "attacks_creatures_yours_gain_keyword",
         "keyword": r.choice((*KEYWORDS, "persist", "undying"))},
    ]  # fmt: skip
    return r.sample(choices, r.choice((0, 1, 1, 2, 2, 3)))


def _wipe(r: random.Random) -> dict[str, Any]:
    """A sorcery's one ability."""
    return r.choice(
        [
            {"template": "destroy_all_creatures", "scope": r.choice(("all", "not_yours")),
             "max_mana_value": r.choice((-1, 2, 3)), "life_per_creature": r.choice((0, 0, 1))},
            {"template": "damage_each_creature", "amount": r.randint(1, 4),
             "exile_if_dies": r.random() < 0.2, "without_flying": r.random() < 0.2,
             "each_player": r.random() < 0.2},
            {"template": "creatures_get_until_eot", "power": r.randint(-3, 1),
             "toughness": r.randint(-3, 1), "scope": r.choice(("all", "opponents", "yours")),
             "keywords": r.sample(GAINED, r.choice((0, 0, 1, 2)))},
            {"template": "creatures_get_until_eot", "power": 0, "toughness": 0,
             "scope": r.choice(("all", "opponents", "yours")), "permanents": True,
             "keywords": r.sample(GAINED, r.choice((1, 2)))},
            {"template": "counters_on_each_creature_x", "kind": r.choice(KINDS)},
            {"template": "each_player_sacrifices_creatures", "amount": r.randint(1, 2),
             "who": r.choice(("each", "opponents"))},
            {"template": "bounce_all_creatures"},
            {"template": "exile_all_creatures"},
            {"template": "sacrifice_all_colored"},
        ]
    )  # fmt: skip


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def _card(r: random.Random, k: int, creatures: list[str]) -> dict[str, Any]:
    """Card ``k``: a creature, an enchantment (now and then a planeswalker: its statics, no
    loyalty) or a sorcery (``creatures``: those before it)."""
    what = r.choice(("creature", "creature", "enchantment", "sorcery"))
    card: dict[str, Any] = {"name": f"Fuzz Card {k}", "mana_cost": "{2}{B}"}
    if what == "sorcery":
        return {**card, "types": ["Sorcery"], "abilities": [_wipe(r)]}
    if what == "enchantment":
        kind = r.choice(("Enchantment", "Enchantment", "Planeswalker"))
        return {**card, "types": [kind], "abilities": _statics(r) + _damage_each(r)}
    keywords = r.sample(("persist", "undying", *KEYWORDS), r.choice((0, 1, 1, 2)))
    drawn = _triggers(r, creatures) + (_statics(r) if r.random() < 0.2 else [])
    drawn += _damage_each(r)
    abilities = list({a["template"]: a for a in reversed(drawn)}.values())  # each template once
    return {
        **card,
        "types": ["Creature"],
        "subtypes": [r.choice(("Human", "Elf", "Spirit"))],
        "power": r.randint(0, 3),
        "toughness": r.randint(1, 3),
        "keywords": keywords,
        "abilities": abilities,
    }


def card_file(
    r: random.Random,
    n: int,
    draw: Callable[[random.Random, int, list[str]], dict[str, Any]] = _card,
) -> str:
    """``n`` valid cards drawn by ``draw`` (card ``k``, the creatures drawn before it) as a
    card file's text (a drawn card the schema refuses is drawn again)."""
    out: list[str] = []
    creatures: list[str] = []
    for k in range(n):
        while True:
            card = draw(r, k, creatures)
            lines = ["[[card]]"] + [f"{key} = {_toml(v)}" for key, v in card.items()]
            text = "\n".join(lines) + "\n"
            try:
                load_card_text(text, "<fuzz>")
            except LibraryError:
                continue
            out.append(text)
            if "Creature" in card["types"]:
                creatures.append(card["name"])
            break
    return "\n".join(out)


def scenario(
    r: random.Random, names: list[str], spells: list[str], tokens: dict[str, str]
) -> dict[str, Any]:
    """A random scenario over the drawn permanents (``names``) and sorceries (``spells``),
    with a random trigger order now and then (``tokens``: the token each maker makes)."""
    players = ["A", "B", "C"][: r.choice((2, 2, 3))]
    board = []
    for k in range(r.randint(3, 7)):
        card = r.choice(names) if r.random() < 0.5 else r.choice((*RETURNING, *FODDER))
        entry: dict[str, Any] = {"id": f"p{k}", "card": card, "controller": r.choice(players)}
        if r.random() < 0.2:
            entry["counters"] = {r.choice(KINDS): 1}
        board.append(entry)
    actions = [_action(r, board, spells, players) for _ in range(r.randint(1, 3))]
    out = {"players": players, "active": "A", "battlefield": board, "action": actions}
    choices = _choices(r, board, tokens, players)
    if choices:
        out["choices"] = choices
    return out


def _action(
    r: random.Random, board: list[dict[str, Any]], spells: list[str], players: list[str]
) -> dict[str, Any]:
    """One action of a scenario over ``board``: a cast of a wipe (a drawn sorcery or a
    library one), a destroy, damage, counters, an activation, an attack or a turn passed."""
    roll, some = r.random(), f"p{r.randrange(len(board))}"
    if roll < 0.4:
        wipe = r.choice(spells) if spells and r.random() < 0.6 else r.choice(WIPES)
        return {"do": "cast", "card": wipe, "by": r.choice(players)}
    if roll < 0.52:
        return {"do": "destroy", "target": some}
    if roll < 0.64:
        return {"do": "damage", "target": some, "amount": r.randint(1, 3)}
    if roll < 0.76:
        return {"do": "counters", "target": some, "kind": r.choice(KINDS), "amount": 1}
    if roll < 0.88:
        x = {"x": r.randint(0, 2)} if r.random() < 0.5 else {}  # an X for Crypt Rats' kind
        return {"do": "activate", "permanent": some, **x}
    if roll < 0.94:
        return _attack(r, board)
    return {"do": "pass_turn"}


def _choices(
    r: random.Random, board: list[dict[str, Any]], tokens: dict[str, str], players: list[str]
) -> dict[str, Any]:
    """Now and then a trigger order, a counter order (616.1: a policy, every player's or
    one's), and ``targets`` entries keyed by tokens (111.1)."""
    choices: dict[str, Any] = {}
    if r.random() < 0.4:
        policy = r.choice(("listed", "most", "fewest"))
        choices["counter_order"] = policy if r.random() < 0.5 else {r.choice(players): policy}
    if r.random() < 0.4:
        choices["trigger_order"] = {r.choice(players): _trigger_order(r, board, tokens)}
    named = _token_ids(board, tokens)
    if named and r.random() < 0.4:
        names = [e["id"] for e in board] + named + players
        given = r.sample(named, r.randint(1, min(3, len(named))))
        choices["targets"] = {t: r.sample(names, r.randint(1, 3)) for t in given}
    return choices


def _token_ids(board: list[dict[str, Any]], tokens: dict[str, str]) -> list[str]:
    """The ids of the tokens the board's permanents may make (111.1: the maker's id, the
    token's name, a number; one no trial makes among them)."""
    named = []
    for e in board:
        if e["card"] in tokens:
            stem = tokens[e["card"]].lower().replace(" ", "_")
            named += [f"{e['id']}.{stem}{n}" for n in (1, 2, 3)]
    return named


KIND_KEYS = ("persist", "undying", "etb", "dies", "leaves", "upkeep", "attacks", "life_loss")


def _trigger_order(
    r: random.Random, board: list[dict[str, Any]], tokens: dict[str, str]
) -> list[str]:
    """A player's trigger order (603.3b): "id" and "id:ability" keys naming the board's
    permanents and the tokens they may make (111.1: the maker's id, the token's name, a
    number; one no trial makes among them)."""
    named = [e["id"] for e in board] + _token_ids(board, tokens)
    keys = [k if r.random() < 0.6 else f"{k}:{r.choice(KIND_KEYS)}" for k in named]
    return r.sample(keys, r.randint(1, min(5, len(keys))))


def _attack(r: random.Random, board: list[dict[str, Any]]) -> dict[str, Any]:
    """An attack by some of the board's permanents, blocked by others (any of them may be
    illegal, or gone: both engines reject the same)."""
    ids = [entry["id"] for entry in board]
    mine = [e["id"] for e in board if e["controller"] == "A"] if r.random() < 0.8 else ids
    attackers = r.sample(mine or ids, r.randint(1, min(2, len(mine or ids))))
    theirs = [e["id"] for e in board if e["controller"] == "B"] if r.random() < 0.8 else ids
    rest = [pid for pid in theirs if pid not in attackers]
    blocking = r.sample(rest, r.randint(0, min(2, len(rest))))
    return {
        "do": "attack",
        "attackers": attackers,
        "blockers": {b: r.choice(attackers) for b in blocking},
    }


def experiment(r: random.Random, names: list[str], spells: list[str]) -> dict[str, Any]:
    """A random wipe experiment's table over the drawn cards: one wipe, now and then after an
    activation of a random permanent (``cauldron run``'s draws, the fast path where it takes
    the batch, the kernel otherwise)."""
    board = {n: 1 for n in r.sample(names, min(len(names), r.choice((1, 1, 2, 3))))}
    board.update({n: 1 for n in r.sample(RETURNING, 2)})
    wipes = {n: 1 for n in ([r.choice(spells)] if spells else [])} | {r.choice(WIPES): 1}
    return {
        "shape": "wipe",
        "players": {"count": r.choice((2, 3))},
        "slots": [
            {
                "count": r.randint(3, 8),
                "cards": board,
                "controller": "random",
                "plus_counters": {"0": 0.8, "1": 0.2},
                "minus_counters": 0.15,
            }
        ],
        "events": [
            *(
                [{"do": "activate", "permanent": "random", "x": [0, 1, 2]}]
                if r.random() < 0.4
                else []
            ),
            {"cards": wipes, "x": [1, 2], "caster": "random"},
        ],
    }


def _experiments(r: random.Random, names: list[str], spells: list[str], n: int) -> Counter[str]:
    """``n`` experiments of 50 trials, each trial replayed on the reference engine."""
    totals: Counter[str] = Counter()
    for k in range(n):
        totals += experiment_verdicts(experiment(r, names, spells), k, 50)
    return totals


def experiment_verdicts(table: dict[str, Any], k: int, trials: int) -> Counter[str]:
    """Experiment ``k``'s table (a wipe or mana shape's) drawn and run as ``cauldron run``
    does, each of its ``trials`` replayed on the reference engine: agrees, stopped at a cap
    where the reference plays on, or DIFFERENT (printed); or the table refused."""
    import numpy as np

    from engine.batch.kernel.present import cards_present
    from engine.batch.outcome import unsupported_reason
    from engine.batch.wipe_fast import batch_fits
    from engine.batch.wipe_state import Features
    from sim.bench_workloads import config_workload, table_config
    from sim.errors import UserError

    totals: Counter[str] = Counter()
    try:
        config = table_config(table, f"fuzz-{k}")
    except UserError as why:  # a card the batch engine's experiments do not take
        totals[f"experiment refused: {str(why).split(': ', 2)[-1][:90]}"] += 1
        return totals
    work = config_workload(f"fuzz{k}", config)
    inputs = work.draw(np.random.default_rng(k), trials)
    if table["shape"] == "wipe" and batch_fits(Features.of(cards_present(inputs)), inputs):
        totals["experiments on the wipe fast path"] += 1
    state = work.run(inputs)
    for i in range(trials):
        batch, ref = work.outcome(state, i, inputs), work.replay(inputs, i)
        if batch == ref:
            totals["experiment trial agrees"] += 1
        elif capped(batch, ref):
            totals[f"cap: {unsupported_reason(state, i)}"] += 1
        else:
            totals["DIFFERENT"] += 1
            print(f"DIFFERENT experiment trial {i} (experiment {k}): {table}")
    return totals


def load_cards(text: str, keep: Path | None) -> Path:
    """The card file ``text`` written to a new temporary folder (and to ``keep``) and loaded
    as a user's cards (``use_card_files``: before the batch engine builds its tables)."""
    path = Path(tempfile.mkdtemp(prefix="fuzz_cards_")) / "cards.toml"
    path.write_text(text, "utf-8")
    if keep:
        keep.write_text(text, "utf-8")
    use_card_files([path])
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--seed", type=int, default=1, help="the cards' and scenarios' seed")
    parser.add_argument("--cards", type=int, default=24, help="cards drawn (24)")
    parser.add_argument("--scenarios", type=int, default=400, help="scenarios played (400)")
    parser.add_argument("--experiments", type=int, default=20, help="experiments run (20)")
    parser.add_argument("--decks", type=int, default=4, help="deck experiments run (4)")
    parser.add_argument("--keep", type=Path, help="write the card file here too")
    args = parser.parse_args(argv)
    r = random.Random(args.seed)
    text = card_file(r, args.cards)
    path = load_cards(text, args.keep)

    cards = [c for c in text.split("[[card]]") if c.strip()]
    spells = [f"Fuzz Card {k}" for k, c in enumerate(cards) if "Sorcery" in c]
    names = [f"Fuzz Card {k}" for k, c in enumerate(cards) if "Sorcery" not in c]
    tokens = {f"Fuzz Card {k}": _token_of(c) for k, c in enumerate(cards) if _token_of(c)}
    tokens["Hangarback Walker"] = "Thopter"
    totals: Counter[str] = Counter(
        verdict(scenario(r, names, spells, tokens), f"seed {args.seed}, scenario {k}")
        for k in range(args.scenarios)
    )
    totals += _experiments(r, names, spells, args.experiments)
    from fuzz_decks import drawn_decks  # once the cards are loaded

    totals += drawn_decks(r, names + spells, args.decks, args.seed)
    print(f"cards: {path}")
    return report(totals)


def _token_of(card: str) -> str:
    """The token a drawn card's text makes as it dies or leaves, "" if none (one name: both
    templates draw the card's one ``token``)."""
    for template in TOKEN_MAKERS:
        _, _, after = card.partition(f'template = "{template}", token = "')
        if after:
            return after.partition('"')[0]
    return ""


if __name__ == "__main__":
    sys.exit(main())
