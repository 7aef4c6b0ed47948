"""The end of the Action Phase (12.1) and the Administrative Phase (11.0), in order:

A. VP lost for unfought Mandated Battles, markers back to 0 (9.1.1 b);
B. the German immediate victory check (3.2.4; our reading: 3.2.4's test, not 11.1's);
C. the end of the game (3.2.4), the interim count of turn 9 (Scenarios 1 and 3, our reading: it
   falls here), Scenario 2's extra German VP (13.2.2 c);
D. supply determination (11.2.1): Out of Supply markers; the Rail Net Ends marker goes (11.2.1 d);
E. attrition (11.2.6), German emergency supply effects (11.2.1 c), surrender of besieged forts
   (9.5.3);
F. supplied units recover (11.2.7), HA and HQs flip back;
G. trench improvement (11.2.8: supplied full-strength infantry of both sides, our reading of
   9.7.2 / 11.2.8);
H. the turn advances (:mod:`.sequence`).
"""
from __future__ import annotations

from engine import commands as C

from . import board, control, recovery, supply, trenches, vp
from .game import PARIS, S2, WORD, Game, other


def bef_alone(g: Game) -> None:
    """12.1: turns 1-5 (not Scenario 3): -1 Plan 17 VP when a British unit stands in a
    Schlieffen Plan hex at the end of the Action Phase."""
    if g.s3 or g.turn > 5:
        return
    for pid, piece in g.state.pieces.items():
        k = g.rules.kinds[piece.type]
        if k.nat == "BR" and (k.combat or k.hq) and board.is_hex(piece.loc) and board.schlieffen(g, piece.loc):
            vp.add(g, "allied", -1, "the BEF breaks contact: British units in a Schlieffen hex (12.1)")
            return


def mandated_battle_penalties(g: Game) -> None:
    """11 A, 9.1.1 b: -1 VP for each Mandated Battle not fought; markers back to 0."""
    for side in ("allied", "german"):
        key = f"{side}_mandated_battles"
        left = int(g.get(key, 0) or 0)
        if left > 0:
            vp.add(g, side, -left, f"{left} Mandated Battle{'s' if left > 1 else ''} not fought (9.1.1)")
        g.set(key, 0)


def german_immediate_victory(g: Game) -> None:
    """3.2.4: at the end of the first turn Paris becomes German: draw a chit for each other German
    VP hex the German controls (and can supply), add 10 for Paris; the German wins if the Plan 17
    total is below half his total. Otherwise the Paris 10 VP stay while he holds Paris and the
    chits drawn now go back."""
    first = g.get("gi_paris_first_turn")
    if not first or int(first) != g.turn or g.get("gi_immediate_checked"):
        return
    g.set("gi_immediate_checked", True)
    if board.control(g, PARIS) != "german":
        g.note("Paris is no longer German at the end of the turn: no immediate-victory check")
        return
    drawn = vp.award_german_hexes(g, "German immediate-victory check (3.2.4)")
    vp.credit_paris(g, "Paris (3.2.4)")
    allied, german = vp.total(g, "allied"), vp.total(g, "german")
    if allied * 2 < german:
        g.finish("german", "immediate victory",
                 f"German immediate victory (3.2.4): Plan 17 {allied} VP is less than half the "
                 f"German {german} VP.")
        return
    g.note(f"No immediate victory: Plan 17 {allied} VP, German {german} VP (3.2.4)")
    for pid in drawn:
        vp.return_german(g, pid, "the chits drawn for the check go back (3.2.4)")


