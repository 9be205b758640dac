"""Small helpers for the Veldiv tests: replay a scenario, find events."""

from __future__ import annotations

from typing import Any

from parcours import replay


def race(ruleset: str, players: int, dice: list[int], setup: Any = None, **options: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = {"ruleset": ruleset, "players": players, "dice": dice}
    if setup is not None:
        scenario["setup"] = setup
    if options:
        scenario["options"] = {f"veldiv.{k.replace('_', '-')}": v for k, v in options.items()}
    return replay(scenario)


def squares(result: dict[str, Any]) -> list[list[int | None]]:
    return [[r["square"] for r in team] for team in result["riders"]]


def kinds(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["kind"] == kind]


def cites(result: dict[str, Any]) -> list[str]:
    return [e["cite"] for e in result["events"]]
