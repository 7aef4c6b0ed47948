"""The Event Phase (4.0-7, the Event Tables, 22.0).

The Initiative player rolls a die plus the modifier of the turn on the Turn Record Track
(reconstructed data) and reads the Event Table; 0 and 5 send to the Italian table, 6 to the
Austro-Hungarian one, 7 or more is a Russian Success in Galicia (22.0). No event on turn 1 of
Sc 1, 2 and 5; none at all in Sc 3 and 4. A modified roll below 0 reads as 0 (reading).

Events with lasting effects this turn are public globals: ``se_events`` (``short_fire_IT``,
``short_fire_AH``, ``doctrine``) and ``se_forced_brigade`` (Italian event 1). "At random"
choices are a die of as many faces as there are choices (reading).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, command, victory
from .game import Game, other, violation

LOGISTIC_EFFORT = 5


def pick(g: Game, items: list, purpose: str):
    """A uniform random choice, rolled on a die of len(items) faces (recorded)."""
    if not items:
        return None
    if len(items) == 1:
        return items[0]
    return items[g.roll(purpose, f"1d{len(items)}") - 1]


def can_assault_soon(g: Game, side: str, brigade: str) -> bool:
    """Italian event 1 reading of "too far from the enemy": no unit of the brigade within two
    hexes of an enemy unit."""
    enemy = board.occupied(g, other(side))
    for pid in command.brigade_units(g, side, brigade):
        if board.is_infantry(g, pid) and any(g.data.hex_distance(g.where(pid), e) <= 2 for e in enemy):
            return True
    return False


class EventPhase(State):
    """4.0-7: roll on the Event Table and apply the result."""
    name = "event_phase"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        if g.sattr("no_events") or (g.turn == 1 and g.sattr("no_event_turn1")):
            g.note("No event this turn (scenario rules).")
            g.end()
            return
        die = g.roll(f"event, rolled by {g.rules.side_name(g.initiative)} (4.0-7)", "1d6")
        drm = int(g.data.trt_value(g.campaign_turn(), "event_drm") or 0)
        total = max(0, min(7, die + drm))
        result = g.module.tables["event_main"].lookup(total, "result")
        g.note(f"Event Table: die {die} + {drm} (Turn Record Track) = {die + drm}: {result.replace('_', ' ')}.")
        g.end()
        if result == "italian_event":
            self.national(g, "IT")
        elif result == "austro_hungarian_event":
            self.national(g, "AH")
        elif result == "russian_success":
            russian_success(g)

    def national(self, g: Game, side: str) -> None:
        table = g.module.tables["event_it" if side == "IT" else "event_ah"]
        die = g.roll(f"{g.rules.side_name(side)} Event Table", "1d6")
        event = table.lookup(die, "event")
        g.note(f"{table.title}: die {die}: {event.replace('_', ' ')}.")
        if event == "logistic_effort":
            g.gain_lp(side, LOGISTIC_EFFORT)
            g.note(f"{g.rules.side_name(side)} receives {LOGISTIC_EFFORT} extra LP.")
        elif event == "short_fire":
            g.add_to("se_events", f"short_fire_{side}")
        elif event == "doctrine":
            g.add_to("se_events", "doctrine")
        elif event == "local_counterattack":
            local_counterattack(g)
        elif event in ("confusion_in_command", "advance_out_of_control"):
            hqs = command.hq_pieces(g, side)
            brigades = [b for b in sorted(hqs) if command.brigade_units(g, side, b)
                        and (g.where(hqs[b]).startswith("bd:") or board.on_map(g, hqs[b]))]
            brigade = pick(g, brigades, f"{g.rules.side_name(side)} HQ chosen at random")
            if brigade is not None:
                g.note(f"{command.brigade_name(g, side, brigade)} is chosen: "
                       f"{g.rules.side_name(other(side))} may move one of its regiments one hex.")
                g.call("confusion", side=other(side), victim=side, brigade=brigade, moved=[], regiment="")


def local_counterattack(g: Game) -> None:
    """Italian event 1: a random Italian brigade must be activated and make at least one assault
    this turn (free when Italy has no LP; otherwise it costs the 1 LP of box 1 if it was not
    planned — reading); one too far to assault is replaced by another drawn at random."""
    hqs = command.hq_pieces(g, "IT")
    candidates = [b for b in sorted(hqs) if command.brigade_units(g, "IT", b) and g.where(hqs[b]).startswith("bd:IT:")]
    while candidates:
        brigade = pick(g, candidates, "Italian HQ chosen at random (event 1)")
        if can_assault_soon(g, "IT", brigade):
            break
        candidates.remove(brigade)
        g.note(f"{command.brigade_name(g, 'IT', brigade)} is too far from the enemy: another is drawn.")
    else:
        g.note("No Italian brigade can assault this turn: the event has no effect.")
        return
    plan = dict(g.get("se_plan") or {})
    it_plan = dict(plan.get("IT") or {})
    if brigade not in it_plan:
        it_plan[brigade] = 1
        plan["IT"] = it_plan
        g.set("se_plan", plan)
        g.do(C.Move(hqs[brigade], command.box_loc("IT", 1)))
        if g.lp("IT") >= 1:
            g.spend_lp("IT", 1)
            g.note(f"{command.brigade_name(g, 'IT', brigade)} must attack: activated for 1 LP (event 1).")
        else:
            g.note(f"{command.brigade_name(g, 'IT', brigade)} must attack: activated free, no LP left (event 1).")
    else:
        g.note(f"{command.brigade_name(g, 'IT', brigade)} must be activated and make an assault (event 1).")
    g.set("se_forced_brigade", brigade)


def russian_success(g: Game) -> None:
    """22.0: 1st, the Brusilov Offensive begins; 2nd, no more AH LP or reinforcements; 3rd, the
    game ends at once and the VP are checked."""
    n = int(g.get("russian_successes", 0) or 0) + 1
    g.set("russian_successes", n)
    effect = g.module.tables["russian_success"].lookup(min(n, 3), "effect")
    g.note(f"Russian Success in Galicia, number {n}: {effect.replace('_', ' ')} (22.0).")
    if n >= 3:
        victory.final(g, "the third Russian Success in Galicia (22.0)")


class Confusion(State):
    """Italian event 2 / AH event 2: the opponent moves the battalions of one regiment of the
    drawn brigade one hex each, in any direction, not across cliffs. Reading: never into an
    enemy-held or impassable hex, and within the stacking limit."""
    name = "confusion"
    rule = "4.0"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "event_move",
                      f"{g.rules.side_name(frame['side'])}: move the battalions of one regiment of "
                      f"{command.brigade_name(g, frame['victim'], frame['brigade'])} one hex each "
                      "(not across cliffs), then done")

    def _units(self, g: Game, frame: dict) -> list[int]:
        out = []
        for pid in command.brigade_units(g, frame["victim"], frame["brigade"]):
            if pid in frame["moved"] or not board.is_infantry(g, pid):
                continue
            reg = str(g.ptype(pid).attrs.get("regiment") or "")
            if frame["regiment"] and reg != frame["regiment"]:
                continue
            out.append(pid)
        return out

    def _targets(self, g: Game, pid: int) -> list[str]:
        side = g.side_of(pid)
        here = g.where(pid)
        out = []
        for n in g.data.nbrs[here]:
            if board.cliff(g, here, n) or not board.in_play_area(g, n) or board.occupied(g, other(side)).get(n):
                continue
            if len(board.stacking_units(g, n, side)) < board.stack_limit(g, n):
                out.append(n)
        return out

    def actions(self, g: Game, frame: dict):
        for pid in self._units(g, frame):
            for h in self._targets(g, pid):
                yield self.offer("shift", frame["side"], unit=pid, to=h)
        yield self.offer("done", frame["side"])

    def check_shift(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in self._units(g, frame):
            return violation("4.0", "only the battalions of one regiment of the drawn brigade, once each")
        if to not in self._targets(g, unit):
            return violation("4.0", "one hex, not across a cliff, into a hex it may enter")
        return None

    def on_shift(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Move one hex"""
        g.do(C.Move(unit, to))
        board.mark_control(g, unit, [to])
        g.update(moved=frame["moved"] + [int(unit)],
                 regiment=frame["regiment"] or str(g.ptype(unit).attrs.get("regiment") or ""))
        if not self._units(g, g.top):
            g.end()

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()
