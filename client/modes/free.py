"""Free play: the table as a real table. Every gesture is a table command (move, flip, draw,
mark …) sent to the free-play ruleset, which accepts them all; the right-click menus offer
everything, and the free-play commands (flip, lose a step, markers, send to a box, restack,
delete, roll dice) work from their keys."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions
from ..actions import MenuItem
from ..widgets.dialogs import DiceDialog, TextPrompt
from .base import PlayMode

if TYPE_CHECKING:
    from ..gestures import Press


class FreePlay(PlayMode):
    name = "free"
    help = ("Mouse: drag a piece (with the units above it), Shift-drag a whole stack, drag the top "
            "of a deck or cup to draw; drag the empty map to pan, Ctrl/Shift-drag to select; wheel "
            "zooms; right-click for menus (flip, markers, send to, add counter…); double-click flips.")

    # -- gestures ---------------------------------------------------------------------------------
    def double_click(self, press: "Press") -> bool:
        pid = press.target.get("id") if press.target else None
        if pid is None:
            return False
        self.t.do(actions.flip(self.t.side, pid))
        return True

    def drop(self, pids: list[int], loc: str) -> bool:
        self.t.do(actions.move(self.t.side, pids, loc))
        return True

    def draw_from(self, src: str, loc: str) -> bool:
        self.t.do(actions.draw(self.t.side, src, loc))
        return True

    def pile(self, verb: str, loc: str) -> bool:
        t = self.t
        if verb == "shuffle":
            t.do(actions.shuffle(t.side, loc))
        elif verb == "draw" and t.hand is not None and t.hand.my_hands:
            t.do(actions.draw(t.side, loc, t.hand.my_hands[0]))
        return True

    def piece_items(self, entry: dict, loc: str) -> list[MenuItem]:
        t = self.t
        if "id" not in entry:
            return self.place_items(loc)
        ids = [e.get("id") for e in t.layer.entries(loc)]
        return actions.piece_menu(t.module, t.side, entry, loc, ids if None not in ids else [], t.selection)

    def place_items(self, loc: str) -> list[MenuItem]:
        return actions.location_menu(self.t.module, self.t.side, loc, len(self.t.layer.entries(loc)))

    # -- the free-play commands (client.table_commands) ------------------------------------------
    def flip(self) -> None:
        for pid in self.t.targets():
            self.t.do(actions.flip(self.t.side, pid))

    def lose_step(self) -> None:
        for pid in self.t.targets():
            self.t.do(actions.step(self.t.side, pid))

    def delete(self) -> None:
        if self.t.targets():
            self.t.do(actions.delete(self.t.side, self.t.targets()))

    def marker(self, pids: list[int] | int | None = None) -> None:
        t = self.t
        pids = [pids] if isinstance(pids, int) else (pids or t.targets())
        if not pids:
            return
        choices = actions.marker_choices(t.module)
        hint = f" (e.g. {', '.join(choices[:3])})" if choices else ""
        t.modals.append(TextPrompt(t.screen_rect, "Add marker", "Marker text" + hint,
                                   lambda text: [t.do(actions.mark(t.side, p, text.strip())) for p in pids]
                                   if text.strip() else None))

    def send_to_box(self) -> None:
        t = self.t
        pids = t.targets()
        if not pids:
            return
        entry = t.layer.entry(pids[0])
        owner = ((entry or {}).get("props") or {}).get("owner", "")
        boxes = actions.send_targets(t.module, owner)
        if boxes:
            t.do(actions.move(t.side, pids, boxes[0]))

    def restack(self, top: bool) -> None:
        t = self.t
        pids = t.targets()
        if not pids:
            return
        loc = t.layer.loc_of(pids[0])
        ids = [e.get("id") for e in t.layer.entries(loc)]
        if None in ids:
            t.toasts.show("cannot reorder a stack with hidden pieces", error=True)
            return
        moving = [p for p in ids if p in pids]
        rest = [p for p in ids if p not in pids]
        order = rest + moving if top else moving + rest
        if order != ids:
            t.do(actions.reorder(t.side, loc, order))

    def dice(self, purpose: str = "") -> DiceDialog:
        t = self.t
        dice = [("d6", "d6")] + [(d.id, d.name if len(d.name) < 10 else d.id) for d in t.module.dice.values()
                                 if d.id != "d6" and tuple(d.faces) != (1, 2, 3, 4, 5, 6)]
        dialog = DiceDialog(t.screen_rect, dice, lambda spec, why: t.do(actions.roll(t.side, spec, why or "free roll")),
                            purpose)
        t.modals.append(dialog)
        return dialog
