"""4.2.4 The RR Engineering Phase (18.2): structures rebuilt (18.4.3) and the Railhead markers
advanced or retreated: every RR line behind the friendly front line (controlled, 3.3) and
connected to a friendly map edge becomes friendly operational (18.1.1); the markers stand where
the network ends (18.1.2)."""
from __future__ import annotations

from engine import commands as C
from engine.machine import State

from . import control
from .game import Game

RAILHEAD = {"german": "M-railhead", "allied": "M-railhead_fr"}


def engineer(g: Game, side: str) -> None:
    network = control.rail_network(g, side)
    g.set("rail_" + side, sorted(network))
    heads = control.railheads(g, side, network)
    kind = RAILHEAD[side]
    existing = [p for p, piece in g.state.pieces.items() if piece.type == kind and piece.loc in g.board.hexes]
    have = {g.state.pieces[p].loc: p for p in existing}
    for h, p in list(have.items()):
        if h not in heads:
            g.do(C.Delete(p))
    for h in heads:
        if h not in have:
            g.do(C.Create(kind, h, None, 0, {"owner": side}))


class RREngineering(State):
    """Automatic: the phasing side's network and Railhead markers."""
    name = "rr_engineering"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        engineer(g, frame["side"])
        g.end()
