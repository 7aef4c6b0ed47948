"""Hidden information is a view (DESIGN principle 7).

``view(state, side)`` is everything ``side`` may see, as plain data; ``side=""`` is a spectator.
The client renders views, never the raw state. Rules of visibility:

* a location with visibility ``nobody`` (a deck, a cup) shows only how many pieces it holds and
  their backs — not their identity and not their order;
* a location with visibility ``owner`` (a hand) shows its pieces to its owner, backs to others;
* a piece with the property ``concealed`` (a blind-drawn chit, a fog-of-war unit) shows its
  identity only to its ``owner`` property (to nobody if it has none);
* global values named ``secret:<side>:<name>`` are seen only by ``<side>`` (``secret::<name>``
  by nobody): rulesets keep secret choices there until they are revealed;
* a location named in the global ``shown:<location>`` (a list of sides) is shown whole to those
  sides, whatever its visibility, while the global stands: a card that lets a player examine the
  other's hand sets it and clears it when the look is over (:func:`shown_key`). It does not undo
  ``concealed``. The global itself is public: everyone knows the look is happening.

A hidden piece appears as ``{"hidden": True, "back": ...}`` with no id, type, face, markers or
properties, so nothing about its identity leaks.
"""
from __future__ import annotations

from typing import Any

from .state import GameState, Piece


#: The prefix of the globals that show a location to sides (see the module docstring).
SHOWN = "shown:"


def shown_key(loc: str) -> str:
    """The global that shows ``loc`` to sides while it stands."""
    return SHOWN + loc


def can_see(state: GameState, piece: Piece, side: str) -> bool:
    """May ``side`` see the identity of ``piece``?"""
    module = state.module
    loc = module.locations.get(piece.loc) if module is not None else None
    if loc is not None and loc.visibility in ("nobody", "owner"):
        hidden = loc.visibility == "nobody" or not side or side != loc.owner
        shown = state.globals.get(SHOWN + piece.loc) if hidden and side else None
        if hidden and not (isinstance(shown, (list, tuple)) and side in shown):
            return False
    if piece.props.get("concealed"):
        return bool(side) and piece.owner == side
    return True


def can_see_global(key: str, side: str) -> bool:
    if not key.startswith("secret:"):
        return True
    owner = key.split(":", 2)[1]
    return bool(owner) and owner == side


def _back(state: GameState, piece: Piece) -> str:
    module = state.module
    if module is not None and piece.type in module.piece_types:
        ptype = module.piece_types[piece.type]
        return ptype.back or ptype.kind
    return "piece"


def view(state: GameState, side: str = "") -> dict[str, Any]:
    """What ``side`` may see of ``state``."""
    locations: dict[str, list[dict]] = {}
    for loc, stack in state.stacks.items():
        entries = []
        for pid in stack:
            piece = state.pieces[pid]
            if can_see(state, piece, side):
                entries.append({"id": pid, "type": piece.type, "face": piece.face,
                                "markers": list(piece.markers), "props": dict(piece.props)})
            else:
                entries.append({"hidden": True, "back": _back(state, piece)})
        locations[loc] = entries
    globals_ = {k: v for k, v in state.globals.items() if can_see_global(k, side)}
    return {"side": side, "locations": locations, "globals": globals_, "chat": list(state.chat)}


def hidden_targets(state: GameState, action: Any, side: str) -> set:
    """The pieces and cards ``action`` names that ``side`` may not see in ``state``: a piece
    id it cannot see, or a card (a piece type) none of whose pieces it can see. A line or a
    message naming one of these must not reach ``side`` (a server shows it a neutral line)."""
    hidden: set = set()
    for pid in getattr(action, "pieces", ()):
        piece = state.pieces.get(pid)
        if piece is not None and not can_see(state, piece, side):
            hidden.add(pid)
    cards = getattr(action, "cards", ())
    if cards:
        for card in cards:
            of_type = [p for p in state.pieces.values() if p.type == card]
            if of_type and not any(can_see(state, p, side) for p in of_type):
                hidden.add(card)
    return hidden


#: Ids given to the placeholders of hidden pieces in :func:`state_from_view` (never a real id).
PLACEHOLDER_IDS = 1 << 40


def state_from_view(module: Any, data: dict) -> GameState:
    """A state holding exactly what a view shows (an online client has nothing more): the
    visible pieces with their ids, each hidden piece as an anonymous placeholder (an id from
    :data:`PLACEHOLDER_IDS` up, the first piece type with that back, marked ``concealed`` so
    :func:`view` hides it again), the globals and the chat. For drawing and for a ruleset's
    words about the seat's own pieces; never for applying rules."""
    state = GameState(module)
    backs: dict[str, str] = {}
    for pid, ptype in module.piece_types.items():
        backs.setdefault(ptype.back or ptype.kind, pid)
    hidden = PLACEHOLDER_IDS
    for loc, entries in (data.get("locations") or {}).items():
        for e in entries:
            if "id" in e:
                piece = Piece(int(e["id"]), str(e["type"]), loc, int(e.get("face", 0)),
                              list(e.get("markers", [])), dict(e.get("props", {})))
            else:
                back = str(e.get("back", ""))
                ptype = backs.get(back) or next(iter(module.piece_types))
                piece = Piece(hidden, ptype, loc, 0, [], {"concealed": True, "owner": ""})
                hidden += 1
            state._add_piece(piece, None)
    for key, value in (data.get("globals") or {}).items():
        state._set_global(key, value)
    for line in data.get("chat") or []:
        state._append_chat(list(line))
    return state
