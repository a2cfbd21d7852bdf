"""``python -m doko``: rules, replay, score, simulate, match (FORMATS.md).

Bad input exits 2 with one line on stderr; a broken invariant exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from .notation import RecordError, replay
from .outcome import result
from .rules import describe, load_rules
from .scoring import score, summary_from_json
from .sim import InvariantError, match, record_line, simulate
from .state import legal_actions

MAX_INPUT = 1_000_000  # bytes; records and summaries are far smaller


def fail(message: str, code: int = 2) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(code)


def read_input(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read(MAX_INPUT + 1)
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read(MAX_INPUT + 1)
    except OSError as err:
        fail(f"cannot read {path}: {err.strerror}")
    except UnicodeDecodeError:
        fail(f"{path} is not UTF-8 text")
    if len(text) > MAX_INPUT:
        fail(f"input larger than {MAX_INPUT} bytes")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        fail(f"malformed JSON: {err.msg} at line {err.lineno} column {err.colno}")


def emit(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def cmd_rules(args: argparse.Namespace) -> None:
    info = describe()
    if args.json:
        emit(info)
        return
    for name, values in info["presets"].items():
        print(f"{name}: {values['deck']} cards, scoring {values['scoring']}, "
              f"announcements {values['announcements']}")
    print("\noptions:")
    for o in info["options"]:
        print(f"  {o['name']} ({o['type']}, default {o['default']!r}): {o['description']}")


def cmd_replay(args: argparse.Namespace) -> None:
    data = read_input(args.file)
    try:
        state = replay(data)
    except RecordError as err:
        fail(str(err))
    if state.is_over:
        emit(result(state))
    else:
        emit({"complete": False, "to_act": state.to_act, "phase": state.phase,
              "contract": state.contract, "legal": legal_actions(state)})


def cmd_score(args: argparse.Namespace) -> None:
    data = read_input(args.file)
    try:
        emit(score(summary_from_json(data)))
    except ValueError as err:
        fail(str(err).splitlines()[0] if str(err) else "invalid game summary")


def load_cli_rules(spec: str) -> Any:
    try:
        return load_rules(json.loads(spec) if spec.startswith("{") else spec)
    except (ValueError, json.JSONDecodeError) as err:
        fail(str(err))


def cmd_simulate(args: argparse.Namespace) -> None:
    rules = load_cli_rules(args.rules)
    if args.players not in rules.players:
        fail(f"{rules.preset} is played by {list(rules.players)} players")
    specs = bot_specs(args.bots, args.players)
    records = open(args.records, "w", encoding="utf-8") if args.records else None  # noqa: SIM115

    def write(state: Any, outcome: dict[str, Any]) -> None:
        if records:
            records.write(json.dumps(record_line(state, outcome)) + "\n")

    try:
        report = simulate(rules, args.games, args.seed, specs, args.players, write)
    except InvariantError as err:
        fail(f"invariant broken: {err}", code=1)
    finally:
        if records:
            records.close()
    if args.json:
        emit(report)
    else:
        print(f"{report['games']} games of {rules.preset} in {report['seconds']} s: "
              f"{report['games_per_second']} games/s; invariants held")
        print(f"mean points per seat: {report['mean_points']}")
        print(f"contracts: {report['contracts']}")


def bot_specs(text: str, players: int) -> list[str]:
    specs = text.split(",") if text else ["random"]
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        fail(f"--bots names {len(specs)} bots for {players} seats")
    from .bots import get_bot
    for spec in specs:
        try:
            get_bot(spec)
        except ValueError as err:
            fail(str(err))
    return specs


def cmd_match(args: argparse.Namespace) -> None:
    rules = load_cli_rules(args.rules)
    specs = bot_specs(args.bots, 2)
    report = match(rules, args.games, args.seed, specs[0], specs[1])
    if args.json:
        emit(report)
        return
    print(f"{report['games']} duplicate deals of {rules.preset}")
    for b in report["bots"]:
        print(f"  {b['spec']:>10}: {b['mean']:+.3f} points/game/seat, 95% CI {b['ci95']}, "
              f"decision {b['decision_ms_mean']} ms mean, {b['decision_ms_p95']} ms p95")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m doko", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("rules", help="list presets and options")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=cmd_rules)
    for name, run, what in (("replay", cmd_replay, "a game record"),
                            ("score", cmd_score, "a game summary")):
        c = sub.add_parser(name, help=f"read {what} (FILE or - for stdin)")
        c.add_argument("file")
        c.set_defaults(run=run)
    s = sub.add_parser("simulate", help="play many games and check invariants")
    s.add_argument("--rules", required=True)
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--games", type=int, required=True)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bots", default="random")
    s.add_argument("--records")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_simulate)
    m = sub.add_parser("match", help="duplicate match of two bots")
    m.add_argument("--rules", required=True)
    m.add_argument("--games", type=int, required=True)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--bots", required=True)
    m.add_argument("--json", action="store_true")
    m.set_defaults(run=cmd_match)
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except BrokenPipeError:  # e.g. piped into head: not an error worth a traceback
        sys.stderr.close()
        raise SystemExit(0) from None
