"""The match benchmarks run as their docstrings say, and agree with ``doko match``.

They print figures and assert nothing themselves; these runs are tiny (cheap bots, a few
deals) so a refactor that breaks a script's imports or its pairing shows here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from clirun import doko

ROOT = Path(__file__).resolve().parents[2]


def script(name: str, *args: str) -> Any:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *args, "--json"],
        text=True,
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_contracts_plays_the_deals_of_match() -> None:
    args = ("--rules", "lockhausen", "--games", "12", "--seed", "5", "--bots", "standard,random")
    report = script("contracts.py", *args)
    matched = doko("match", *args, "--json")
    assert matched.returncode == 0, matched.stderr
    assert report["difference"] == json.loads(matched.stdout)["difference"]
    assert report["deals"] == 12


def test_ladder_pairs() -> None:
    rows = script(
        "ladder.py", "--presets", "ddv", "--levels", "random,beginner,standard",
        "--games", "2", "--seed", "1", "--all-pairs",
    )  # fmt: skip
    pairs = {(row["upper"], row["lower"]) for row in rows}
    assert pairs == {("beginner", "random"), ("standard", "random"), ("standard", "beginner")}
    assert all(row["games"] == 2 and row["preset"] == "ddv" for row in rows)


def test_review_benchmark_reports_both_seats() -> None:
    report = script("review.py", "--deals", "2", "--budget-ms", "200", "--seed", "3")
    assert report["deals"] == 2
    for seat in ("random", "strong"):
        assert report[seat]["mean_total_loss"] >= 0
        assert report[seat]["review_s_max"] >= report[seat]["review_s_mean"]


def test_pick_noise_benchmark_reports_a_regret_per_deal_count() -> None:
    report = script("pick_noise.py", "--positions", "2", "--reference", "12", "--worlds", "4,8")
    assert report["positions"] == 2 and set(report["regret"]) == {"4", "8"}


def test_the_gate_benchmark_refuses_every_hostile_text() -> None:
    rows = script("untrusted_gate.py", "--sizes", "1000,4000")
    assert len(rows) == 12
    assert all(row["refusal"] != "accepted" for row in rows), rows


def test_house_rules_sweep_runs() -> None:
    report = script("house_rules.py", "--games", "60", "--per-variant", "20", "--seed", "3")
    assert report["games"] == 60 and report["variants"] == 3
    assert report["failures"] == 0


def test_solver_bench_compares_both_solvers() -> None:
    report = script("solver_bench.py", "--seeds", "3")
    assert report["differ"] == 0 and report["agree"] >= 20


def test_every_benchmark_script_starts() -> None:
    """Each script's imports still resolve (one moved helper once broke a script that no
    other test runs): `--help` answers for all of them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        if '__name__ == "__main__"' not in path.read_text():
            continue  # a module the scripts share
        done = subprocess.run(
            [sys.executable, str(path), "--help"],
            text=True,
            capture_output=True,
            env=env,
            cwd=ROOT,
            timeout=120,
        )
        assert done.returncode == 0 and "usage" in done.stdout, (path.name, done.stderr[-400:])


def test_solo_report_deals_the_hands_of_the_stored_run_again() -> None:
    run = "benchmarks/runs/strong40-vs-uct1000-solos-seed1-0-149.jsonl"
    report = script("solo_report.py", run, "--seed", "1", "--hands")
    ours, theirs = report["declared"]
    assert sum(c["n"] for k, c in ours.items() if k.startswith("solo:")) == 19
    spades = ours["solo:spades"]
    assert (spades["n"], spades["mean"], spades["won"]) == (4, 18.75, 4)
    assert theirs["wedding"]["n"] == 37
    margin = report["margin"]
    assert margin["all"]["deals"] == 150
    parts = ("normal", "hochzeit", "solo by ours", "solo by theirs", "solo by both")
    assert sum(margin[p]["deals"] for p in parts) == 150
    assert len(report["our_solos"]) == 19
    # deal 5: our seat's Pik-Solo on both Kreuz-Damen, a silent Hochzeit in the other half
    five = next(s for s in report["our_solos"] if s["game"] == 5)
    assert five["contract"] == "solo:spades" and five["hand"].split().count("CQ") == 2
    assert five["same_cards_other_bot"] == "silent-wedding"
