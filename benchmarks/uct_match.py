"""A duplicate match against the UCT sparring partner, split into normal and Hochzeit deals.

    python benchmarks/uct_match.py --bots strong,uct#1000 --games 500 [--seed 1]
                                   [--solos on] [--preset ddv] [--jobs 2] [--every 25]
                                   [--deals-out FILE] [--json] [--first N] [--skip-even]
                                   [--hochzeit-only] [--our-solos-only] [--options JSON]
                                   [--bock K]

Plays the deals of ``python -m doko match`` (``benchmarks/contracts.py``'s
``play_deal``: each deal twice, sides swapped) under the preset with solos switched
off for both sides (``--solos on`` keeps them). Prints the first bot's margin per deal
(paired, with its 95% interval) over all deals, over the deals played as normal games
in both halves and over those with a Hochzeit in either half; then each side's
decision times. ``--every N`` prints the running figure every N deals (long runs
leave something behind if stopped; Ctrl-C ends the match with the figures of the deals
played so far, marked ``stopped``); ``--deals-out`` writes each deal's margin and
contracts as a JSON line, to find the deals worth a look. ``uct#ROLLOUTS[/WORLDS]``
names the partner (``benchmarks/uct_partner.py``). ``--first N`` starts at deal N of
the seed's deals (to carry on a stopped match: the deals and the bots' choices are the
same). ``--skip-even`` counts a deal as 0 without playing it when it cannot come out
otherwise: a normal game for sure (no seat may declare anything but gesund) whose
Kreuz-Damen sit in one seat of each bot, so each party holds one seat of each side in
both halves and every point one seat wins, its partner of the other side wins too.
``--hochzeit-only`` plays only the deals in which one hand holds both Kreuz-Damen
(a Hochzeit, open or silent, in both halves) and leaves the others out of the figures:
a look at Hochzeit play at a quarter of the time. ``--our-solos-only`` (with ``--solos
on``) plays only the deals in which the first bot declares a solo in either half (the
reservations played first, as the match plays them): how its solo decisions and its
play as soloist pay, at about a tenth of the time. ``--options`` adds house rules to the
preset (``'{"pigs": "both"}'``) and ``--bock K`` plays every deal as a Bock deal of level
K; ``blind-SPEC`` names a bot that ignores Schweinchen and Bock (``blind.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import blind
import uct_partner
from contracts import deal_seeds, deal_start, play_deal

from doko.bots.botregistry import get_bot
from doko.bots.sim import Timer, half_rng, mean_ci, seat_sides
from doko.game.cards import CQ
from doko.game.contracts import is_solo
from doko.game.observation import observe
from doko.game.reservations import choices
from doko.game.rules import Rules, load_rules
from doko.game.state import apply

Played = tuple[float, list[dict[str, Any]], tuple[Timer, Timer]]


def deal_kind(games: list[dict[str, Any]]) -> str:
    """``wedding`` if either half was a Hochzeit, ``normal`` if both were normal games."""
    contracts = {g["contract"] for g in games}
    if contracts & {"wedding", "silent-wedding", "wedding-alone"}:
        return "wedding"
    return "normal" if contracts == {"normal"} else "other"


def interval(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"deals": 0}
    mean, half = mean_ci(values)
    return {
        "deals": len(values),
        "mean": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
    }


def by_kind(values: list[tuple[float, str]]) -> dict[str, Any]:
    """Mean and 95% interval of the values over all deals and per kind of deal."""
    groups: dict[str, list[float]] = {"all": [], "normal": [], "wedding": [], "other": []}
    for value, kind in values:
        groups["all"].append(value)
        groups[kind].append(value)
    return {kind: interval(group) for kind, group in groups.items()}


def summary(specs: tuple[str, str], played: list[Played]) -> dict[str, Any]:
    # a deal whose parties each hold one seat of each bot in both halves nets zero
    report: dict[str, Any] = {
        "bots": list(specs),
        **by_kind([(margin, deal_kind(games)) for margin, games, _ in played]),
        "zero_margin_deals": sum(1 for m, _, _ in played if m == 0),
    }
    for i, spec in enumerate(specs):
        xs = sorted(x for _, _, timers in played for x in timers[i].samples.get(spec, []))
        if xs:
            report[f"ms_{i}"] = {
                "spec": spec,
                "decisions": len(xs),
                "mean": round(sum(xs) / len(xs), 1),
                "p50": round(xs[len(xs) // 2], 1),
                "p95": round(xs[int(0.95 * len(xs))], 1),
                "max": round(xs[-1], 1),
            }
    return report


def line(report: dict[str, Any]) -> str:
    def part(name: str) -> str:
        r = report[name]
        if not r["deals"]:
            return f"{name} 0"
        return f"{name} {r['mean']:+.2f} [{r['ci95'][0]:+.2f},{r['ci95'][1]:+.2f}] n={r['deals']}"

    return "  ".join(part(k) for k in ("all", "normal", "wedding", "other"))


def even_by_construction(rules: Rules, game: int, deal_seed: int) -> bool:
    """Does this deal net exactly 0 whatever the bots do (see ``--skip-even``)?

    The seats of one bot are 0 and 2 in one half and 1 and 3 in the other
    (``play_deal``), so Kreuz-Damen in seats of different parity split both parties.
    """
    state = deal_start(rules, game, deal_seed)
    hands = state.hands
    if any(choices(state, seat) != ["healthy"] for seat in range(4)):
        return False
    queens = [seat for seat, hand in enumerate(hands) if CQ in hand]
    return len(queens) == 2 and queens[0] % 2 != queens[1] % 2


def both_queens_in_one_hand(rules: Rules, game: int, deal_seed: int) -> bool:
    return any(hand.count(CQ) == 2 for hand in deal_start(rules, game, deal_seed).hands)


def ours_declare_a_solo(
    rules: Rules, seed: int, specs: tuple[str, str], game: int, deal_seed: int
) -> bool:
    """Does the first bot declare a solo in either half of the deal? Its reservations
    as ``play_deal`` plays them (the same seats, the same random draws), up to the first
    card."""
    start = deal_start(rules, game, deal_seed)
    for swap in (False, True):
        side = seat_sides(swap)
        bots = [get_bot(specs[side[seat]]) for seat in range(4)]
        rng = half_rng(seed, game, swap)
        state = start
        while state.phase == "reservations":
            seat = state.to_act
            assert seat is not None
            obs = observe(state, seat)
            action = bots[seat](obs, rng)
            if side[seat] == 0 and action.word is not None and is_solo(action.word):
                return True
            state = apply(state, action, obs.listed)
    return False


def skipped() -> Played:
    """A deal counted as 0 without being played: a normal game in both halves."""
    half: dict[str, Any] = {"contract": "normal", "declarer_side": None, "declarer_points": None,
            "words": [], "solo": False, "declarer": None, "skipped": True}  # fmt: skip
    return 0.0, [half, dict(half)], (Timer(), Timer())


def run(
    rules: Rules,
    games: range,
    seed: int,
    specs: tuple[str, str],
    jobs: int,
    skip_even: bool = False,
    hochzeit_only: bool = False,
    bock: int = 0,
    our_solos_only: bool = False,
) -> Iterator[tuple[int, Played]]:
    """Each deal's number and how it was played, in order."""
    seeds = deal_seeds(seed, games.stop)
    deals = [(game, seeds[game]) for game in games]
    if hochzeit_only:
        deals = [(g, s) for g, s in deals if both_queens_in_one_hand(rules, g, s)]
    if our_solos_only:
        ours = partial(_declares_a_solo, rules, seed, specs)
        deals = [d for d, kept in zip(deals, _play_all(deals, ours, jobs), strict=True) if kept]
    even = {g for g, s in deals if skip_even and even_by_construction(rules, g, s)}
    play = partial(play_deal, rules, seed, specs, bock=bock)
    played = _play_all([d for d in deals if d[0] not in even], play, jobs)
    for game, _ in deals:
        yield game, skipped() if game in even else next(played)


