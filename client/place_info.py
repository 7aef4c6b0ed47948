"""What a hex or space is, in words (issue 18, friction 5): hovering one shows its name, terrain,
features (its attributes and the features of its hexsides) and what stands there.

:class:`PlaceInfo` indexes the module's hexside features per hex once; :meth:`PlaceInfo.lines`
gives the tooltip lines. Attribute keys become words (``vp_box`` → "VP box: german"); a few
that only the rules' bookkeeping needs (coordinates, sheet and scenario flags) are left out.
"""
from __future__ import annotations

import re
import textwrap

from engine.model import Module

from .markers import is_marker

#: Attributes that say nothing to a player looking at the map.
HIDDEN = frozenset({"lat", "lon", "sheet", "sheets", "sc1", "sc2", "sc3", "sc4", "region", "map_edge",
                    "countries", "coastal_1914", "ne_main_copy", "be_as_br", "main_hex", "track", "value",
                    "season", "year", "vp_historical", "elev", "elevation_m", "lorraine", "side",
                    "reconstructed", "map_side", "port_side", "t1_activation", "t1_no_activation"})
#: Attribute → its words, where the key alone reads badly.
WORDS = {"vp": "VP", "vp_box": "VP box", "tem": "terrain modifier", "fort": "fort",
         "port": "port", "capital": "capital", "supply": "supply source", "paris_ring": "Paris in Danger ring",
         "schlieffen": "Schlieffen Plan area", "paris_area": "Paris garrison area", "woods": "woods",
         "west_wall": "West Wall", "allied_supply": "Allied supply source", "printed_ip": "printed IP level",
         "advance_vp": "advance VP", "control": "starting control", "nation": "nation"}
#: A terrain id's word and number run together ("level5" reads "level 5").
_LEVEL = re.compile(r"([a-z])(\d)")
#: Tooltip lines are wrapped at this many characters.
WRAP = 72
#: The most units listed by name.
MAX_PIECES = 8


def _words(key: str) -> str:
    return WORDS.get(key, key.replace("_", " "))


class PlaceInfo:
    """Tooltip lines for the module's hexes and spaces."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.sides: dict[str, dict[str, int]] = {}
        for e in module.edges:
            if e.kind != "hexside":
                continue
            for key, value in e.attrs.items():
                if value in (False, None, "", 0) or key in ("river_name", "name"):
                    continue
                word = _words(key) if value is True or isinstance(value, int) or str(value) == key \
                    else f"{value} {_words(key)}"
                if key == "mp_cost":
                    word = f"+{value} MP hexside"
                for loc in (e.a, e.b):
                    d = self.sides.setdefault(loc, {})
                    d[word] = d.get(word, 0) + 1

    def attr_words(self, loc_id: str) -> list[str]:
        loc = self.module.locations[loc_id]
        out = []
        for key, value in loc.attrs.items():
            if key in HIDDEN or value in (False, None, ""):
                continue
            if key == "nation":
                nat = self.module.nationality(str(value))
                out.append(f"nation: {nat.name if nat else value}")
            elif value is True:
                out.append(_words(key))
            elif isinstance(value, (int, float)) and value == 0:
                continue
            else:
                out.append(f"{_words(key)}: {value}")
        return out

    def lines(self, loc_id: str, entries: list[dict]) -> list[str]:
        """Name, terrain, features and what stands at ``loc_id`` (``entries``: its view)."""
        loc = self.module.locations.get(loc_id)
        if loc is None:
            return []
        head = f"{loc.name} (hex {loc.id})" if loc.kind == "hex" and loc.name else \
            (f"hex {loc.id}" if loc.kind == "hex" else loc.label)
        lines = [head]
        if loc.terrain:
            lines.append("terrain: " + _LEVEL.sub(r"\1 \2", loc.terrain.replace("_", " ")))
        feats = self.attr_words(loc_id)
        if feats:
            lines.append("; ".join(feats))
        sides = self.sides.get(loc_id)
        if sides:
            lines.append("hexsides: " + ", ".join(f"{w}" + (f" ×{n}" if n > 1 else "") for w, n in sides.items()))
        units, marks, hidden = [], [], 0
        for e in entries:
            ptype = self.module.piece_types.get(e.get("type", ""))
            if e.get("hidden") or ptype is None:
                hidden += 1
            elif is_marker(self.module, e):
                marks.append(ptype.faces[min(int(e.get("face", 0) or 0), len(ptype.faces) - 1)].name
                             if len(ptype.faces) > 1 else ptype.name)
            else:
                units.append(ptype.name)
        if units:
            lines.append(f"{len(units)} unit(s): " + ", ".join(units[:MAX_PIECES]) +
                         (f" and {len(units) - MAX_PIECES} more" if len(units) > MAX_PIECES else ""))
        if marks:
            lines.append("markers: " + ", ".join(marks))
        if hidden:
            lines.append(f"{hidden} hidden piece(s)")
        if not entries and loc.kind in ("hex", "space"):
            lines.append("empty")
        return [part for line in lines for part in textwrap.wrap(line, WRAP, subsequent_indent="  ") or [""]]
