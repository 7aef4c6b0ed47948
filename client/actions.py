"""What the table can ask the engine for, as plain :class:`engine.rules.Action` values, and the
right-click menu built from them. No pygame here: everything the client can do is an Action a
test can build and ``Session.do`` without a window (DESIGN principle 1).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.model import Module
from engine.actions import Action, Loc, Piece


@dataclass
class MenuItem:
    """A menu line: either an ``action`` to send to the session, a client ``command`` (with
    ``arg``) such as opening a dialog, or ``children`` (a submenu). ``key`` names the shortcut."""
    label: str
    action: Action | None = None
    command: str = ""
    arg: Any = None
    children: list["MenuItem"] = field(default_factory=list)
    key: str = ""
    enabled: bool = True
    tip: str = ""          # shown while hovered (e.g. why a greyed item is refused)


# -- single actions ---------------------------------------------------------------------------------

def move(side: str, pids: list[int], to: str, index: int | None = None) -> Action:
    """Move ``pids`` (kept in this order, bottom first) onto ``to`` (on top, or at ``index``)."""
    return Action("move", side, pids=tuple(Piece(p) for p in pids), to=Loc(to), index=index)


def flip(side: str, pid: int) -> Action:
    return Action("flip", side, pid=Piece(pid))


def step(side: str, pid: int) -> Action:
    return Action("step", side, pid=Piece(pid))


def mark(side: str, pid: int, marker: str) -> Action:
    return Action("mark", side, pid=Piece(pid), marker=marker)


def unmark(side: str, pid: int, marker: str) -> Action:
    return Action("unmark", side, pid=Piece(pid), marker=marker)


def delete(side: str, pids: list[int]) -> Action:
    return Action("delete", side, pids=tuple(Piece(p) for p in pids))


def create(side: str, type_id: str, loc: str) -> Action:
    return Action("create", side, type=type_id, loc=Loc(loc))


def draw(side: str, src: str, dst: str, count: int = 1) -> Action:
    return Action("draw", side, src=Loc(src), dst=Loc(dst), count=count)


def shuffle(side: str, loc: str) -> Action:
    return Action("shuffle", side, loc=Loc(loc))


def roll(side: str, spec: str, purpose: str) -> Action:
    return Action("roll", side, spec=spec, purpose=purpose)


def note(side: str, text: str) -> Action:
    return Action("note", side, text=text)


def reorder(side: str, loc: str, order: list[int]) -> Action:
    """Set the order of the stack at ``loc`` (bottom first; a permutation of its ids)."""
    return Action("reorder", side, loc=Loc(loc), order=tuple(Piece(p) for p in order))


# -- menus --------------------------------------------------------------------------------------------

def marker_choices(module: Module) -> list[str]:
    """Marker texts a piece can carry: the module's marker pieces' symbols (or names)."""
    seen: list[str] = []
    for t in module.piece_types.values():
        if t.kind == "marker":
            text = t.symbol or t.name
            if text and text not in seen:
                seen.append(text)
    return seen


def send_targets(module: Module, owner: str) -> list[str]:
    """Boxes a piece can be sent to, the likeliest first: eliminated/dead boxes, then boxes of
    the piece's side, then the others."""
    boxes = [l for l in module.locations.values() if l.kind == "box"]

    def rank(loc) -> tuple:
        text = f"{loc.id} {loc.name}".lower()
        own = 0 if (not loc.owner or loc.owner == owner or owner.lower() in text) else 1
        elim = 0 if ("elim" in text or "dead" in text) else 1
        return (own, elim, loc.name or loc.id)
    return [l.id for l in sorted(boxes, key=rank)]