def _declares_a_solo(
    rules: Rules, seed: int, specs: tuple[str, str], game_and_seed: tuple[int, int]
) -> bool:
    return ours_declare_a_solo(rules, seed, specs, *game_and_seed)


def _play_all(deals: list[tuple[int, int]], play: Any, jobs: int) -> Iterator[Any]:
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            yield from pool.imap(play, deals)
    else:
        yield from map(play, deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", required=True, help="SPEC_A,SPEC_B")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="ddv")
    parser.add_argument("--solos", choices=("on", "off"), default="off")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every", type=int, default=0, help="print the running figure")
    parser.add_argument("--deals-out", default="", help="a JSON line per deal to this file")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--first", type=int, default=0, help="start at this deal")
    parser.add_argument("--skip-even", action="store_true", help="count even deals unplayed")
    parser.add_argument("--hochzeit-only", action="store_true", help="only Hochzeit deals")
    parser.add_argument(
        "--our-solos-only", action="store_true", help="only deals the first bot may play a solo"
    )
    parser.add_argument("--options", default="{}", help="house rules, as JSON")
    parser.add_argument("--bock", type=int, default=0, help="every deal a Bock deal of level K")
    args = parser.parse_args()
    uct_partner.register()
    blind.register()
    spec_a, _, spec_b = args.bots.partition(",")
    specs = (spec_a, spec_b)
    options: dict[str, object] = json.loads(args.options)
    if args.solos == "off":
        options["solos"] = []
    rules = load_rules({"preset": args.preset, "options": options})
    start = time.perf_counter()
    played: list[Played] = []
    out = open(args.deals_out, "w") if args.deals_out else None  # noqa: SIM115
    stopped = False
    try:
        games = range(args.first, args.first + args.games)
        deals = run(
            rules,
            games,
            args.seed,
            specs,
            args.jobs,
            args.skip_even,
            args.hochzeit_only,
            args.bock,
            args.our_solos_only,
        )
        for game, one in deals:
            if out:
                margin, halves, _ = one
                fields = {
                    "game": game,
                    "margin": margin,
                    "kind": deal_kind(halves),
                }
                out.write(json.dumps({**fields, "halves": halves}) + "\n")
                out.flush()
            played.append(one)
            if args.every and len(played) % args.every == 0 and not args.json:
                seconds = time.perf_counter() - start
                print(f"{len(played):5} deals {seconds:7.0f} s  {line(summary(specs, played))}")
                sys.stdout.flush()
    except KeyboardInterrupt:
        stopped = True  # a long match stopped by hand still reports the deals it played
    if out:
        out.close()
    if not played:
        raise SystemExit("no deal was played")
    report = summary(specs, played)
    report.update(
        preset=args.preset, solos=args.solos, seed=args.seed, first=args.first,
        options=options, bock=args.bock,
        skipped=sum(1 for _, halves, _ in played if halves[0].get("skipped")),
        seconds=round(time.perf_counter() - start, 1), stopped=stopped,
    )  # fmt: skip
    print(json.dumps(report, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
