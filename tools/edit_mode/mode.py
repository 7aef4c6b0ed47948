"""The table's edit mode: the editor model (:mod:`tools.editor`) driven by the table's gestures.

The mode sits on top of the table's mode stack (over free play) and turns what the user does
into editor edits — each one undo step of the :class:`~tools.editor.EditorSession` — and after
every step shows the module again: the table's world, map, counters and a free-play session of
the scenario being set up are made afresh from the edited module. It holds no editing logic:
everything it does, a script can do with the same edits.

Map tools (a left click on the map; a middle drag or the arrow keys pan, the wheel zooms):

* ``grid`` — click hex centres on the board's art; the first is the map's first hex (its
  label starts the numbering); the fitted grid is drawn over the art as picks are added;
  *Lay the grid* calibrates it and lays a hex on every centre of the board;
* ``terrain`` — click or drag to paint hexes (brush radius 0-2), one undo step per stroke;
* ``hexside`` — click near a hexside to give it the chosen feature (river, rail, border,
  extra cost…) or clear it;
* ``name`` — click a location to name it;
* ``space`` — click the board to add a space (point-to-point), drag a space to move it;
* ``connect`` — drag from one location to another to connect them (Shift: disconnect);
* ``setup`` — drag a counter from the tray onto the map to place it in the scenario, drag a
  placed piece to move it, right-click it to take it off;
* ``play`` — the table as in free play (move pieces freely), then save the position reached
  as a scenario.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from client import colours, fonts
from client.log_text import LogText
from client.modes.base import Mode
from client.pieces import PieceLayer
from client.place_info import PlaceInfo
from client.render_counter import CounterRenderer
from client.render_map import MapRenderer
from client.widgets.dialogs import ChoiceDialog, TextPrompt
from client.widgets.minimap import Minimap
from client.words import Words
from client.world import World, hex_corners
from engine.errors import WartableError
from engine.hexgrid import Hex
from engine.session import Session
from tools.authoring.grid_fit import GridFit, fit_grid
from tools.editor import (Compound, Connect, Disconnect, EditError, EditorSession, Element,
                          ImportArt, LayHexes, MoveLocation, NameLocation, PaintTerrain, Place,
                          PutSpace, RemoveLocation, ScenarioFromPosition, SetHexside, Step, Unplace, brush,
                          calibration, hex_grid)

from .panels import ToolPanel
from .vocab import DRAG_START, HEXSIDE_FEATURES, MAP_TOOLS, PROBLEM, slug
from .counter_designer import CounterDesigner
from .reconstructed import ReconstructedValues
from .table_editor import TableEditor

if TYPE_CHECKING:
    from client.table import Table


def play_session(module, scenario: str | None) -> Session:
    """The free-play session the table shows while editing: the scenario being set up (or the
    empty table when there is none or it cannot be set up yet)."""
    if scenario is not None and scenario in module.scenarios:
        try:
            return Session.new(module, scenario, 1, "free")
        except WartableError:
            pass
    bare = dataclasses.replace(module, scenarios={}) if module.scenarios else module
    return Session.new(bare, None, 1, "free")


class EditMode(Mode):
    """Edit mode over ``ed`` (see the module docstring). ``panel`` is the tool panel at the
    right of the map; ``window`` the counter designer, table editor or reconstructed-values
    panel while one is open."""
    name = "edit"
    help = ("Edit mode: pick a tool (1-8 or the panel); left click/drag on the map uses it, "
            "middle drag pans, wheel zooms. Ctrl+Z/Ctrl+Y undo and redo edits, Ctrl+S saves the "
            "source folder and builds the module. U counter designer, T tables, P reconstructed "
            "values.")

    def __init__(self, table: "Table", ed: EditorSession, scenario: str | None = None) -> None:
        super().__init__(table)
        self.ed = ed
        self.scenario = scenario if scenario in ed.module.scenarios else next(iter(ed.module.scenarios), None)
        kinds = {l.kind for l in ed.module.locations.values()}
        self.tool = "terrain" if "hex" in kinds else "name" if kinds else "grid"
        self.terrain = "forest"
        self.radius = 0
        self.feature = "river"
        self.only = ""
        self.picks: list[tuple[float, float]] = []       # board-local hex centres picked
        self.pick_labels: dict[int, str] = {}
        self.pick_board = ""
        self.first_label = "0101"
        self.numbering = "colrow"
        self.stroke: dict | None = None                  # a left press/drag a map tool follows
        self.tray_drag: str | None = None                # a piece type dragged from the tray
        self.message = ""
        self.panel = ToolPanel(self)
        self.window: Any = None
        ed.listeners.append(self.on_edit)

    # -- the editor ---------------------------------------------------------------------------------
    def do(self, edit) -> Step | None:
        """Make ``edit``; a refused edit is shown (with its reason) and changes nothing."""
        try:
            step = self.ed.do(edit)
        except EditError as exc:
            self.say(str(exc), error=True)
            return None
        self.message = step.label
        return step

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.t.toasts.show(text, error=error)

    def undo(self) -> None:
        step = self.ed.undo()
        self.say(f"undid {step.label}" if step else "nothing to undo")

    def redo(self) -> None:
        step = self.ed.redo()
        self.say(f"redid {step.label}" if step else "nothing to redo")

    def save(self) -> None:
        try:
            report = self.ed.save()
        except (WartableError, OSError) as exc:
            self.say(f"not saved: {exc}", error=True)
            return
        built = f"built {report.built.name}" if report.built else f"not built: {report.refused}"
        self.say(f"saved {len(report.files)} files in {self.ed.folder}; {built}; "
                 f"{len(report.problems)} problems")

    def quit(self) -> None:
        """Leave the editor; with unsaved edits, ask first (save, leave them, or stay)."""
        if not self.ed.dirty:
            self.t.quit_table()
            return

        def answer(choice: object) -> None:
            if choice == "save":
                self.save()
                if self.ed.dirty:
                    return          # not saved (the reason is shown): stay
            if choice in ("save", "quit"):
                self.t.quit_table()
        self.t.modals.append(ChoiceDialog(self.t.screen_rect, "Unsaved edits",
                                          f"{len(self.ed.undo_stack)} edits of {self.ed.module.title} are not "
                                          f"saved in {self.ed.folder}.",
                                          [("Save and quit", "save"), ("Quit without saving", "quit"),
                                           ("Keep editing", None)], answer))

    def on_edit(self, what: str, step: Step) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Show the edited module again: world, map, counters and the scenario's session."""
        t = self.t
        session = play_session(self.ed.module, self.scenario)
        t.module = session.module
        t.world = World(t.module)
        t.maps = MapRenderer(t.world)
        t.counters = CounterRenderer(t.module)
        t.layer = PieceLayer(t.world, t.counters)
        t.place_info = PlaceInfo(t.module)
        t.words = Words(t.module)
        t.log_text = LogText(t.words)
        visible = t.minimap.visible if t.minimap is not None else True
        t.minimap = Minimap(t.maps, t.camera, t.map_rect.bottomright)
        t.minimap.visible = visible
        t.maps_complete = False
        t.hand = None                   # (the decks and hands strip: not while editing)
        t.set_session(session)          # (the play mode is made afresh: this mode goes back on top)
        t.modes.append(self)
        t.resize((t.width, t.height))
        self.refresh()

    def open_window(self, kind: str) -> None:
        """Open (or close, when open) the counter designer, the tables or the reconstructed
        values."""
        if self.window is not None and self.window.kind == kind:
            self.window = None
            return
        self.window = {"counters": CounterDesigner, "tables": TableEditor,
                       "reconstructed": ReconstructedValues}[kind](self)

    def set_scenario(self, sid: str | None) -> None:
        self.scenario = sid
        self.rebuild()

    # -- where things are --------------------------------------------------------------------------
    def on_panel(self, pos) -> bool:
        return self.panel.ui.rect.collidepoint(pos) or (
            self.window is not None and self.window.ui.rect.collidepoint(pos))

    def board_pos(self, pos) -> tuple[str, float, float] | None:
        """The board under window position ``pos`` and the board-local point (art pixels)."""
        t = self.t
        if not t.map_rect.collidepoint(pos):
            return None
        wx, wy = t.camera.to_world(*t.to_view(pos))
        board = t.world.board_at(wx, wy)
        if board is None:
            return None
        ox, oy = t.world.origins[board]
        return board, wx - ox, wy - oy

    def grid_of(self, board: str):
        return next((g for g in self.ed.module.grids if g.board == board), None)

    def hex_under(self, pos) -> str | None:
        bp = self.board_pos(pos)
        g = self.grid_of(bp[0]) if bp else None
        if g is None:
            return None
        lab = hex_grid(g).at(bp[1], bp[2])
        loc = self.ed.module.locations.get(lab) if lab else None
        return lab if loc is not None and loc.kind == "hex" else None

    # -- events ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.tray_drag is not None and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drop_from_tray(event.pos)
            return True
        if self.window is not None and self.window.handle(event):
            return True
        if self.panel.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tool in MAP_TOOLS \
                and self.t.map_rect.collidepoint(event.pos) and not self.on_panel(event.pos):
            self.stroke = {"start": event.pos, "last": event.pos, "moved": False,
                           "shift": bool(event.dict.get("mod", pygame.key.get_mods()) & pygame.KMOD_SHIFT),
                           "from": self.t.location_under(event.pos), "labels": []}
            if self.tool == "terrain":
                self.paint_at(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.stroke is not None:
            self.stroke_motion(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.stroke is not None:
            stroke, self.stroke = self.stroke, None
            self.stroke_end(stroke, event.pos)
            return True
        return False

    def stroke_motion(self, pos) -> None:
        s = self.stroke
        dx, dy = pos[0] - s["start"][0], pos[1] - s["start"][1]
        if dx * dx + dy * dy >= DRAG_START * DRAG_START:
            s["moved"] = True
        if self.tool == "terrain":
            self.paint_at(pos)
        elif self.tool in ("grid", "name", "hexside") and s["moved"]:
            self.t.camera.pan(s["last"][0] - pos[0], s["last"][1] - pos[1])
            self.t.clamp()
        s["last"] = pos

    def stroke_end(self, s: dict, pos) -> None:
        tool = self.tool
        if tool == "terrain":
            if s["labels"]:
                self.do(PaintTerrain(s["labels"], self.terrain))
        elif s["moved"] and tool in ("grid", "name", "hexside"):
            return
        elif tool == "grid":
            self.pick(pos)
        elif tool == "hexside":
            self.hexside_at(pos)
        elif tool == "name":
            loc = self.t.location_under(pos)
            if loc is not None:
                self.ask_name(loc)
        elif tool == "space":
            self.space_stroke(s, pos)
        elif tool == "connect":
            a, b = s["from"], self.t.location_under(pos)
            if a and b and a != b:
                self.do(Disconnect(a, b) if s["shift"] else Connect(a, b, only=self.only))

    # -- the map tools -------------------------------------------------------------------------------
    def pick(self, pos) -> None:
        """Grid tool: a hex centre picked on the board's art."""
        bp = self.board_pos(pos)
        if bp is None:
            return
        if self.picks and bp[0] != self.pick_board:
            self.say("pick every centre on one board (Clear picks to start on another)", error=True)
            return
        self.pick_board = bp[0]
        self.picks.append((round(bp[1], 1), round(bp[2], 1)))
        self.message = f"{len(self.picks)} hex centres picked"

    def fit(self) -> GridFit | None:
        """The grid through the picks so far (None with fewer than two, or none fits)."""
        if len(self.picks) < 2:
            return None
        try:
            return fit_grid(self.picks)
        except ValueError:
            return None

    def lay_grid(self) -> Step | None:
        """Calibrate the grid from the picks (first label, numbering scheme, printed labels of
        further picks) and lay its hexes: one undo step."""
        if not self.picks:
            self.say("click hex centres on the map first (the map's first hex first)", error=True)
            return None
        g = self.grid_of(self.pick_board)
        gid = g.id if g is not None else "hexes"
        try:
            _, lay = calibration(self.picks, gid, self.pick_board, self.first_label.strip(),
                                 self.numbering, labels=self.pick_labels or None)
        except EditError as exc:
            self.say(str(exc), error=True)
            return None
        step = self.do(Compound(f"grid {gid} from {len(self.picks)} picks", [lay, LayHexes(gid)]))
        if step is not None:
            self.picks, self.pick_labels = [], {}
            self.tool = "terrain"
        return step

    def import_art(self, path: str) -> Step | None:
        board = self.pick_board or (self.ed.module.boards[0].id if self.ed.module.boards else "map")
        try:
            edit = ImportArt.from_file(board, path.strip(), name=board.title())
        except (OSError, WartableError) as exc:
            self.say(f"cannot import {path.strip()!r}: {exc}", error=True)
            return None
        step = self.do(edit)
        if step is not None:
            self.fit_view()
        return step

    def fit_view(self) -> None:
        """The whole map in the part of the view the tool panel leaves free."""
        t = self.t
        x, y, w, h = t.world.bounds
        free = max(1, t.map_rect.w - self.panel.rect().w)
        t.camera.fit((x, y, w * t.map_rect.w / free, h))

    def paint_at(self, pos) -> None:
        lab = self.hex_under(pos)
        if lab is None or self.stroke is None:
            return
        g = self.ed.module.grid(self.ed.module.locations[lab].grid)
        for l in brush(g, lab, self.radius):
            loc = self.ed.module.locations.get(l)
            if loc is not None and loc.kind == "hex" and l not in self.stroke["labels"]:
                self.stroke["labels"].append(l)

    def hexside_at(self, pos) -> Step | None:
        bp = self.board_pos(pos)
        g = self.grid_of(bp[0]) if bp else None
        side = hex_grid(g).hexside_at(bp[1], bp[2]) if g is not None else None
        if side is None:
            self.say("no hexside there", error=True)
            return None
        feats = HEXSIDE_FEATURES[self.feature]
        return self.do(SetHexside(side[0], side[1], feats, clear=not feats))

    def ask_name(self, loc: str) -> None:
        current = self.ed.module.locations[loc].name
        self.t.modals.append(TextPrompt(self.t.screen_rect, f"Name {loc}", "Name (empty: none)",
                                        lambda text: self.do(NameLocation(loc, text.strip())), current))

    def space_stroke(self, s: dict, pos) -> None:
        here = s["from"]
        loc = self.ed.module.locations.get(here) if here else None
        bp = self.board_pos(pos)
        if s["moved"] and loc is not None and loc.kind != "hex" and bp is not None:
            self.do(MoveLocation(here, round(bp[1]), round(bp[2])))
        elif not s["moved"] and bp is not None and (loc is None or loc.kind == "hex"):
            board, x, y = bp

            def add(name: str) -> None:
                name = name.strip()
                if name:
                    sid = slug(name)
                    while sid in self.ed.module.locations:
                        sid += "_2"
                    self.do(PutSpace(sid, name, board, round(x), round(y)))
            self.t.modals.append(TextPrompt(self.t.screen_rect, "New space", "Name of the space", add))

    # -- set-up -----------------------------------------------------------------------------------------
    def start_tray_drag(self, piece_type: str) -> None:
        self.tray_drag = piece_type

    def drop_from_tray(self, pos) -> Step | None:
        ptype, self.tray_drag = self.tray_drag, None
        loc = self.t.location_under(pos) if not self.on_panel(pos) else None
        if loc is None or ptype is None:
            return None
        if self.scenario is None:
            self.say("add a scenario first (Set-up: New scenario)", error=True)
            return None
        turn = self.panel.turn()
        step = self.do(Place(self.scenario, ptype, loc, turn=turn))
        if step is not None and turn:
            self.say(f"{step.label}: a reinforcement (on the table from turn {turn})")
        return step

    def placement_of(self, pid: int) -> int | None:
        """The index of the scenario placement that put piece ``pid`` where it is."""
        entry = self.t.layer.entry(pid)
        loc = self.t.layer.loc_of(pid)
        scen = self.ed.module.scenarios.get(self.scenario or "")
        if entry is None or scen is None:
            return None
        return next((i for i, p in enumerate(scen.placements)
                     if p.piece_type == entry.get("type") and p.location == loc and not p.turn), None)

    def drop(self, pids: list[int], loc: str) -> bool:
        """Set-up tool: a placed piece dragged to ``loc`` moves its placement (one piece per
        drag: the placement keeps the rest of its count)."""
        if self.tool != "setup":
            return False
        i = self.placement_of(pids[0]) if pids else None
        if i is None:
            self.say("only pieces the scenario places can be moved in set-up", error=True)
            return True
        p = self.ed.module.scenarios[self.scenario].placements[i]
        self.do(Compound(f"set-up: {p.piece_type} to {loc}",
                         [Unplace(self.scenario, i, 1), Place(self.scenario, p.piece_type, loc, 1, p.face)]))
        return True

    def context_piece(self, entry: dict, loc: str, pos) -> bool:
        if self.tool != "setup" or "id" not in entry:
            return False
        i = self.placement_of(entry["id"])
        if i is not None:
            self.do(Unplace(self.scenario, i, 1))
        return True

    def context_place(self, loc: str, pos) -> bool:
        """Spaces tool: a right-click on a space (not a hex) removes it with its connections."""
        if self.tool != "space":
            return False
        if self.ed.module.locations.get(loc) is not None and self.ed.module.locations[loc].kind != "hex":
            self.do(RemoveLocation(loc))
        return True

    def claim_press(self, pos) -> bool:
        return self.on_panel(pos)

    def save_position(self, name: str) -> Step | None:
        """Save the position on the table (reached in play) as a scenario."""
        name = name.strip()
        if not name:
            return None
        step = self.do(ScenarioFromPosition(slug(name), name, self.t.session.state, base=self.scenario))
        if step is not None:
            self.set_scenario(slug(name))
        return step

    # -- what the mode says -------------------------------------------------------------------------
    def escape(self) -> bool:
        if self.window is not None:
            self.window = None
            return True
        if self.picks:
            self.picks, self.pick_labels = [], {}
            return True
        return False

    def refresh(self) -> None:
        history = [f"· {s.label}" for s in self.ed.undo_stack[-200:]]
        problems = [f"! {p.element.kind} {p.element.id}: {p.message}".replace("  ", " ")
                    for p in self.ed.problems[:60]]
        self.t.log.set_lines((["Edits:"] + history if history else ["No edits yet."])
                             + ([f"Problems ({len(self.ed.problems)}):"] + problems if problems else
                                ["validate: no problems"]))
        self.t.status.middle = f"Editing {self.ed.folder}" + (" (unsaved)" if self.ed.dirty else "")
        self.t.status.layout()

    def blocks_actions(self) -> str:
        return "" if self.tool == "play" else "the table is in edit mode: choose the Play tool to move pieces"

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_problems(surf)
        if self.tool == "grid":
            self.draw_calibration(surf)
        if self.stroke is not None and self.tool == "terrain":
            self.outline(surf, self.stroke["labels"], colours.SELECT)
        if self.stroke is not None and self.tool == "connect" and self.stroke["from"]:
            a = self.t.screen_pos_of(self.stroke["from"])
            pygame.draw.line(surf, colours.HL_DESTINATION, a, self.stroke["last"], 3)
        if self.tray_drag is not None:
            img = self.t.counters.image({"type": self.tray_drag, "face": 0},
                                        max(24, self.t.camera.scale(self.t.world.counter)))
            surf.blit(img, img.get_rect(center=self.t.mouse))
        self.panel.draw(surf)
        if self.window is not None:
            self.window.draw(surf)

    def outline(self, surf: pygame.Surface, labels, colour, width: int = 3) -> None:
        t = self.t
        for lab in labels:
            p = t.world.places.get(lab)
            if p is not None and p.corners:
                pygame.draw.polygon(surf, colour, [t.screen_of(x, y) for x, y in p.corners], width)

    def draw_problems(self, surf: pygame.Surface) -> None:
        """Each problem on the element it concerns: a red ring on a location, a red line on an
        edge."""
        t = self.t
        r = max(6, t.camera.scale(t.world.counter) // 2 + 4)
        for p in self.ed.problems:
            e = p.element
            if e.kind == "location" and e.id in t.world.places:
                pygame.draw.circle(surf, PROBLEM, t.screen_pos_of(e.id), r, 3)
            elif e.kind == "edge" and "|" in e.id:
                a, b = e.id.split("|", 1)
                if a in t.world.places and b in t.world.places:
                    pygame.draw.line(surf, PROBLEM, t.screen_pos_of(a), t.screen_pos_of(b), 4)

    def draw_calibration(self, surf: pygame.Surface) -> None:
        """The grid being calibrated: the fitted hexes over the board and the picks."""
        t = self.t
        if not self.picks or self.pick_board not in t.world.origins:
            return
        ox, oy = t.world.origins[self.pick_board]
        fit = self.fit()
        if fit is not None:
            lay = fit.layout
            bx, by, bw, bh = t.world.board_rects[self.pick_board]
            corners = lambda h: [t.screen_of(ox + x, oy + y) for x, y in hex_corners(lay, *lay.to_pixel(h))]
            f = lay.fractional
            qs = [f(x, y) for x in (0, bw) for y in (0, bh)]
            q0, q1 = int(min(c[0] for c in qs)) - 1, int(max(c[0] for c in qs)) + 2
            r0, r1 = int(min(c[1] for c in qs)) - 1, int(max(c[1] for c in qs)) + 2
            for q in range(q0, q1):
                for rr in range(r0, r1):
                    cx, cy = lay.to_pixel(Hex(q, rr))
                    if 0 <= cx <= bw and 0 <= cy <= bh:
                        pygame.draw.polygon(surf, (220, 40, 160), corners(Hex(q, rr)), 2)
        for i, (x, y) in enumerate(self.picks):
            sx, sy = t.screen_of(ox + x, oy + y)
            colour = (40, 200, 255) if i else (255, 220, 0)
            pygame.draw.line(surf, colour, (sx - 9, sy), (sx + 9, sy), 3)
            pygame.draw.line(surf, colour, (sx, sy - 9), (sx, sy + 9), 3)
            label = self.first_label if i == 0 else self.pick_labels.get(i, "")
            if label:
                surf.blit(fonts.render(label, 14, colour, bold=True), (sx + 8, sy - 20))

    def problems_here(self, loc: str | None) -> list[str]:
        if not loc:
            return []
        return [p.message for p in self.ed.problems_at(Element("location", loc))]

    def __repr__(self) -> str:  # pragma: no cover - debugging
        return f"EditMode({self.ed.folder}, tool={self.tool})"
