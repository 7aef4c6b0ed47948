"""The context every Paths of Glory rules state works through (:class:`Game`), and the
conventions every rules file follows:

* Sides are ``"AP"`` and ``"CP"``. Unit pieces have ``PieceType.kind == "unit"``; their values
  are ``faces[piece.face].values["cf"|"lf"|"mf"]`` (face 0 full, face 1 reduced).
* Space facts are ``Location.attrs`` (nation, fort, vp, port, capital, supply, control...).
  Changeable space status is kept as marker *pieces* in the space, so the table shows it:
  ``m_control`` (face 0 AP, 1 CP; only where control differs from the printed ``control``),
  ``m_trench_ap``/``m_trench_cp`` (face 0 level 1, face 1 level 2), ``m_siege``,
  ``m_destroyed``, ``m_oos``. :mod:`.board` reads them; rules code changes them through
  :class:`Game` commands.
* Rules-procedure data (the state stack, whose round it is, lasting effects, cards played) are
  globals, prefixed ``pog_`` unless the scenario already defines them (``turn``, ``vp``,
  ``ws_ap``, ``rp_ge``...).
* Every refused action cites its rule: ``Violation("PoG 9.3.3", "...")``.
"""
from __future__ import annotations

from typing import Any

from engine.machine import Context

SIDES = ("CP", "AP")  # CP acts first in each Action Round (8.1)
#: The global holding the rules' state stack.
STACK = "pog_stack"


def other(side: str) -> str:
    return "AP" if side == "CP" else "CP"


class Game(Context):
    """One look at the game: module data, the state, and (while applying) the transaction.
    Rules states receive a Game; they read through it and write only through it."""

    @property
    def graph(self):
        return self.rules.graph

    # -- pieces ------------------------------------------------------------------------------
    def ptype(self, pid: int):
        return self.module.piece_types[self.state.pieces[pid].type]

    def value(self, pid: int, key: str) -> Any:
        """A value of the piece's current face (``cf``, ``lf``, ``mf``)."""
        piece = self.state.pieces[pid]
        faces = self.module.piece_types[piece.type].faces
        return faces[min(piece.face, len(faces) - 1)].values.get(key)
