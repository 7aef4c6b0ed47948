"""Victory points (3.2, 13.4) and the VP chits drawn blind from two cups (3.1.2).

* The Plan 17 total (``plan17_vp``, Allied) and the German total (``german_vp``) live on the
  General Records Track; both may go negative (3.2.3).
* A Plan 17 chit is drawn the moment a Plan 17 hex becomes Allied-controlled (3.2.1), placed
  face up in the hex and kept there for good; 86 and 105 score double.
* German chits are drawn only at the set moments (3.2.4, 2.8): the German immediate-victory
  check, the interim count of turn 9 and the end of the game; 76 and 87 score double (13.4 h,
  our reading of its note). A chit goes back into its cup (shuffled) and its value off the
  total when the Allies retake its hex, or after a failed immediate-victory check.

**The chit values are reconstructed** (the rulebook does not print them): they are the
``vp_value`` of the chit piece types, generated from ``authoring/gi_oob.py`` (the chit mix) and
listed in the ``vp_chits`` table; PROVENANCE.md says how to change them.
"""
from __future__ import annotations

from engine import commands as C

from . import board, supply
from .game import PARIS, Game

PLAN17_CUP = "cup-plan17-vp"
GERMAN_CUP = "cup-german-vp"
TOTAL = {"allied": "plan17_vp", "german": "german_vp"}


def total(g: Game, side: str) -> int:
    return int(g.get(TOTAL[side], 0) or 0)


def add(g: Game, side: str, amount: int, why: str) -> None:
    """Change ``side``'s VP total by ``amount`` (3.2.3: totals may go negative)."""
    if not amount:
        return
    g.set(TOTAL[side], total(g, side) + amount)
    word = "Plan 17" if side == "allied" else "German"
    g.note(f"{word} VP {'+' if amount > 0 else ''}{amount} ({why}): now {total(g, side)}")


def chit_value(g: Game, pid: int) -> int:
    return int(g.ptype(pid).attrs.get("vp_value", 0) or 0)


def chits_at(g: Game, loc: str, cup: str) -> list[int]:
    return [p for p in board.pids_at(g, loc)
            if g.ptype(p).kind == "chit" and g.ptype(p).attrs.get("cup") == cup]


def doubled(g: Game, loc: str) -> bool:
    return bool(board.hexattr(g, loc, "vp_double"))


def draw_plan17(g: Game, loc: str) -> None:
    """3.2.1: a Plan 17 hex has just become Allied: draw a chit into it (once per hex; its VP
    are permanent), double in 86 and 105."""
    if board.hexattr(g, loc, "vp_box") != "plan17" or chits_at(g, loc, PLAN17_CUP):
        return
    if not g.state.stacks.get(PLAN17_CUP):
        return
    g.do(C.Draw(PLAN17_CUP, loc, 1))
    pid = chits_at(g, loc, PLAN17_CUP)[-1]
    value = chit_value(g, pid) * (2 if doubled(g, loc) else 1)
    add(g, "allied", value, f"Plan 17 chit drawn for {g.place(loc)}" + (", doubled" if doubled(g, loc) else ""))


def german_vp_hexes(g: Game) -> list[str]:
    """The 15 German VP hexes (3.2.2), Paris apart."""
    return [h for h in board.HEX_IDS if board.hexattr(g, h, "vp_box") == "german"]


def draw_german(g: Game, hexes: list[str], why: str) -> list[int]:
    """Draw a German chit into each hex (3.2.4), revealed; returns the chits drawn."""
    drawn = []
    for h in hexes:
        if not g.state.stacks.get(GERMAN_CUP):
            break
        g.do(C.Draw(GERMAN_CUP, h, 1))
        pid = chits_at(g, h, GERMAN_CUP)[-1]
        drawn.append(pid)
        value = chit_value(g, pid) * (2 if doubled(g, h) else 1)
        add(g, "german", value, f"{why}: chit for {g.place(h)}" + (", doubled" if doubled(g, h) else ""))
    return drawn


def return_german(g: Game, pid: int, why: str) -> None:
    """A German chit goes back into its cup (shuffled) and its value off the total."""
    loc = g.loc(pid)
    value = chit_value(g, pid) * (2 if board.is_hex(loc) and doubled(g, loc) else 1)
    g.do(C.Move(pid, GERMAN_CUP))
    g.do(C.Shuffle(GERMAN_CUP))
    add(g, "german", -value, why)


def scoring_german_hexes(g: Game) -> list[str]:
    """German VP hexes that score now: German-controlled and able to trace supply (3.2.4,
    our reading for a hex with no German unit in it: the hex itself traces supply)."""
    return [h for h in german_vp_hexes(g) if board.control(g, h) == "german"
            and supply.hex_supplied(g, h, "german", "GE")]


def paris_marker(g: Game) -> int | None:
    for p in board.pids_at(g, PARIS):
        if g.state.pieces[p].type == "M-PARISVP":
            return p
    return None


def award_german_hexes(g: Game, why: str) -> list[int]:
    """3.2.4: a chit for each scoring German VP hex that has none yet."""
    hexes = [h for h in scoring_german_hexes(g) if not chits_at(g, h, GERMAN_CUP)]
    return draw_german(g, hexes, why)


def credit_paris(g: Game, why: str) -> None:
    """3.2.4: the Paris marker turned to its 10 VP, counted for the German."""
    marker = paris_marker(g)
    if marker is not None:
        g.do(C.SetFace(marker, 1))
    g.set("gi_paris_credited", True)
    add(g, "german", 10, why)