def piece_menu(module: Module, side: str, entry: dict, loc: str, stack_ids: list[int],
               selection: list[int]) -> list[MenuItem]:
    """The right-click menu for a visible piece (``entry`` from the view) at ``loc``.
    ``stack_ids`` are the visible ids at ``loc`` bottom first; ``selection`` the selected ids
    (the menu acts on the selection when the piece is part of it)."""
    pid = entry["id"]
    pids = selection if pid in selection and len(selection) > 1 else [pid]
    ptype = module.piece_types.get(entry.get("type", ""))
    faces = len(ptype.faces) if ptype else 1
    face = int(entry.get("face", 0))
    items: list[MenuItem] = []
    if faces > 1:
        items.append(MenuItem("Flip", flip(side, pid), key="X"))
        items.append(MenuItem("Lose a step", step(side, pid), key="L", enabled=face + 1 < faces))
        if face > 0:
            items.append(MenuItem("Restore full strength", Action("flip", side, pid=Piece(pid), face=0)))
    markers = marker_choices(module)
    add = [MenuItem(m, mark(side, pid, m)) for m in markers[:24]]
    add.append(MenuItem("Other marker…", command="custom_marker", arg=pid))
    items.append(MenuItem("Add marker", children=add, key="M"))
    if entry.get("markers"):
        items.append(MenuItem("Remove marker", children=[MenuItem(m, unmark(side, pid, m))
                                                         for m in entry["markers"]]))
    owner = (entry.get("props") or {}).get("owner", ptype.side if ptype else "")
    targets = send_targets(module, owner)
    if targets:
        items.append(MenuItem("Send to", children=[
            MenuItem(module.locations[t].label, move(side, pids, t)) for t in targets[:30]], key="E"))
    marker_types = [t for t in module.piece_types.values() if t.kind == "marker"]
    if marker_types:
        items.append(MenuItem("Place marker counter here", children=[
            MenuItem(t.symbol or t.name, create(side, t.id, loc)) for t in marker_types[:30]]))
    if len(stack_ids) > 1:
        items.append(MenuItem("Bring to top", reorder(side, loc, [p for p in stack_ids if p not in pids] + pids),
                              key="PgUp"))
        items.append(MenuItem("Send to bottom", reorder(side, loc, pids + [p for p in stack_ids if p not in pids]),
                              key="PgDn"))
        items.append(MenuItem("Inspect stack", command="inspect", arg=loc))
    if ptype is not None and (ptype.kind in ("chit", "card", "unit") and not (entry.get("props") or {}).get("concealed")):
        items.append(MenuItem("Conceal", Action("conceal", side, pid=Piece(pid))))
    if (entry.get("props") or {}).get("concealed"):
        items.append(MenuItem("Reveal", Action("reveal", side, pid=Piece(pid))))
    items.append(MenuItem("Delete", delete(side, pids), key="Del"))
    return items


def location_menu(module: Module, side: str, loc: str, count: int) -> list[MenuItem]:
    """The right-click menu of a location (empty map, a deck, a cup, a box)."""
    location = module.locations[loc]
    items: list[MenuItem] = []
    hands = [l.id for l in module.locations.values() if l.kind == "hand" and l.owner == side]
    if location.kind in ("deck", "cup") and count:
        for h in hands:
            items.append(MenuItem(f"Draw 1 to {module.locations[h].label}", draw(side, loc, h)))
        items.append(MenuItem("Shuffle", shuffle(side, loc)))
    elif count > 1:
        items.append(MenuItem("Shuffle this stack", shuffle(side, loc)))
    if count:
        items.append(MenuItem("Inspect", command="inspect", arg=loc))
    creatable = [t for t in module.piece_types.values() if t.kind in ("marker", "unit", "hq", "fort")]
    if creatable:
        by_kind: dict[str, list[MenuItem]] = {}
        for t in creatable:
            by_kind.setdefault(t.kind, []).append(MenuItem(t.symbol if t.kind == "marker" and t.symbol else t.name,
                                                           create(side, t.id, loc)))
        items.append(MenuItem("Add counter", children=[MenuItem(k, children=v[:40]) for k, v in by_kind.items()]))
    items.append(MenuItem("Roll dice…", command="dice"))
    items.append(MenuItem("Centre here", command="center", arg=loc))
    return items
