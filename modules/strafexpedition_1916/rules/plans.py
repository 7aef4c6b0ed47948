"""The secret and simultaneous Command Phase (4.0-2, 8.2, 8.3) and the Initiative Phase (4.0-3,
7.0).

Simultaneous secret choices are taken one side after the other, each kept in that side's
``secret:<side>:…`` global, which only that side's view carries (engine.views); neither the
prompt, the log line of the action, nor any public global names a choice before both sides have
committed. Then both are revealed at once:

* Command Phase: each side sends HQs to Brigade Display boxes 1–4 (8.2), paying 1 LP per
  brigade plus 1 per 5 or part of 5 artillery (8.3), never more than it has (8.3, 7.2). At the
  reveal the HQs move into their boxes, face up, and the LP are deducted (7.0: at once — read as
  at the common reveal, so the General Track shows nothing before).
* Initiative: each side may add LP from stock to its roll (4.0-3). Reading: the extra LP are bid
  in secret before the rolls (the rulebook does not say when; a sealed bid keeps it
  simultaneous). Each side rolls a die plus the LP spent in the Command Phase plus its bid; the
  higher total has the Initiative, ties are rolled again (4.0-3).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure, State
from engine.rules import Prompt, Violation

from . import command
from .game import SIDES, Game, violation

#: Verbs whose targets are secret until the reveal: their log line hides them.
SECRET_VERBS = frozenset({"plan", "bid"})
PLAN_ORDER = ("AH", "IT")          # the order of the sealed plans (either would do)


def secret_plan(g: Game, side: str) -> dict:
    return dict(g.get(f"secret:{side}:plan") or {})


def plan_cost(plan: dict) -> int:
    return sum(command.box_cost(int(b)) for b in plan.values())


def revealed_plan(g: Game, side: str) -> dict:
    return dict((g.get("se_plan") or {}).get(side) or {})


class CommandPhase(Procedure):
    """4.0-2: both sides plan in secret, then both plans are revealed together."""
    name = "command_phase"
    steps = ("first", "second", "reveal")

    def first(self, g: Game, frame: dict) -> None:
        g.call("plan", side=PLAN_ORDER[0])

    def second(self, g: Game, frame: dict) -> None:
        g.call("plan", side=PLAN_ORDER[1])

    def reveal(self, g: Game, frame: dict) -> None:
        public = {}
        spent = {}
        for side in SIDES:
            plan = secret_plan(g, side)
            hqs = command.hq_pieces(g, side)
            for brigade, box in sorted(plan.items()):
                g.do(C.Move(hqs[brigade], command.box_loc(side, int(box))))
            cost = plan_cost(plan)
            if cost:
                g.spend_lp(side, cost)
            public[side] = plan
            spent[side] = cost
            g.set(f"secret:{side}:plan", None)
            words = "; ".join(f"{command.brigade_name(g, side, b)} ({command.box_words(int(x))})"
                              for b, x in sorted(plan.items())) or "no brigade"
            g.note(f"{g.rules.side_name(side)} reveals its plan: {words} — {cost} LP (8.3).")
        g.set("se_plan", public)
        g.set("se_command_lp", spent)


class Plan(State):
    """8.2-8.3: one side's secret plan: which brigades it will activate and with how much
    artillery (the HQ into a Brigade Display box), paying LP; then it commits."""
    name = "plan"
    rule = "8.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        plan = secret_plan(g, side)
        left = g.lp(side) - plan_cost(plan)
        words = ", ".join(f"{command.brigade_name(g, side, b)} in box {x}" for b, x in sorted(plan.items()))
        return Prompt(side, "command_plan",
                      f"{g.rules.side_name(side)}: in secret, put the HQs of the brigades you will "
                      f"activate in the Brigade Display boxes (box 1 no artillery, 2: 1-5, 3: 6-10, "
                      f"4: 11-15 artillery; {left} of {g.lp(side)} LP left), then commit"
                      + (f" — planned: {words}" if words else ""))

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        plan = secret_plan(g, side)
        cost = plan_cost(plan)
        hqs = command.hq_pieces(g, side)
        for brigade in command.in_play(g, side):
            if command.brigade_frozen(g, side, brigade):
                continue
            now = int(plan.get(brigade, 0))
            base = cost - (command.box_cost(now) if now else 0)
            for box in command.BOXES:
                if box != now and base + command.box_cost(box) <= g.lp(side):
                    yield self.offer("plan", side, hq=hqs[brigade], box=command.box_loc(side, box))
            if now:
                yield self.offer("plan", side, hq=hqs[brigade], box=command.box_loc(side, command.NOT_ACTIVATED))
        yield self.offer("commit", side)

    def check_plan(self, g: Game, frame: dict, hq: Piece, box: Loc) -> Violation | None:
        side = frame["side"]
        if not g.exists(hq) or g.ptype(hq).kind != "hq" or g.side_of(hq) != side:
            return violation("8.2", "plan your own brigades' HQs")
        brigade = command.hq_brigade(g, hq)
        if brigade not in command.in_play(g, side):
            return violation("21.3", f"{g.name(hq)}: the brigade is not in play (not arrived, or no "
                                     "unit on the map)")
        if command.brigade_frozen(g, side, brigade):
            return violation("Sc5", "no Italian unit in the East sector may be activated until an AH "
                                    "unit has crossed the initial front there")
        n = command.box_of_loc(str(box))
        if n is None or not str(box).startswith(f"bd:{side}:"):
            return violation("8.2", "an HQ goes into one of your Brigade Display boxes")
        plan = secret_plan(g, side)
        now = int(plan.get(brigade, 0))
        if n == command.NOT_ACTIVATED:
            return None if now else violation("8.2", f"{g.name(hq)} is not planned")
        base = plan_cost(plan) - (command.box_cost(now) if now else 0)
        if base + command.box_cost(n) > g.lp(side):
            return violation("8.3", f"that plan costs {base + command.box_cost(n)} LP, more than "
                                    f"the {g.lp(side)} LP on your General Track (7.2)")
        return None

    def on_plan(self, g: Game, frame: dict, hq: Piece, box: Loc) -> None:
        """Plan a brigade"""
        side = frame["side"]
        plan = secret_plan(g, side)
        brigade = command.hq_brigade(g, hq)
        n = command.box_of_loc(str(box))
        if n == command.NOT_ACTIVATED:
            plan.pop(brigade, None)
        else:
            plan[brigade] = n
        g.set(f"secret:{side}:plan", plan or None)

    def on_commit(self, g: Game, frame: dict) -> None:
        """Commit the plan"""
        g.note(f"{g.rules.side_name(frame['side'])} has committed its plan.")
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "plan":
            return f"{g.rules.side_name(action.side)}: plans in secret"
        if action.verb == "commit":
            return f"{g.rules.side_name(action.side)}: commits its plan"
        return None


class InitiativePhase(Procedure):
    """4.0-3, 7.0: sealed bids, then the rolls (ties rolled again)."""
    name = "initiative_phase"
    steps = ("first", "second", "roll")

    def first(self, g: Game, frame: dict) -> None:
        g.call("bid", side=PLAN_ORDER[0])

    def second(self, g: Game, frame: dict) -> None:
        g.call("bid", side=PLAN_ORDER[1])

    def roll(self, g: Game, frame: dict) -> None:
        spent = g.get("se_command_lp") or {}
        bids = {}
        for side in SIDES:
            bid = int(g.get(f"secret:{side}:bid") or 0)
            g.set(f"secret:{side}:bid", None)
            if bid:
                g.spend_lp(side, bid)
            bids[side] = bid
        g.note("Initiative bids revealed: " + ", ".join(f"{g.rules.side_name(s)} {bids[s]} LP" for s in SIDES) + ".")
        for _ in range(100):
            totals = {}
            for side in SIDES:
                die = g.roll(f"initiative, {g.rules.side_name(side)} (4.0-3)", "1d6")
                totals[side] = die + int(spent.get(side, 0)) + bids[side]
                g.note(f"{g.rules.side_name(side)}: die {die} + {spent.get(side, 0)} LP of the Command "
                       f"Phase + {bids[side]} LP bid = {totals[side]}.")
            if totals["AH"] != totals["IT"]:
                break
            g.note("A tie: roll again (4.0-3).")
        winner = max(SIDES, key=lambda s: totals[s])
        g.set("se_initiative", winner)
        g.note(f"{g.rules.side_name(winner)} has the Initiative this turn.")


class Bid(State):
    """4.0-3: a sealed bid of extra LP for the Initiative (0 to the LP in stock)."""
    name = "bid"
    rule = "4.0"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "initiative_bid",
                      f"{g.rules.side_name(side)}: in secret, how many of your {g.lp(side)} LP do you "
                      "add to your Initiative roll?")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for n in range(0, g.lp(side) + 1):
            yield self.offer("bid", side, lp=n)

    def check_bid(self, g: Game, frame: dict, lp: int) -> Violation | None:
        if lp < 0 or lp > g.lp(frame["side"]):
            return violation("7.0", f"you may bid from 0 to the {g.lp(frame['side'])} LP in stock")
        return None

    def on_bid(self, g: Game, frame: dict, lp: int) -> None:
        """Bid LP"""
        g.set(f"secret:{frame['side']}:bid", lp or None)
        g.note(f"{g.rules.side_name(frame['side'])} has made its Initiative bid.")
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        return f"{g.rules.side_name(action.side)}: bids in secret"
