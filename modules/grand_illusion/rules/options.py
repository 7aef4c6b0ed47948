"""Scenario 3's strategic options (13.3 rule 4): each player secretly chooses none, one or two
options; both are revealed after the set-up and before play; the Allies carry theirs out first
(placing units, repositioning, VP and CAP), then the German. Each option costs its VP (the
``scenario3_options`` table).

A side's choice is kept in the global ``secret:<side>:gi_options`` (only that side's view shows
it) until both have chosen; options already chosen at the table before the game (the start
panel's ``--option``) are that side's choice and it is not asked again.

Carrying them out: option-tagged placements come in, ``replaced_by_option`` ones leave, arrivals
move to ``alt_turn`` (13.3 a 3); "Free deployment" (13.3 a 1, b 1) and the free Belgian set-up of
"Belgian preparation" (13.3 a 5) are decisions (:class:`FreeDeploy`); "Belgian preparation" ends
with one German activation of hex 72 only, a battle against the Liège fort (13.3 a 5).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, control, vp
from .decision import Decision
from .game import SET_ASIDE, WORD, Game

CHOICE_KEY = "secret:{side}:gi_options"


def option_ids(g: Game, side: str) -> list[str]:
    scen = g.module.scenarios.get(g.scenario)
    return [o.id for o in (scen.options if scen else ()) if o.side == side and o.secret]


def max_options(g: Game) -> int:
    scen = g.module.scenarios.get(g.scenario)
    return int(scen.attrs.get("max_options_per_side", 2)) if scen else 2


def cost(g: Game, option: str) -> int:
    return int(g.module.tables["scenario3_options"].lookup(option, "vp_cost"))


def name(g: Game, option: str) -> str:
    return str(g.module.tables["scenario3_options"].lookup(option, "name"))


def preset(g: Game, side: str) -> list[str] | None:
    table = g.get("gi_table_options") or {}
    chosen = [o for o in option_ids(g, side) if table.get(o) == "on"]
    return chosen or None


class StrategicOptions(State):
    """13.3 rule 4: choose (secretly), reveal, carry out."""
    name = "strategic_options"
    rule = "13.3"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        stage = frame.get("stage", "allied")
        if stage in ("allied", "german"):
            g.update(stage="german" if stage == "allied" else "reveal")
            chosen = preset(g, stage)
            if chosen is not None:
                g.set(CHOICE_KEY.format(side=stage), chosen[:max_options(g)])
            else:
                g.set(CHOICE_KEY.format(side=stage), [])
                g.call("choose_options", side=stage)
            return
        if stage == "reveal":
            chosen = []
            for side in ("allied", "german"):
                key = CHOICE_KEY.format(side=side)
                mine = list(g.get(key) or [])
                chosen += mine
                g.set(key, None)
                g.note(f"{WORD[side]} strategic options (13.3): "
                       + (", ".join(name(g, o) for o in mine) if mine else "none"))
            g.set("gi_options", chosen)
            self._apply_data(g, chosen)
            g.update(stage="allied_deploy")
            return
        if stage == "allied_deploy":
            g.update(stage="belgian_deploy")
            if g.option("allied_1"):
                g.call("free_deploy", side="allied", kind="allied_1", moved=[])
            return
        if stage == "belgian_deploy":
            g.update(stage="german_deploy")
            if g.option("allied_5"):
                g.call("free_deploy", side="allied", kind="allied_5", moved=[])
            return
        if stage == "german_deploy":
            g.update(stage="liege")
            if g.option("german_1"):
                g.call("free_deploy", side="german", kind="german_1", moved=[])
            return
        if stage == "liege":
            g.update(stage="play")
            if g.option("allied_5") and board.units_at(g, "72", "german"):
                g.note("Belgian preparation (13.3 a 5): the German activates hex 72 and attacks "
                       "the Liège fort before play")
                g.call("activation", side="german", hex="72",
                       began=[int(p) for p in board.units_at(g, "72", "german")], moved={},
                       entered={}, battles=[], resolving=False, cede=False, only_battle=True)
            return
        g.set("gi_battle_hexes", [])
        g.goto("turn")

    def _apply_data(self, g: Game, chosen: list[str]) -> None:
        for pid, piece in list(g.state.pieces.items()):
            props = piece.props
            opt = props.get("option")
            if opt and opt not in chosen:
                g.do(C.Move(pid, SET_ASIDE))
                continue
            if props.get("replaced_by_option") in chosen:
                if piece.type == "M-CONTROL":
                    loc = piece.loc
                    g.do(C.Move(pid, "box-markers"))
                    changed = dict(g.get("gi_control") or {})
                    changed.pop(loc, None)
                    g.set("gi_control", changed)
                else:
                    g.do(C.Move(pid, SET_ASIDE))
                continue
            if props.get("alt_option") in chosen and props.get("alt_turn"):
                g.do(C.Move(pid, f"turn-{int(props['alt_turn'])}"))
            if opt == "german_4":
                g.do(C.SetProp(pid, "more_troops", True))
        for side in ("allied", "german"):
            for o in chosen:
                if o.startswith(side):
                    vp.add(g, side, -cost(g, o), f"strategic option {name(g, o)} (13.3)")


class ChooseOptions(Decision):
    """13.3 rule 4: one player writes down none, one or two options, secretly."""
    name = "choose_options"
    rule = "13.3"

    def _chosen(self, g: Game, side: str) -> list[str]:
        return list(g.get(CHOICE_KEY.format(side=side)) or [])

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        mine = self._chosen(g, side)
        return Prompt(side, "strategic_options",
                      f"{WORD[side]}: choose up to {max_options(g)} strategic options, secretly "
                      f"(13.3): chosen so far: {', '.join(name(g, o) for o in mine) or 'none'}")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        mine = self._chosen(g, side)
        for o in option_ids(g, side):
            if o in mine or len(mine) < max_options(g):
                yield self.offer("toggle", side, option=o)
        yield self.offer("done", side)

    def check_toggle(self, g: Game, frame: dict, option: str) -> Violation | None:
        side = frame["side"]
        if option not in option_ids(g, side):
            return Violation("GI 13.3", "not one of your strategic options")
        mine = self._chosen(g, side)
        if option not in mine and len(mine) >= max_options(g):
            return Violation("GI 13.3", f"at most {max_options(g)} options")
        return None

    def on_toggle(self, g: Game, frame: dict, option: str) -> None:
        """Choose or drop this option"""
        side = frame["side"]
        mine = self._chosen(g, side)
        mine = [o for o in mine if o != option] if option in mine else mine + [option]
        g.set(CHOICE_KEY.format(side=side), mine)

    def on_done(self, g: Game, frame: dict) -> None:
        """My choice is made"""
        g.note(f"{WORD[frame['side']]} has written down its strategic options")
        g.end()

    LINES = {"toggle": "{side}: considers its strategic options (secret)",
             "done": "{side}: has chosen (secret)"}


LIMITS = {"allied_1": {"corps": 5, "cavalry": 2, "hq": 1},
          "german_1": {"corps": 8, "cavalry": 3, "hq": 1}}


class FreeDeploy(Decision):
    """13.3 a 1 / b 1: reposition up to 5 French corps, 2 French cavalry divisions and 1 French
    HQ anywhere in France (8 German corps, 3 cavalry divisions and 1 HQ anywhere German-
    controlled); 13.3 a 5: every Belgian infantry, cavalry and HQ unit freely within Belgium.
    Stacking limits apply."""
    name = "free_deploy"
    rule = "13.3"

    def _bucket(self, g: Game, frame: dict, pid: int) -> str | None:
        k = board.kind(g, pid)
        kind = frame["kind"]
        if k.side != frame["side"] or not board.is_hex(g.loc(pid)):
            return None
        if kind == "allied_5":
            return "any" if k.nat == "BE" and (k.combat or k.hq) else None
        if kind == "allied_1" and k.nat != "FR":
            return None
        if k.hq:
            return "hq"
        if k.cavalry and k.size == "division":
            return "cavalry"
        if k.infantry and k.corps:
            return "corps"
        return None

    def _left(self, g: Game, frame: dict, bucket: str) -> bool:
        if frame["kind"] == "allied_5":
            return True
        used = sum(1 for p in frame["moved"] if self._bucket(g, frame, p) == bucket)
        return used < LIMITS[frame["kind"]][bucket]

    def _hexes(self, g: Game, frame: dict, pid: int) -> list[str]:
        kind, side = frame["kind"], frame["side"]
        out = []
        for h in board.HEX_IDS:
            if h == g.loc(pid) or board.control(g, h) != side:
                continue
            if kind == "allied_1" and board.hexattr(g, h, "country") != "FR":
                continue
            if kind == "allied_5" and not board.in_belgium(g, h):
                continue
            if board.over_stacked(g, h, side, [pid]):
                continue
            out.append(h)
        return out

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        what = {"allied_1": "Free deployment: reposition up to 5 French corps, 2 cavalry divisions "
                            "and 1 HQ anywhere in France",
                "allied_5": "Belgian preparation: set up the Belgian units anywhere in Belgium",
                "german_1": "Free deployment: reposition up to 8 German corps, 3 cavalry divisions "
                            "and 1 HQ anywhere German-controlled"}[frame["kind"]]
        return Prompt(side, "free_deploy", f"{WORD[side]}: {what} (13.3), then done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        for pid in list(g.state.pieces):
            bucket = self._bucket(g, frame, pid)
            if bucket is None or (pid not in frame["moved"] and not self._left(g, frame, bucket)):
                continue
            for h in self._hexes(g, frame, pid):
                yield self.offer("redeploy", side, unit=pid, hex=h)
        yield self.offer("done", side)

    def check_redeploy(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> Violation | None:
        bucket = self._bucket(g, frame, unit) if unit in g.state.pieces else None
        if bucket is None:
            return Violation("GI 13.3", "that unit may not be repositioned by this option")
        if unit not in frame["moved"] and not self._left(g, frame, bucket):
            return Violation("GI 13.3", "the option's limit of units is reached")
        if hex not in self._hexes(g, frame, unit):
            return Violation("GI 13.3", "not a hex this option allows (or over the stacking limit)")
        return None

    def on_redeploy(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> None:
        """Reposition this unit here"""
        start = g.loc(unit)
        g.do(C.Move(unit, hex))
        if int(unit) not in frame["moved"]:
            g.update(moved=frame["moved"] + [int(unit)])
        control.settle(g, [start, str(hex)])

    def on_done(self, g: Game, frame: dict) -> None:
        """Done repositioning"""
        g.end()

    LINES = {"redeploy": "{side}: {unit_to} set up in {hex}",
             "done": "{side}: set-up done"}

    def line_values(self, g: Game, frame: dict, action: Action) -> dict[str, str]:
        if action.verb != "redeploy":
            return {}
        return {"unit_to": g.label_to(action["unit"], action["hex"])}
