"""``python -m doko``: rules, replay, score, simulate, match, series, tournament,
tournament-standings.

Bad input exits 2 with one line on stderr; a broken invariant exits 1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TextIO

from .bots.sim import InvariantError, check_invariants, match, play_game, record_line, simulate
from .game.errors import DokoError
from .game.notation import RecordError, replay
from .game.outcome import result
from .game.rules import PRESETS, Rules, load_rules
from .game.scoring import score
from .game.state import legal_actions
from .game.summary import summary_from_json
from .game.untrusted import MAX_TEXT, parse_json
from .page.metadata import describe
from .table import series as series_mod
from .table.evening import standings
from .table.tournament import TournamentError, play_tournament

MAX_INPUT = MAX_TEXT  # characters of a file read; the worker's bound too
MAX_RULES = 4096  # characters of a --rules JSON
MAX_ENTRANTS = 10_000  # a bot tournament's entrants; a club evening has a few dozen
MAX_JOBS = 256  # processes for match --jobs


def fail(message: str, code: int = 2) -> NoReturn:
    # one line, whatever the input echoed into the message
    line = " ".join(message.splitlines())
    print(f"error: {line}", file=sys.stderr)
    raise SystemExit(code)


def read_input(path: str) -> Any:
    """The JSON value of a file (or stdin), through doko.game.untrusted's checks."""
    try:
        if path == "-":
            text = sys.stdin.read(MAX_INPUT + 1)
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read(MAX_INPUT + 1)
    except OSError as err:  # a directory, a missing file, no permission
        fail(f"cannot read {path}: {err.strerror or type(err).__name__}")
    except UnicodeDecodeError:
        fail(f"{path} is not UTF-8 text")
    except ValueError as err:  # stdin read in text mode, e.g. a surrogate escape
        fail(f"cannot read {path}: {err}")
    try:
        return parse_json(text, MAX_INPUT)
    except DokoError as err:
        fail(str(err))


