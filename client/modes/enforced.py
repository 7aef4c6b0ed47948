"""Rules-enforced play: the table driven by the ruleset's prompt and legal actions.

:mod:`client.legal` sorts the legal actions by the types of their targets, so any enforcing
ruleset gets the same table. The action panel says whose decision it is, shows the prompt and
the last refusal, and has buttons for the legal actions when they are few (else for those with
nothing to point at and for the card picked in the hand). A hand card offers its plays
(illegal ones greyed with the refusing rule). The spaces the legal actions point at are
outlined by kind (activate, attack target, destination, unit to choose); a click on one does
the single action it means or opens a menu; a drop does the legal move that moves most of the
dragged pieces there by the shortest path, else the move most likely meant is checked and its
refusal shown ("PoG 11.1.3: ..."). Any other gesture is a candidate action checked the same
way. The units committed to the combat being declared (the combat report's ``committed``) are
ringed. The analysis is cached by state hash and seat: frames never recompute it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from engine.reports import GLOBAL as REPORT

from .. import actions, colours
from ..actions import MenuItem
from ..legal import LegalIndex, Option, short_labels
from ..widgets.menu import ContextMenu
from ..widgets.prompt import PanelButton
from .base import PlayMode

if TYPE_CHECKING:
    from ..gestures import Press

FEW_ACTIONS = 10          # up to this many legal actions all get a button in the action panel
LEGAL_CACHE = 8           # legal-action analyses kept (by state hash and seat) for undo/redo
HIGHLIGHT = {"space": colours.HL_ACTIVATE, "attack": colours.HL_ATTACK,
             "destination": colours.HL_DESTINATION, "unit": colours.HL_UNIT}
#: what the panel says for each kind of legal action taken on the map or in the hand
HINTS = {"card": "Click a card in your hand to play it.",
         "space": "Click a highlighted space to choose it.",
         "attack": "Click a space outlined in red to attack it.",
         "unit": "Click a highlighted unit to choose it.",
         "destination": "Drag a unit to a highlighted space to move it."}
MENU_HINT = "right-click menus are free play only; this game is rules-enforced — use the action panel"


def any_game_items(items: list[MenuItem]) -> list[MenuItem]:
    """The entries of a piece/location menu that mean something in a rules-enforced game: the
    client commands in :data:`PlayMode.ANY_GAME_COMMANDS` (no free-play Action, no dialog
    sending one), and submenus keeping at least one such entry."""
    kept: list[MenuItem] = []
    for item in items:
        if item.children:
            children = any_game_items(item.children)
            if children:
                kept.append(replace(item, children=children))
        elif item.action is None and item.command in PlayMode.ANY_GAME_COMMANDS:
            kept.append(item)
    return kept


class Enforced(PlayMode):
    name = "enforced"
    enforcing = True
    help = ("Mouse: click a highlighted space or unit to choose it, drag a unit onto a highlighted "
            "space to move it, click a card in your hand for its plays; drag the empty map to pan, "
            "wheel zooms; right-click keeps inspect, centre and line of sight.")

    def __init__(self, table) -> None:
        super().__init__(table)
        self.legal: LegalIndex | None = None
        self.cache: dict[tuple, LegalIndex] = {}
        self._hl_memo: tuple = (None, {})
        self.selected_card: dict | None = None
        self.prompt_side = ""

    # -- the decision in front of the seat ------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the prompt and (when the seated side is to act) the legal actions, and fill
        the action panel."""
        t = self.t
        prompt = t.prompt_or_none()
        self.prompt_side = prompt.side if prompt is not None else ""
        to_act = prompt is not None and prompt.kind != "game_over" and (not prompt.side or prompt.side == t.side)
        self.legal = None
        if to_act:
            key = (t.session.state.hash, t.side)
            legal = self.cache.get(key)
            if legal is None:
                legal = LegalIndex.build(t.session, prompt.side or t.side)
                self.cache[key] = legal
                while len(self.cache) > LEGAL_CACHE:
                    self.cache.pop(next(iter(self.cache)))
            self.legal = legal
        self.fill_panel(prompt)

    def fill_panel(self, prompt=None) -> None:
        t = self.t
        if t.panel is None:
            return
        prompt = prompt if prompt is not None else t.prompt_or_none()
        buttons: list[PanelButton] = []
        hints: list[str] = []
        colour = colours.UI_ACCENT
        if prompt is None:
            header, text = "The rules cannot say whose decision it is", ""
        elif prompt.kind == "game_over":
            header, text = "Game over", t.words(prompt.text)
        elif self.legal is None:
            header, text = f"Waiting for {t.side_name(prompt.side)}", t.words(prompt.text)
            colour = colours.UI_DIM
            offer = t.seating.offer(prompt.side)
            if offer is not None:
                buttons.append(offer)
        else:
            header = f"{t.side_name(prompt.side)} to act" if prompt.side else "Anyone may act"
            text = t.words(prompt.text)
            buttons, hints = self.panel_actions(self.legal)
        t.panel.set_content(header, text, buttons, hints, t.refusal, colour,
                            decision=(prompt.side, prompt.kind) if prompt is not None else None)
        t.layout_column()

    def panel_actions(self, legal: LegalIndex) -> tuple[list[PanelButton], list[str]]:
        """Buttons for the legal actions when they are few (those with nothing to point at
        first, so they keep their place), else for those with nothing to point at plus the
        selected card's plays; hints for what is done on the map or in the hand."""
        opts = legal.options
        if len(opts) <= FEW_ACTIONS:
            shown = legal.buttons() + [o for o in opts if o.category != "button"]
        else:
            shown = (legal.card_options(self.selected_card) if self.selected_card is not None else []) \
                + legal.buttons()
        say = self.t.words
        labels = [say(legal.label(o)) for o in shown]
        cards = [k for k, o in enumerate(shown) if o.category == "card"]
        if self.selected_card is not None and len(cards) > 1 and len({shown[k].card for k in cards}) == 1:
            for k, short in zip(cards, short_labels([labels[k] for k in cards])):
                labels[k] = short
        buttons = [PanelButton(label, lambda a=o.action: self.t.do(a), say(legal.label(o)))
                   for label, o in zip(labels, shown)]
        hints = []
        if self.selected_card is not None and legal.card_options(self.selected_card):
            hints.append(f"Card: {self.t.card_name(self.selected_card)}")
        seen = {o.category for o in opts}
        hints += [text for category, text in HINTS.items() if category in seen]
        return buttons, hints

    # -- highlights ----------------------------------------------------------------------------------
    def highlights(self) -> dict[str, str]:
        """Location → category ("space", "attack", "destination", "unit") of the spaces the
        legal actions point at now: while pieces are dragged only their destinations; with
        movable pieces selected, their destinations and the other click targets."""
        legal, t = self.legal, self.t
        if legal is None:
            return {}
        drag = t.gestures.drag
        dragging = drag.pids if drag is not None and drag.kind == "pieces" else None
        key = (id(legal), tuple(dragging) if dragging is not None else None, tuple(t.selection))
        if self._hl_memo[0] == key:
            return self._hl_memo[1]
        if dragging is not None:
            found = {loc: "destination" for loc in legal.destinations(dragging)}
        else:
            chosen = [p for p in t.selection if p in legal.movers()]
            found = legal.highlights(chosen or None)
        self._hl_memo = (key, found)
        return found

    def committed(self) -> list[int]:
        """The units committed to the combat being declared (the report's ``committed``)."""
        report = self.t.view.get("globals", {}).get(REPORT)
        if not isinstance(report, dict) or report.get("stage") != "declared":
            return []
        return [p for p in report.get("committed", []) if isinstance(p, int)]

    def draw(self, surf: pygame.Surface) -> None:
        t = self.t
        for loc, category in self.highlights().items():
            if loc in t.world.places:
                t.overlay.outline(surf, loc, HIGHLIGHT.get(category, colours.SELECT))
        for pid in self.committed():
            r = t.piece_rect(pid)
            if r is not None:
                t.overlay.committed(surf, r)

    # -- gestures ----------------------------------------------------------------------------------
    def click(self, press: "Press", pos: tuple[int, int], before: list[int]) -> bool:
        entry = press.target
        if press.source == "hand":
            self.card_menu(entry, pos)
            return True
        if press.source == "map" and self.rules_click(press.loc, pos, before):
            return True
        return super().click(press, pos, before)

    def click_place(self, loc: str, pos: tuple[int, int]) -> bool:
        return self.rules_click(loc, pos, empty=True)

    def drop(self, pids: list[int], loc: str) -> bool:
        self.rules_drop(pids, loc)
        return True

    def draw_from(self, src: str, loc: str) -> bool:
        self.candidate(actions.draw(self.t.side, src, loc))
        return True

    def open_menu(self, items: list[MenuItem], pos: tuple[int, int]) -> ContextMenu | None:
        """Only the lines changing nothing; a menu left empty is a hint."""
        items = any_game_items(items)
        if not items:
            self.t.hint_once(MENU_HINT)
            return None
        return super().open_menu(items, pos)

    def piece_items(self, entry: dict, loc: str) -> list[MenuItem]:
        return [MenuItem("Inspect stack", command="inspect", arg=loc)] if len(self.t.layer.entries(loc)) > 1 else []

    def place_items(self, loc: str) -> list[MenuItem]:
        items = [MenuItem("Inspect", command="inspect", arg=loc)] if self.t.layer.entries(loc) else []
        return items + [MenuItem("Centre here", command="center", arg=loc)]

    def escape(self) -> bool:
        if self.selected_card is not None:
            self.selected_card = None
            self.fill_panel()
            return True
        return False

    # -- gestures as candidate actions ---------------------------------------------------------------
    def candidate(self, action) -> object:
        """Check ``action``: done if the ruleset accepts it, otherwise refused with its rule."""
        violation = self.t.session.check(action)
        if violation is None:
            return self.t.do(action)
        self.t.refuse(violation)
        return None

    def rules_drop(self, pids: list[int], target: str):
        """A drop of ``pids`` on ``target``: the legal action it means (the one moving most of
        the dragged pieces, shortest path), else the action most likely meant, checked."""
        t, legal = self.t, self.legal
        if legal is not None:
            opt = legal.drop(pids, target)
            if opt is not None:
                return t.do(opt.action)
        guesser = legal if legal is not None else LegalIndex(t.session, t.side)
        graph = t.world.graph
        start = t.layer.loc_of(pids[0]) if pids else None
        return self.candidate(guesser.guess(pids, target, graph.neighbours if graph is not None else None, start))

    def rules_click(self, loc: str, pos: tuple[int, int], chosen: list[int] | None = None,
                    empty: bool = False) -> bool:
        """A click on ``loc``: the one legal action it means is done, several open a menu.
        Destinations count for the ``chosen`` pieces (the selection before the click); a click
        on an empty location also offers every destination there, always in a menu. False when
        no legal action points there."""
        if self.legal is None:
            return False
        chosen = list(self.t.selection if chosen is None else chosen)
        options = self.legal.at(loc, chosen, any_destination=empty)
        if not options:
            return False
        mine = set(chosen)
        sure = all(o.category != "destination" or mine & set(o.movers) for o in options)
        if len(options) == 1 and sure:
            self.t.do(options[0].action)
        else:
            legal = self.legal
            say = self.t.words
            items = [MenuItem(say(legal.label(o)), action=o.action, tip=say(legal.label(o))) for o in options]
            self.t.modals.append(ContextMenu(items, pos, self.t.menu_pick, self.t.screen_rect))
        return True

    def card_menu(self, entry: dict, pos: tuple[int, int]) -> ContextMenu | None:
        """The plays of hand card ``entry``: every kind of card play legal now, greyed with
        the refusal (rule and reason, as a tooltip) where this card may not be played so."""
        t = self.t
        self.selected_card = entry
        if self.legal is None:
            prompt = t.prompt_or_none()
            if prompt is not None and prompt.side and prompt.side != t.side:
                t.toasts.show(f"it is {t.side_name(prompt.side)}'s decision", error=True)
            return None
        self.fill_panel()
        legal = self.legal
        mine = legal.card_options(entry)
        items: list[MenuItem] = [MenuItem(t.card_name(entry), enabled=False)]
        for kind in legal.card_kinds():
            o = next((o for o in mine if o.action.verb == kind), None)
            if o is not None:
                items.append(MenuItem(t.words(legal.label(o)), action=o.action))
                continue
            action = legal.card_play(kind, entry.get("type", ""))
            violation = t.session.check(action)
            label = t.words(legal.label(Option(action, "card", card=entry.get("type", ""))))
            items.append(MenuItem(label, action=action, enabled=violation is None,
                                  tip=t.words(str(violation)) if violation is not None else ""))
        plays = items[1:]
        for item, short in zip(plays, short_labels([i.label for i in plays])):
            item.tip = item.tip or item.label
            item.label = short
        if not plays:
            prompt = t.prompt_or_none()
            items.append(MenuItem("No card can be played now", enabled=False,
                                  tip=t.words(prompt.text) if prompt is not None else ""))
        menu = ContextMenu(items, pos, t.menu_pick, t.screen_rect)
        t.modals.append(menu)
        return menu
