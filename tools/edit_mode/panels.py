"""The edit mode's tool panel, at the right of the map: the tools, the windows (counter
designer, tables, reconstructed values), undo/redo/save, the current tool's options (the grid
calibration's scheme and first label, the terrain and brush, the hexside feature, the counter
tray of the set-up) and what validate says about the location under the mouse."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import colours
from client.widgets.base import draw_panel
from client.widgets.dialogs import TextPrompt
from engine import hexgrid
from engine.model import ScenarioOption
from tools.editor import Element, PutOption, PutScenario

from .vocab import HEXSIDE_FEATURES, PANEL_W, TERRAINS, TOOL_WORDS, TOOLS, slug
from .ui import Ui, text, wrapped

if TYPE_CHECKING:
    from .mode import EditMode

TRAY_PX = 40


class ToolPanel:
    """The tool panel of edit mode ``mode`` (drawn over the right of the map)."""

    def __init__(self, mode: "EditMode") -> None:
        self.m = mode
        self.ui = Ui()

    def rect(self) -> pygame.Rect:
        mr = self.m.t.map_rect
        w = min(PANEL_W, mr.w // 2)
        return pygame.Rect(mr.right - w, mr.y, w, mr.h)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.ui.handle(event)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        m, ui = self.m, self.ui
        rect = self.rect()
        ui.begin(rect)
        y = draw_panel(surf, rect, f"Editor — {m.ed.module.title}") + 2
        x0, w = rect.x + 8, rect.w - 16
        bw = (w - 9) // 4
        for i, tool in enumerate(TOOLS):
            r = (x0 + (i % 4) * (bw + 3), y + (i // 4) * 27, bw, 24)
            ui.button(surf, r, f"{i + 1} {TOOL_WORDS[tool]}", lambda t=tool: self.set_tool(t), on=m.tool == tool)
        y += 2 * 27 + 4
        n = len(m.ed.reconstructed())
        third = (w - 6) // 3
        for i, (label, kind) in enumerate((("Counters", "counters"), ("Tables", "tables"),
                                           (f"Reconstructed ({n})", "reconstructed"))):
            ui.button(surf, (x0 + i * (third + 3), y, third, 24), label, lambda k=kind: self.m.open_window(k),
                      on=m.window is not None and m.window.kind == kind)
        y += 28
        for i, (label, fn) in enumerate((("Undo", m.undo), ("Redo", m.redo), ("Save", m.save))):
            ui.button(surf, (x0 + i * (third + 3), y, third, 24), label, fn)
        y += 32
        pygame.draw.line(surf, colours.UI_EDGE, (x0, y - 3), (x0 + w, y - 3))
        y = getattr(self, "tool_" + m.tool)(surf, x0, y, w)
        self.footer(surf, x0, max(y + 8, rect.bottom - 150), w, rect.bottom - 6)

    def set_tool(self, tool: str) -> None:
        self.m.tool = tool
        self.ui.forget()

    def footer(self, surf, x0: int, y: int, w: int, bottom: int) -> None:
        """The location under the mouse and what validate says about it; the last message."""
        m = self.m
        loc = m.t.location_under(m.t.mouse) if not m.on_panel(m.t.mouse) else None
        if loc is not None:
            l = m.ed.module.locations.get(loc)
            desc = f"{loc}" + (f" {l.name}" if l is not None and l.name else "") + \
                (f" · {l.terrain}" if l is not None and l.terrain else "")
            y += text(surf, (x0, y), desc, colours.UI_TEXT, bold=True, width=w)
            for p in m.problems_here(loc)[:3]:
                y += wrapped(surf, (x0, y), "! " + p, w, colours.UI_ERROR, max_lines=2)
        problems = m.ed.problems
        y += text(surf, (x0, y), f"validate: {len(problems)} problem(s)" if problems else "validate: no problems",
                  colours.UI_ERROR if problems else colours.UI_DIM, width=w)
        if m.message and y < bottom - 16:
            wrapped(surf, (x0, y), m.message, w, colours.UI_DIM, max_lines=max(1, (bottom - y) // 16))

    # -- the tools' options ------------------------------------------------------------------------------
    def tool_grid(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        ui.button(surf, (x0, y, w, 24), "Import map art (PNG or JPEG)…", self.ask_art)
        y += 30
        y += wrapped(surf, (x0, y), "Click hex centres on the art: the map's first hex first, then "
                                    "others spread over the map.", w, colours.UI_DIM) + 4
        text(surf, (x0, y + 4), "Numbering", colours.UI_DIM)
        schemes = sorted(hexgrid.SCHEMES)
        sw = (w - 80) // max(1, len(schemes)) - 3
        for i, s in enumerate(schemes):
            ui.button(surf, (x0 + 80 + i * (sw + 3), y, sw, 22), s.replace("_", " "),
                      lambda s=s: setattr(m, "numbering", s), on=m.numbering == s, size=11)
        y += 28
        text(surf, (x0, y + 4), "First label", colours.UI_DIM)
        ui.field(surf, "first", (x0 + 80, y, 90, 24), m.first_label,
                 on_submit=lambda v: setattr(m, "first_label", v.strip()))
        m.first_label = ui.value("first", m.first_label)
        y += 30
        if len(m.picks) > 1:
            text(surf, (x0, y + 4), f"Label at pick {len(m.picks)}", colours.UI_DIM)
            ui.field(surf, f"pick{len(m.picks)}", (x0 + 110, y, 80, 24),
                     m.pick_labels.get(len(m.picks) - 1, ""),
                     on_submit=lambda v, k=len(m.picks) - 1: m.pick_labels.__setitem__(k, v.strip())
                     if v.strip() else m.pick_labels.pop(k, None), placeholder="optional")
            y += 30
        fit = m.fit()
        info = f"{len(m.picks)} centre(s) picked"
        if fit is not None:
            info += f" · {fit.orientation} hexes, size {fit.size:.1f}, fit within {fit.worst:.1f} px"
        elif len(m.picks) >= 2:
            info += " · no grid fits these picks"
        y += wrapped(surf, (x0, y), info, w) + 4
        half = (w - 4) // 2
        ui.button(surf, (x0, y, half, 26), "Lay the grid", m.lay_grid, colour=colours.UI_HILITE)
        ui.button(surf, (x0 + half + 4, y, half, 26), "Clear picks",
                  lambda: (m.picks.clear(), m.pick_labels.clear()))
        return y + 32

    def ask_art(self) -> None:
        self.m.t.modals.append(TextPrompt(self.m.t.screen_rect, "Import map art",
                                          "Path of a PNG or JPEG image", self.m.import_art))

    def tool_terrain(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        have = [t for t in dict.fromkeys(l.terrain for l in m.ed.module.locations.values()
                                         if l.kind == "hex" and l.terrain)]
        names = list(dict.fromkeys(have + list(TERRAINS)))[:24]
        bw = (w - 6) // 3
        for i, name in enumerate(names):
            r = (x0 + (i % 3) * (bw + 3), y + (i // 3) * 25, bw, 22)
            ui.button(surf, r, name, lambda n=name: setattr(m, "terrain", n), on=m.terrain == name, size=12)
            pygame.draw.rect(surf, colours.terrain_colour(name), (r[0] + 3, r[1] + 6, 10, 10))
        y += ((len(names) + 2) // 3) * 25 + 4
        text(surf, (x0, y + 4), "Brush", colours.UI_DIM)
        for i, radius in enumerate((0, 1, 2)):
            ui.button(surf, (x0 + 60 + i * 64, y, 60, 22), ("one hex", "radius 1", "radius 2")[radius],
                      lambda r=radius: setattr(m, "radius", r), on=m.radius == radius, size=12)
        y += 28
        ui.field(surf, "terrain", (x0, y, w - 90, 24), "", placeholder="other terrain…",
                 on_submit=lambda v: v.strip() and setattr(m, "terrain", v.strip()))
        return y + 30

    def tool_hexside(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        y += wrapped(surf, (x0, y), "Click near a hexside to give it:", w, colours.UI_DIM) + 2
        bw = (w - 6) // 3
        for i, name in enumerate(HEXSIDE_FEATURES):
            ui.button(surf, (x0 + (i % 3) * (bw + 3), y + (i // 3) * 25, bw, 22), name,
                      lambda n=name: setattr(m, "feature", n), on=m.feature == name, size=12)
        return y + ((len(HEXSIDE_FEATURES) + 2) // 3) * 25 + 4

    def tool_name(self, surf, x0: int, y: int, w: int) -> int:
        return y + wrapped(surf, (x0, y), "Click a hex or a space to name it (a town, a city, "
                                          "a space of a point-to-point map).", w, colours.UI_DIM)

    def tool_space(self, surf, x0: int, y: int, w: int) -> int:
        return y + wrapped(surf, (x0, y), "Click the board where a space goes and name it; drag "
                                          "a space to move it; right-click it to remove it (with its "
                                          "connections).", w, colours.UI_DIM)

    def tool_connect(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        y += wrapped(surf, (x0, y), "Drag from one location to another to connect them; "
                                    "Shift-drag to disconnect.", w, colours.UI_DIM) + 4
        text(surf, (x0, y + 4), "Only for", colours.UI_DIM)
        ui.field(surf, "only", (x0 + 70, y, w - 70, 24), m.only, placeholder="nationality ids (restricted)",
                 on_submit=lambda v: setattr(m, "only", v.strip()))
        m.only = ui.value("only", m.only).strip()
        return y + 30

    def scenario_row(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        scens = list(m.ed.module.scenarios.values())[:6]
        bw = (w - 6) // 3
        for i, s in enumerate(scens):
            ui.button(surf, (x0 + (i % 3) * (bw + 3), y + (i // 3) * 25, bw, 22), s.name,
                      lambda sid=s.id: m.set_scenario(sid), on=m.scenario == s.id, size=12)
        return y + ((len(scens) + 2) // 3) * 25 + 2

    def tool_setup(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        y = self.scenario_row(surf, x0, y, w)
        half = (w - 4) // 2
        ui.button(surf, (x0, y, half, 22), "New scenario…", self.ask_scenario, size=12)
        ui.button(surf, (x0 + half + 4, y, half, 22), "Add an option…", self.ask_option, size=12)
        y += 28
        scen = m.ed.module.scenarios.get(m.scenario or "")
        for o in (scen.options if scen else ())[:4]:
            y += text(surf, (x0, y), f"option: {o.text} ({' / '.join(o.choices)}; {o.default})",
                      colours.UI_DIM, size=12, width=w)
        for p in (m.ed.problems_at(Element("scenario", m.scenario)) if m.scenario else [])[:3]:
            y += wrapped(surf, (x0, y), "! " + p.message, w, colours.UI_ERROR, max_lines=2)
        y += wrapped(surf, (x0, y), "Drag a counter onto the map to place it; drag a placed piece "
                                    "to move it; right-click it to take it off.", w, colours.UI_DIM) + 4
        text(surf, (x0, y + 4), "Arrives on turn", colours.UI_DIM)
        ui.field(surf, "turn", (x0 + 120, y, 60, 24), "0")
        text(surf, (x0 + 188, y + 4), "(0: at set-up)", colours.UI_DIM, size=12)
        y += 30
        per_row = max(1, w // (TRAY_PX + 8))
        y_end = y
        for i, pt in enumerate(p for p in m.ed.module.piece_types.values() if p.kind != "card"):
            if i >= per_row * 5:
                break
            r = pygame.Rect(x0 + (i % per_row) * (TRAY_PX + 8), y + (i // per_row) * (TRAY_PX + 10),
                            TRAY_PX + 4, TRAY_PX + 6)
            img = m.t.counters.image({"type": pt.id, "face": 0}, TRAY_PX)
            surf.blit(img, img.get_rect(center=r.center))
            ui.hits.append((r, lambda pid=pt.id: m.start_tray_drag(pid), pt.name))
            y_end = r.bottom
        return y_end + 6

    def turn(self) -> int:
        """The turn a counter dropped from the tray arrives on (0: at set-up)."""
        value = self.ui.value("turn", "0").strip()
        return int(value) if value.isdigit() else 0

    def ask_option(self) -> None:
        """An optional rule of the scenario being set up (off or on, off by default)."""
        m = self.m
        if m.scenario is None:
            m.say("add a scenario first", error=True)
            return

        def add(words: str) -> None:
            if words.strip():
                m.do(PutOption(m.scenario, ScenarioOption(slug(words), words.strip())))
        m.t.modals.append(TextPrompt(m.t.screen_rect, "Add an option", "The optional rule, in words (off or on)", add))

    def ask_scenario(self) -> None:
        def add(name: str) -> None:
            name = name.strip()
            if name and self.m.do(PutScenario(slug(name), name)) is not None:
                self.m.set_scenario(slug(name))
        self.m.t.modals.append(TextPrompt(self.m.t.screen_rect, "New scenario", "Name of the scenario", add))

    def tool_play(self, surf, x0: int, y: int, w: int) -> int:
        m, ui = self.m, self.ui
        y = self.scenario_row(surf, x0, y, w)
        y += wrapped(surf, (x0, y), "Play freely on the table (drag, flip, mark), then save the "
                                    "position reached as a scenario.", w, colours.UI_DIM) + 4
        ui.button(surf, (x0, y, w, 26), "Save this position as a scenario…",
                  lambda: m.t.modals.append(TextPrompt(m.t.screen_rect, "Save the position",
                                                       "Name of the new scenario", m.save_position)))
        return y + 32