def emit(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def cmd_rules(args: argparse.Namespace) -> None:
    from .bots.levels import levels

    info = {**describe(), **levels()}
    if args.json:
        emit(info)
        return
    for name, values in info["presets"].items():
        print(
            f"{name}: {values['deck']} cards, scoring {values['scoring']}, "
            f"announcements {values['announcements']}"
        )
    print("\noptions:")
    for o in info["options"]:
        print(f"  {o['name']} ({o['type']}, default {o['default']!r}): {o['description']}")


def cmd_replay(args: argparse.Namespace) -> None:
    data = read_input(args.file)
    if series_mod.is_series_record(data):
        replay_series_record(data)
        return
    data = with_rules(data, args.rules)
    try:
        state = replay(data)
    except RecordError as err:
        fail(str(err))
    if state.is_over:
        emit(result(state))
    else:
        emit(
            {
                "complete": False,
                "to_act": state.to_act,
                "phase": state.phase,
                "contract": state.contract,
                "legal": [str(a) for a in legal_actions(state)],
            }
        )


def cmd_score(args: argparse.Namespace) -> None:
    data = with_rules(read_input(args.file), args.rules)
    try:
        emit(score(summary_from_json(data)))
    except ValueError as err:
        fail(str(err).splitlines()[0] if str(err) else "invalid game summary")


def cmd_review(args: argparse.Namespace) -> None:
    from .bots import review

    data = read_input(args.file)
    try:
        emit(review.review_record(data, args.seat, args.budget_ms, args.seed, args.worlds))
    except ValueError as err:
        fail(str(err))


def load_cli_rules(spec: str) -> Rules:
    """``--rules``: a preset id, a JSON object ``{"preset", "options"}``, or a file
    holding one; bad rules fail with one line naming the option at fault."""
    try:
        if spec.startswith("{"):
            return load_rules(parse_json(spec, MAX_RULES))
        if spec not in PRESETS and os.path.isfile(spec):
            return load_rules(read_input(spec))
        return load_rules(spec)
    except ValueError as err:
        fail(str(err))


def with_rules(data: Any, spec: str | None) -> Any:
    """A record or summary with its ``rules`` replaced by ``--rules``, if given."""
    if spec is None or not isinstance(data, dict):
        return data
    return {**data, "rules": load_cli_rules(spec).to_json()}


def cmd_simulate(args: argparse.Namespace) -> None:
    rules = load_cli_rules(args.rules)
    if args.players not in rules.players:
        fail(f"{rules.preset} is played by {list(rules.players)} players")
    specs = bot_specs(args.bots, args.players)
    records = open_output(args.records) if args.records else None

    def write(state: Any, outcome: dict[str, Any]) -> None:
        if records:
            line = json.dumps(record_line(state, outcome)) + "\n"
            written(args.records, records, lambda: records.write(line))

    try:
        report = simulate(rules, args.games, args.seed, specs, args.players, write)
    except InvariantError as err:
        fail(f"invariant broken: {err}", code=1)
    finally:
        if records and not records.closed:
            written(args.records, records, records.close)
    if args.json:
        emit(report)
    else:
        print(
            f"{report['games']} games of {rules.preset} in {report['seconds']} s: "
            f"{report['games_per_second']} games/s; invariants held"
        )
        print(f"mean points per seat: {report['mean_points']}")
        print(f"contracts: {report['contracts']}")


def bot_specs(text: str, players: int) -> list[str]:
    specs = text.split(",") if text else ["random"]
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        fail(f"--bots names {len(specs)} bots for {players} seats")
    from .bots.botregistry import get_bot

    for spec in specs:
        try:
            get_bot(spec)
        except ValueError as err:
            fail(str(err))
    return specs


def cmd_match(args: argparse.Namespace) -> None:
    rules = load_cli_rules(args.rules)
    specs = bot_specs(args.bots, 2)
    report = match(rules, args.games, args.seed, specs[0], specs[1], args.jobs)
    if args.json:
        emit(report)
        return
    print(f"{report['games']} duplicate deals of {rules.preset}")
    for b in report["bots"]:
        print(
            f"  {b['spec']:>10}: {b['mean']:+.3f} points/game/seat, 95% CI {b['ci95']}, "
            f"decision {b['decision_ms_mean']} ms mean, {b['decision_ms_p95']} ms p95"
        )


def replay_series_record(data: Any) -> None:
    try:
        played = series_mod.replay_series(data)
    except series_mod.SeriesError as err:
        fail(str(err))
    emit({"sheet": series_mod.sheet(played), "totals": series_mod.totals(played)})


def whole(text: str, name: str, least: int = 0, most: int | None = None) -> int:
    """A whole-number option, refused with one line (argparse would print its usage)."""
    try:
        value = int(text)
    except ValueError:
        fail(f"{name} must be a whole number, not {text!r}")
    if value < least:
        fail(f"{name} must be at least {least}")
    if most is not None and value > most:
        fail(f"{name} must be at most {most}")
    return value


def counted(name: str, least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type for a count such as --games: ``whole`` with its bounds."""
    return lambda text: whole(text, name, least, most)


def cmd_series(args: argparse.Namespace) -> None:
    rules = load_cli_rules(args.rules)
    players = whole(args.players, "--players", 4)
    settings = series_mod.Settings(
        rules, players, whole(args.rounds, "--rounds", 1), seed=whole(args.seed, "--seed")
    )
    try:
        played = series_mod.start_series(settings)
    except series_mod.SeriesError as err:
        fail(str(err))
    specs = bot_specs(args.bots, players)
    record = open_output(args.record) if args.record else None
    rng = random.Random(settings.seed)
    try:
        while not series_mod.is_finished(played):
            state = play_game(series_mod.start_game(played), specs, rng)
            played = series_mod.record_game(played, state)
            check_invariants(state, played.rows[-1])
    except InvariantError as err:
        fail(f"game {len(played.games) - 1}: invariant broken: {err}", code=1)
    if record:
        write_json(record, args.record, series_mod.series_record(played))
    print_series(played, args.json)


def open_output(path: str) -> TextIO:
    """A file to write, opened before any work is done: a directory, a missing directory
    or a file that cannot be written is one line and exit 2, never a traceback."""
    try:
        return open(path, "w", encoding="utf-8")  # closed by the caller
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or type(err).__name__}")
    except ValueError as err:  # e.g. a NUL in the path
        fail(f"cannot write {path!r}: {err}")


def written(path: str, handle: TextIO, write: Callable[[], object]) -> None:
    """Do one write to an output file; a full disk (or the like) is one line, exit 2."""
    try:
        write()
    except OSError as err:
        with contextlib.suppress(OSError):
            handle.close()  # closed now, so exiting reports nothing more
        fail(f"cannot write {path}: {err.strerror or type(err).__name__}")


def write_json(handle: TextIO, path: str, data: Any) -> None:
    written(path, handle, lambda: handle.write(json.dumps(data) + "\n"))
    written(path, handle, handle.close)


def print_series(played: series_mod.Series, as_json: bool) -> None:
    rows = series_mod.sheet(played)
    report: dict[str, Any] = {
        "rules": played.settings.rules.preset,
        "players": played.settings.players,
        "rounds": played.settings.rounds,
        "seed": played.settings.seed,
        "games": len(rows),
        "redeals": sum(1 for r in rows if r["contract"] == "redeal"),
        "duty_solos": sum(1 for r in rows if r["duty_solo"]),
        "sheet": [
            {k: r[k] for k in ("game", "dealer", "contract", "duty_solo", "forced_solo", "points")}
            | {"bock": r.get("bock", 0)}
            for r in rows
        ],
        "totals": series_mod.totals(played),
        # Bockrunden: bock deals played, and those the series' end left unplayed
        "bock_games": sum(1 for r in rows if r.get("bock")),
        "bock_lapsed": series_mod.bock_to_come(played)["to_come"],
    }
    if as_json:
        emit(report)
        return
    print(
        f"series of {report['rules']}, {report['players']} players, {report['rounds']} "
        f"rounds: {report['games']} games ({report['redeals']} redeals, "
        f"{report['duty_solos']} Pflichtsoli); invariants held"
    )
    for r in report["sheet"]:
        note = " Pflichtsolo" if r["duty_solo"] else ""
        if r["forced_solo"] is not None:
            note = f" seat {r['forced_solo']} vorgeführt"
        if r["bock"]:
            note += f" Bock x{2 ** r['bock']}"
        print(f"  {r['game']:>3} dealer {r['dealer']} {r['contract']:<16} {r['points']}{note}")
    if report["bock_games"] or report["bock_lapsed"]:
        print(f"bock deals: {report['bock_games']} played, {report['bock_lapsed']} lapsed")
    print(f"totals: {report['totals']}")


def cmd_tournament(args: argparse.Namespace) -> None:
    rules = load_cli_rules(args.rules)
    entrants = whole(args.entrants, "--entrants", most=MAX_ENTRANTS)
    table_rounds = whole(args.table_rounds, "--table-rounds")
    try:
        report = play_tournament(
            rules, entrants, table_rounds, whole(args.seed, "--seed"), bot_specs(args.bot, 1)[0]
        )
    except TournamentError as err:
        fail(str(err))
    except InvariantError as err:
        fail(f"invariant broken: {err}", code=1)
    if args.json:
        emit(report)
        return
    print_report(report, "seats")


def cmd_standings(args: argparse.Namespace) -> None:
    """The ranking of an evening kept by hand: the page's tournament export (or the
    bare tournament object inside it), every sheet checked and scored again."""
    data = read_input(args.file)
    if isinstance(data, dict) and isinstance(data.get("tournament"), dict):
        data = data["tournament"]
    try:
        report = standings(data)
    except DokoError as err:
        fail(str(err))
    if args.json:
        emit(report)
        return
    print_report(report, "players")


def print_report(report: dict[str, Any], players_key: str) -> None:
    """A tournament's tables round by round, then its ranking."""
    for r in report["rounds"]:
        print(f"table round {r['round']}:")
        for t in r["tables"]:
            totals = "sheet missing" if t["totals"] is None else f"totals {t['totals']}"
            print(f"  table {t['table']}: players {t[players_key]} {totals}")
    print_ranking(report["ranking"])


def print_ranking(ranking: list[dict[str, Any]]) -> None:
    """The ranking lines both tournament commands print (docs/formats.md)."""
    print("ranking:")
    for row in ranking:
        print(f"  {row['rank']:>3}. player {row['player']:>3}: {row['total']:+d}")


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments exit 2 with one line, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        fail(message)


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="python -m doko", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("rules", help="list presets and options")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=cmd_rules)
    for name, run, what in (
        ("replay", cmd_replay, "a game record"),
        ("score", cmd_score, "a game summary"),
    ):
        c = sub.add_parser(name, help=f"read {what} (FILE or - for stdin)")
        c.add_argument("file")
        c.add_argument("--rules", help="rules instead of the file's own (id, JSON or file)")
        c.set_defaults(run=run)
    s = sub.add_parser("simulate", help="play many games and check invariants")
    s.add_argument("--rules", required=True)
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--games", type=counted("--games", 1), required=True)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bots", default="random")
    s.add_argument("--records")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_simulate)
    m = sub.add_parser("match", help="duplicate match of two bots")
    m.add_argument("--rules", required=True)
    m.add_argument("--games", type=counted("--games", 1), required=True)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--bots", required=True)
    m.add_argument("--json", action="store_true")
    m.add_argument(
        "--jobs",
        type=counted("--jobs", 1, MAX_JOBS),
        default=1,
        help="processes to play the deals in",
    )
    m.set_defaults(run=cmd_match)
    from .bots import review

    rv = sub.add_parser("review", help="what each decision of one seat in a game record cost")
    rv.add_argument("file")
    rv.add_argument("--seat", type=counted("--seat", 0, 7), required=True)
    rv.add_argument(
        "--budget-ms",
        type=counted("--budget-ms", 1, review.MAX_BUDGET_MS),
        default=review.DEFAULT_BUDGET_MS,
    )
    rv.add_argument("--seed", type=counted("--seed", 0), default=0)
    rv.add_argument("--worlds", type=counted("--worlds", 1, 1000), default=review.DEFAULT_WORLDS)
    rv.set_defaults(run=cmd_review)
    ser = sub.add_parser("series", help="play a whole series at one table with bots")
    ser.add_argument("--rules", required=True)
    ser.add_argument("--players", default="4")
    ser.add_argument("--rounds", required=True)
    ser.add_argument("--seed", default="0")
    ser.add_argument("--bots", default="random")
    ser.add_argument("--record", help="write the series record to this file")
    ser.add_argument("--json", action="store_true")
    ser.set_defaults(run=cmd_series)
    t = sub.add_parser("tournament", help="a bot tournament at tables of 4 and 5")
    t.add_argument("--rules", required=True)
    t.add_argument("--entrants", required=True)
    t.add_argument("--table-rounds", default="2")
    t.add_argument("--seed", default="0")
    t.add_argument("--bot", default="standard")
    t.add_argument("--json", action="store_true")
    t.set_defaults(run=cmd_tournament)
    ts = sub.add_parser(
        "tournament-standings", help="rank a tournament kept by hand (the page's export)"
    )
    ts.add_argument("file")
    ts.add_argument("--json", action="store_true")
    ts.set_defaults(run=cmd_standings)
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except DokoError as err:  # a refusal a command did not word itself
        fail(str(err))
    except BrokenPipeError:  # e.g. piped into head: not an error worth a traceback
        sys.stderr.close()
        raise SystemExit(0) from None