def end_of_game_and_interim(g: Game) -> None:
    t = g.turn
    if g.scenario == S2 and t == 5:
        lost = g.get("gi_losses") or {}
        if int(lost.get("FR:corps", 0)) >= 7:
            vp.add(g, "german", 3, "seven or more French corps eliminated by the end of turn 5 (13.2.2 c)")
        if int(g.get("gi_british_steps", 0) or 0) >= 6:
            vp.add(g, "german", 3, "six or more British steps eliminated by the end of turn 5 (13.2.2 c)")
    interim = (g.module.scenarios[g.scenario].attrs.get("interim_victory_turn")
               if g.scenario in g.module.scenarios else None)
    if interim and int(interim) == t and g.scenario != S2:
        vp.award_german_hexes(g, "interim count (3.2.4)")
        g.note(f"Interim victory count (3.2.4): Plan 17 {vp.total(g, 'allied')}, German "
               f"{vp.total(g, 'german')} — the game goes on")
    if t < g.last_turn:
        return
    if g.scenario == S2:
        s2_final_bonus(g)
    vp.award_german_hexes(g, "end of the game (3.2.4)")
    if board.control(g, PARIS) == "german" and not g.get("gi_paris_credited"):
        vp.credit_paris(g, "Paris (3.2.2)")
    allied, german = vp.total(g, "allied"), vp.total(g, "german")
    if german >= 6 and german >= 2 * allied:
        g.finish("german", "victory", f"German victory (3.2.4): {german} German VP, at least 6 and "
                                      f"twice the Plan 17 total of {allied}.")
    else:
        g.finish("allied", "victory", f"Allied victory (3.2.4): {german} German VP against "
                                      f"{allied} Plan 17 VP (the German needs 6 and twice the "
                                      "Allied total).")


def s2_final_bonus(g: Game) -> None:
    """13.2.2 c: +3 for 54 and 64 German with both forts gone; +2 for Antwerp still Allied but
    covered by two German corps in 53 and/or 62 (12.5.2)."""
    if board.control(g, "54") == "german" and board.control(g, "64") == "german" and \
            board.fort_eliminated(g, "FT-MAUBEUGE") and board.fort_eliminated(g, "FT-NAMUR"):
        vp.add(g, "german", 3, "Maubeuge and Namur taken (13.2.2 c)")
    corps = sum(1 for h in ("53", "62") for p in board.units_at(g, h, "german")
                if board.kind(g, p).corps)
    if board.control(g, "52") == "allied" and corps >= 2:
        vp.add(g, "german", 2, "Antwerp covered by two German corps (13.2.2 c)")


def supply_determination(g: Game) -> None:
    """11.2.1-11.2.2: every unit, HQ and HA on the map is in supply or Out of Supply (traced as in
    the Attrition segment, 11.2.1 b); German units on emergency supply are marked so (11.2.1 c)."""
    oos = emergency = 0
    for pid, piece in list(g.state.pieces.items()):
        k = g.rules.kinds[piece.type]
        if not (k.combat or k.hq or k.ha) or not board.is_hex(piece.loc):
            continue
        st = supply.status(g, pid, attrition=True)
        for mark, on in (("oos", st is None), ("emergency", st == supply.EMERGENCY)):
            has = mark in piece.markers
            if on and not has:
                g.do(C.AddMarker(pid, mark))
            elif has and not on:
                g.do(C.RemoveMarker(pid, mark))
        oos += st is None
        emergency += st == supply.EMERGENCY
    g.note(f"Supply (11.2.1): {oos} units out of supply"
           + (f", {emergency} German units on emergency supply through 44" if emergency else ""))
    if board.fort_eliminated(g, "FT-NAMUR") and not g.get("gi_namur_fell_turn"):
        g.set("gi_namur_fell_turn", g.turn)
    if g.get("gi_rail_end_placed") and g.get("gi_namur_fell_turn") and g.turn >= 5:
        g.set("gi_rail_end_placed", False)
        g.note("The Rail Net Ends marker is removed from 56 (11.2.1 d)")


