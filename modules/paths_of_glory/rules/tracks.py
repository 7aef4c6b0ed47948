"""Paths of Glory records: the VP level, the General Records Track markers, the Russian
Capitulation and US Entry tracks (3.0.22, 4.1.1, 5.1.2, 16.3, 16.4).

The numbers live in globals (``vp``, ``ws_*``, ``cp_russian_vp``, ``us_entry``,
``russian_capitulation``); the markers (``m_vp`` on ``grt:N``, ``m_us_entry``,
``m_ru_capitulation``, ``m_cp_ru_vp``) follow them so the table shows the same thing.

Events are known through the global ``pog_events``: the card type ids (:mod:`.card_ids`) played
as events, appended by the action round. :func:`event_played` reads it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import commands as C

from . import board, cards

if TYPE_CHECKING:
    from .game import Game

GRT_MAX = 40
CAPITULATION_TRACK = ("god_save_the_tsar", "tsar_may_take_command", "tsar_takes_command",
                      "tsar_may_capitulate", "fall_of_the_tsar", "bolshevik_revolution_allowed",
                      "bolshevik_revolution", "brest_litovsk")


def event_played(g: "Game", card: str) -> bool:
    """Was the card (type id, e.g. :data:`.card_ids.BLOCKADE`) played as an event? (the global
    ``pog_events`` the action round keeps, see :mod:`.cards`)"""
    return card in (g.get("pog_events") or [])


def is_vp_space(g: "Game", loc: str) -> bool:
    """3.0.22 VP spaces; the Historical scenario has its own list (5.7.2)."""
    key = "vp_historical" if g.get("pog_scenario") == "historical" else "vp"
    return board.is_space(g, loc) and bool(board.attr(g, loc, key))


def _place_marker(g: "Game", type_id: str, loc: str) -> None:
    """Move the (first) marker of ``type_id`` to ``loc`` if the scenario has one (the set-ups
    hold one of each track marker: :func:`cards.pid_of` finds it)."""
    pid = cards.pid_of(g, type_id)
    if pid is not None and g.state.pieces[pid].loc != loc and loc in g.module.locations:
        g.do(C.Move(pid, loc))


def _grt(value: int) -> str:
    return f"grt:{max(0, min(GRT_MAX, int(value)))}"


def add_vp(g: "Game", delta: int, why: str) -> None:
    """5.1.2: move the VP level (it may leave 0-20; the marker stays on the track)."""
    if not delta:
        return
    vp = int(g.get("vp", 10)) + int(delta)
    g.set("vp", vp)
    _place_marker(g, "m_vp", _grt(vp))
    g.note(f"{'+' if delta > 0 else ''}{delta} VP ({why}): VP level {vp}")


def add_war_status(g: "Game", side: str, ws: int, why: str) -> None:
    """9.5.1.3: an event raises its player's War Status and the Combined War Status by ``ws``
    (16.1.6: at Total War only the Combined). Every War Status change goes through here: the
    markers follow on the General Records Track, and the tracks that read the Combined War
    Status move at once — 16.4.4 Tsar may Capitulate, 16.3.2 Zimmermann allowed."""
    if not ws:
        return
    key = f"ws_{side.lower()}"
    if g.get(f"commitment_{side.lower()}") != "total_war":
        g.set(key, int(g.get(key, 0) or 0) + ws)
        _place_marker(g, f"m_{key}", _grt(g.get(key)))
    combined = int(g.get("ws_combined", 0) or 0) + ws
    g.set("ws_combined", combined)
    _place_marker(g, "m_ws_combined", _grt(combined))
    g.note(f"+{ws} {side} War Status ({why}): Combined War Status {combined} (PoG 9.5.1.3)")
    update_tracks(g)


def control_changed(g: "Game", loc: str, old: str, new: str) -> None:
    """Call after the control of ``loc`` changed from ``old`` to ``new``. 3.0.22: a VP space
    captured from the enemy moves the VP level (+1 CP capture, -1 Allied capture, VP table);
    16.4.2: the CP Russian VP count follows; the capitulation track is updated."""
    if old == new:
        return
    if is_vp_space(g, loc) and {old, new} == {"AP", "CP"}:
        name = g.module.locations[loc].name
        add_vp(g, 1 if new == "CP" else -1, f"{new} capture {name}, PoG 3.0.22")
    if board.attr(g, loc, "nation") == "RU":
        update_tracks(g)


def russian_vp_spaces(g: "Game") -> list[str]:
    """The Russian VP spaces of the map (16.4.2; the Historical scenario's own list, 5.7.2),
    in map order: printed facts, read once per module and list."""
    key = "vp_historical" if g.get("pog_scenario") == "historical" else "vp"   # is_vp_space
    return list(board.printed_spaces(g, f"Russian VP:{key}", lambda l: board.attr(
        g, l, "nation") == "RU" and is_vp_space(g, l)))


def set_capitulation(g: "Game", box: str) -> None:
    if g.get("russian_capitulation") != box:
        g.set("russian_capitulation", box)
        _place_marker(g, "m_ru_capitulation", f"russian_capitulation:{box}")
        g.note(f"Russian Capitulation marker to {box.replace('_', ' ')} (PoG 16.4)")


def set_us_entry(g: "Game", box: str) -> None:
    if g.get("us_entry") != box:
        g.set("us_entry", box)
        _place_marker(g, "m_us_entry", f"us_entry:{box}")
        g.note(f"US Entry marker to {box.replace('_', ' ')} (PoG 16.3)")


def update_tracks(g: "Game") -> None:
    """The automatic steps of 16.3 and 16.4 (the event steps are the cards' business):

    * 16.4.2 the CP Russian VP count (``cp_russian_vp``) follows control;
    * 16.4.3 3+ Russian VP spaces: Tsar may Take Command (and back below 3);
    * 16.4.4 Combined WS + count >= 33 after Tsar Takes Command: Tsar may Capitulate (and back);
    * 16.4.6 in a turn after Fall of the Tsar, more Russian VP spaces than when it fell
      (``cp_russian_vp_fallen``) or all 7 but Baku: Bolshevik Revolution allowed (and back);
    * 16.3.2 Combined WS >= 30: Zimmermann Telegram allowed.
    """
    ru = russian_vp_spaces(g)
    held = [l for l in ru if board.controller(g, l) == "CP"]
    count = len(held)
    if g.get("cp_russian_vp") != count:
        g.set("cp_russian_vp", count)
        _place_marker(g, "m_cp_ru_vp", _grt(count))
    combined = int(g.get("ws_combined", 0) or 0)
    box = g.get("russian_capitulation", "god_save_the_tsar")
    if box == "god_save_the_tsar" and count >= 3:
        set_capitulation(g, "tsar_may_take_command")
    elif box == "tsar_may_take_command" and count < 3:
        set_capitulation(g, "god_save_the_tsar")
    elif box == "tsar_takes_command" and combined + count >= 33:
        set_capitulation(g, "tsar_may_capitulate")
    elif box == "tsar_may_capitulate" and combined + count < 33:
        set_capitulation(g, "tsar_takes_command")
    elif box in ("fall_of_the_tsar", "bolshevik_revolution_allowed"):
        fell = g.get("pog_tsar_fell_turn")
        later = fell is not None and int(g.get("turn", 1)) > int(fell)
        all_seven = all(board.controller(g, l) == "CP" for l in ru if l != "baku")
        ok = later and (count > int(g.get("cp_russian_vp_fallen", count) or 0) or all_seven)
        set_capitulation(g, "bolshevik_revolution_allowed" if ok else "fall_of_the_tsar")
    if g.get("us_entry", "neutral") == "neutral" and combined >= 30:
        set_us_entry(g, "zimmermann_allowed")


CONTROL_FACE = {"AP": 0, "CP": 1}


def set_control(g: "Game", loc: str, side: str, score: bool = True) -> None:
    """3.0.6: make ``side`` control ``loc``. The ``m_control`` marker shows control only where
    it differs from the printed control (4.1.2). ``score`` False for changes that are not
    captures (a nation entering the war, 16.1.3.1), which never move the VP level."""
    old = board.controller(g, loc)
    if old == side:
        return
    marks = board.markers_in(g, loc, "m_control")
    printed = board.attr(g, loc, "control", "neutral") or "neutral"
    if side == printed:
        for m in marks:
            g.do(C.Delete(m))
    elif marks:
        g.do(C.SetFace(marks[0], CONTROL_FACE[side]))
        for m in marks[1:]:
            g.do(C.Delete(m))
    else:
        g.do(C.Create("m_control", loc, None, CONTROL_FACE[side], {}))
    if score:
        control_changed(g, loc, old, side)
