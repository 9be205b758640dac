"""A horse race position: each player's horse in play, horses lost, points."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..core import ScenarioError, is_whole, quoted
from ..options import OptionValue
from .races import DEFAULT_BOARD, HORSES


@dataclass(frozen=True)
class Board:
    holes: int  # the last hole is FINISH
    up: int     # holes on the way up (START side); the rest come down (FINISH side)
    traps: tuple[int, ...]

    @classmethod
    def parse(cls, data: object, where: str = "setup.board") -> Board:
        merged = dict(DEFAULT_BOARD)
        if data is not None:
            if not isinstance(data, dict):
                raise ScenarioError(where, "expected a mapping with holes, up and traps",
                                    fr="attendu : un dictionnaire avec holes, up et traps")
            for key in data:
                if key not in merged:
                    raise ScenarioError(f"{where}.{key}", "unknown field (expected holes, up, traps)",
                                        fr="champ inconnu (attendu : holes, up, traps)")
            merged.update(data)
        holes, up, traps = merged["holes"], merged["up"], merged["traps"]
        if not is_whole(holes, 2, 60):
            raise ScenarioError(f"{where}.holes", f"expected a number of holes from 2 to 60, got {quoted(holes, 'en')}",
                                fr=f"attendu : un nombre de trous de 2 à 60, reçu {quoted(holes, 'fr')}")
        if not is_whole(up, 1, holes - 1):
            raise ScenarioError(f"{where}.up", f"expected 1 to {holes - 1} holes on the way up, got {quoted(up, 'en')}",
                                fr=f"attendu : de 1 à {holes - 1} trous à la montée, reçu {quoted(up, 'fr')}")
        if not isinstance(traps, list):
            raise ScenarioError(f"{where}.traps", "expected a list of hole numbers",
                                fr="attendu : une liste de numéros de trous")
        for i, t in enumerate(traps):
            if not is_whole(t, 1, holes - 1):
                raise ScenarioError(f"{where}.traps[{i}]", f"a trap must be on a hole from 1 to {holes - 1}, "
                                                           f"got {quoted(t, 'en')}",
                                    fr=f"un piège doit être sur un trou de 1 à {holes - 1}, reçu {quoted(t, 'fr')}")
        if len(set(traps)) != len(traps):
            raise ScenarioError(f"{where}.traps", "a hole is listed twice", fr="un trou figure deux fois dans la liste")
        return cls(holes, up, tuple(sorted(traps)))

    def to_json(self) -> dict[str, Any]:
        return {"holes": self.holes, "up": self.up, "traps": list(self.traps)}


@dataclass(slots=True)
class Player:
    seat: int
    hole: int = 0     # 0: the horse in play is still at START
    lost: int = 0     # horses fallen into traps
    points: int = 0   # legs won (the variant)
    ruined: bool = False


@dataclass(slots=True)
class State:
    ruleset: str
    options: dict[str, OptionValue]
    board: Board
    players: list[Player]
    turn: int = 0
    leg: int = 1
    leg_starter: int = 0
    finished: bool = False
    winner: int | None = None
    throws: int = 0
    arrivals: list[int] = field(default_factory=list)  # seats, one per leg won

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["board"] = self.board.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        fields = dict(data)
        fields["board"] = Board.parse(data["board"])
        fields["players"] = [Player(**p) for p in data["players"]]
        return cls(**fields)

    @property
    def horses_left(self) -> list[int]:
        return [HORSES - p.lost for p in self.players]