def attrition(g: Game) -> None:
    """11.2.6: Out-of-Supply non-DG combat units become DG, DG ones are eliminated, HQs and HA
    flip; 11.2.1 c: HQs on emergency supply flip, its combat units do not; 9.5.3: each besieged
    fort rolls to surrender (1-2, garrisoned 1)."""
    for pid, piece in list(g.state.pieces.items()):
        k = g.rules.kinds[piece.type]
        if not board.is_hex(piece.loc):
            continue
        if "oos" in piece.markers:
            if k.combat:
                if piece.face == 0:
                    g.do(C.SetFace(pid, 1))
                    g.note(f"{g.label(pid)} is Disorganized by attrition (11.2.6)")
                else:
                    board.eliminate(g, pid, "out of supply while Disorganized (11.2.6)")
            elif (k.hq or k.ha) and piece.face == 0:
                g.do(C.SetFace(pid, 1))
        elif "emergency" in piece.markers and k.hq and piece.face == 0:
            g.do(C.SetFace(pid, 1))
    for pid, piece in list(g.state.pieces.items()):
        if pid not in g.state.pieces or not board.besieged(g, pid):
            continue
        garrison = bool(g.ptype(pid).attrs.get("garrison"))
        die = g.roll(f"Surrender of {g.label(pid)}", "1d6")
        if die <= (1 if garrison else 2):
            loc = piece.loc
            g.note(f"{g.label(pid)} surrenders (roll {die}, 9.5.3)")
            g.do(C.RemoveMarker(pid, "besieged"))
            g.do(C.Move(pid, "box-eliminated-" + board.kind(g, pid).side))
            control.settle(g, [loc])
        else:
            g.note(f"{g.label(pid)} holds (roll {die}, 9.5.3)")


def recovery_quotas(g: Game, side: str) -> tuple[list[int], list[dict]]:
    """11.2.7: (units that recover at once, hexes where the owner chooses a few)."""
    now: list[int] = []
    quotas: list[dict] = []
    by_hex: dict[str, list[int]] = {}
    for pid, piece in g.state.pieces.items():
        k = g.rules.kinds[piece.type]
        if k.side != side or not board.is_hex(piece.loc):
            continue
        if (k.hq or k.ha) and piece.face == 1 and "oos" not in piece.markers \
                and "emergency" not in piece.markers:
            now.append(pid)                         # GI 11.2.7, 9.5.4
        if k.combat and piece.face == 1 and "oos" not in piece.markers:
            by_hex.setdefault(piece.loc, []).append(pid)
    for h, dgs in by_hex.items():
        normal = [p for p in dgs if "emergency" not in g.state.pieces[p].markers]
        emerg = [p for p in dgs if "emergency" in g.state.pieces[p].markers]
        supplied = [p for p in board.units_at(g, h, side) if "oos" not in g.state.pieces[p].markers]
        if board.units_at(g, h, other(side)) or board.forts_at(g, h, other(side)):
            limit = 1 if len(supplied) <= 2 else 2   # GI 11.2.7 b
        else:
            limit = len(normal)
            if recovery.fatigue(g):
                limit = (len(normal) + 1) // 2      # GI 13.1 Fatigue
        if limit >= len(normal):
            now += normal
        elif limit > 0:
            quotas.append({"hex": h, "limit": limit, "cands": normal})
        if emerg and board.hqs_at(g, h, side):      # GI 11.2.1 c: one unit with an HQ
            if len(emerg) == 1:
                now += emerg
            else:
                quotas.append({"hex": h, "limit": 1, "cands": emerg})
    return now, quotas


def free_recovery(g: Game, side: str) -> None:
    now, quotas = recovery_quotas(g, side)
    for p in now:
        if g.face(p) != 0:
            g.do(C.SetFace(p, 0))
    if now:
        g.note(f"{WORD[side]}: {len(now)} supplied units, HQs and HA recover (11.2.7)")
    if quotas:
        g.call("choose_recovery", side=side, quotas=quotas, why="11.2.7")


def trench_improvement(g: Game) -> None:
    """11.2.8: a +1 trench where supplied full-strength infantry of both sides stand goes +2."""
    for h, lvl in sorted((g.get("gi_trench") or {}).items()):
        if lvl == 1 and trenches.supplied_infantry(g, h, "allied", True) and \
                trenches.supplied_infantry(g, h, "german", True):
            board.set_trench(g, h, 2)
            g.note(f"The trench in {g.place(h)} improves to +2 (11.2.8)")
