"""Step losses (3.2, 3.10, 9.6): taking steps, eliminating units, the tested counter of an
untested unit, and the owner's choice of which unit takes each further loss. Also the accessors
of the combat in progress (the public global ``f44_combat``)."""
from __future__ import annotations

from engine import commands as C
from engine.actions import Piece
from engine.machine import State
from engine.rules import Prompt

from . import board
from .activation import act, set_act
from .game import ELIM, OUT_OF_PLAY, Game
from .settle import settle


def combat(g: Game) -> dict:
    return g.get("f44_combat") or {}


def set_combat(g: Game, **changes) -> None:
    c = dict(combat(g))
    c.update(changes)
    g.set("f44_combat", c)


def take_step(g: Game, pid: int, why: str = "") -> bool:
    """One step loss: full → reduced → cadre (3.2) → eliminated to the Eliminated Units box; a
    one-step Führer division is eliminated at once (3.11); an untested unit eliminated goes out
    of play and its tested counter into the box (3.10). Returns True if eliminated."""
    side = g.side_of(pid)
    if side == "german":
        g.set("f44_german_steps_lost", int(g.get("f44_german_steps_lost", 0) or 0) + 1)
    if g.face(pid) + 1 < g.max_steps(pid):
        g.do(C.SetFace(pid, g.face(pid) + 1))
        return False
    eliminate(g, pid, ELIM[side])
    return True


def eliminate(g: Game, pid: int, where: str) -> None:
    for m in list(g.state.pieces[pid].markers):
        g.do(C.RemoveMarker(pid, m))
    g.set_prop(pid, "entered", None)
    if g.untested(pid) and where != OUT_OF_PLAY:
        twin = tested_twin(g, pid)
        g.do(C.Move(pid, OUT_OF_PLAY))
        g.do(C.SetFace(pid, 0))
        if twin is not None:
            g.do(C.Move(twin, where))
            g.do(C.SetFace(twin, 0))
            g.note(f"{g.name(pid)} is eliminated: its tested counter goes to the Eliminated Units box (3.10)")
        return
    g.do(C.Move(pid, where))
    if g.face(pid) != 0:
        g.do(C.SetFace(pid, 0))
    g.note(f"{g.name(pid)} is eliminated")


def tested_twin(g: Game, pid: int) -> int | None:
    tid = g.ptype(pid).attrs.get("tested_id")
    return g.first_of(str(tid)) if tid else None


def become_tested(g: Game, pid: int, why: str) -> None:
    """3.10: swap in the tested counter, same place, same step; the untested one leaves play."""
    twin = tested_twin(g, pid)
    if twin is None:
        return
    loc, face = g.where(pid), g.face(pid)
    props = dict(g.state.pieces[pid].props)
    markers = list(g.state.pieces[pid].markers)
    g.do(C.Move(twin, loc))
    g.do(C.SetFace(twin, face))
    for m in markers:
        g.mark(twin, m)
        g.do(C.RemoveMarker(pid, m))
    for k in ("entered",):
        if props.get(k) is not None:
            g.set_prop(twin, k, props[k])
    g.set_prop(pid, "entered", None)
    g.do(C.Move(pid, OUT_OF_PLAY))
    g.do(C.SetFace(pid, 0))
    # the swap keeps the unit's place in this phase's lists
    a = act(g)
    if a:
        swap = lambda xs: [twin if x == pid else x for x in xs]  # noqa: E731
        set_act(g, **{k: swap(a.get(k, [])) for k in ("units", "admin", "oos", "moved", "attackers", "defenders", "rhine_start")})
    c = combat(g)
    if c:
        swap = lambda xs: [twin if x == pid else x for x in xs]  # noqa: E731
        set_combat(g, attackers=swap(c["attackers"]), def_units=swap(c["def_units"]),
                   lead_att=twin if c["lead_att"] == pid else c["lead_att"],
                   lead_def=twin if c["lead_def"] == pid else c["lead_def"])
    g.note(f"{g.name(pid)} is now tested ({why}, 3.10)")


def start_losses(g: Game, side: str, hits: int, pool, lead: int | None, counter: str) -> None:
    """9.6: the lead unit absorbs the first step loss; the owner spreads the rest over the
    units in the combat (reading R9.6)."""
    pool = [p for p in pool if board.on_map(g, p)]
    if hits <= 0 or not pool:
        return
    lost = 0
    if lead is not None and lead in pool:
        take_step(g, lead)
        hits -= 1
        lost += 1
    left = [p for p in pool if board.on_map(g, p)]
    while hits > 0 and len(left) == 1:            # no choice to make: the one unit takes them
        take_step(g, left[0])
        hits -= 1
        lost += 1
        left = [p for p in left if board.on_map(g, p)]
    set_combat(g, **{counter: combat(g).get(counter, 0) + lost})
    if hits > 0 and left:
        g.call("losses", side=side, hits=hits, pool=left, counter=counter)
    else:
        settle(g)


class Losses(State):
    """9.6: the owner takes each further step loss from a unit of his choice in the combat."""
    name = "losses"
    rule = "9.6"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "losses",
                      f"{g.side_word(frame['side'])}: take {frame['hits']} more step loss(es) from the "
                      f"units in the combat (9.6)")

    def actions(self, g: Game, frame: dict):
        for p in frame["pool"]:
            if board.on_map(g, p):
                yield self.offer("lose", frame["side"], unit=p)

    def on_lose(self, g: Game, frame: dict, unit: Piece) -> None:
        """Take a step loss"""
        take_step(g, unit)
        if frame.get("counter"):
            set_combat(g, **{frame["counter"]: combat(g).get(frame["counter"], 0) + 1})
        pool = [p for p in frame["pool"] if board.on_map(g, p)]
        hits = frame["hits"] - 1
        while hits > 0 and len(pool) == 1:          # the last unit takes the rest
            take_step(g, pool[0])
            hits -= 1
            if frame.get("counter"):
                set_combat(g, **{frame["counter"]: combat(g).get(frame["counter"], 0) + 1})
            pool = [p for p in pool if board.on_map(g, p)]
        settle(g)
        if hits <= 0 or not pool:
            g.end()
        else:
            g.update(hits=hits, pool=pool)

    def describe(self, g: Game, frame: dict, action) -> str | None:
        return f"{g.who(action.side)}: {g.name(action['unit'])} takes a step loss"


