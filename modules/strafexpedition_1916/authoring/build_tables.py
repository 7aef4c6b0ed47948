"""Generate tables.toml and tables/*.csv of the Strafexpedition 1916 module. Standard library only.

    python3 modules/strafexpedition_1916/authoring/build_tables.py

Each table says where its cells come from in its `notes` (and provenance.csv): the rulebook
(Italian v1.0), or `reconstructed` where the printed chart is not in any text we hold (Assault,
Bombardment and Defensive Fire tables, the TEC, the weather and event modifier of each turn).
Reconstructed cells respect every structural fact the rules state (column ranges, result codes,
the automatic 1D2R below 1:2, Rain -1 column, Roana bridge -3 columns...).
"""
from __future__ import annotations

import csv
import os

MOD = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES: list[dict] = []


def table(tid, title, rule, notes, rows_name, cols_name, header, body):
    TABLES.append({"id": tid, "title": title, "rule": rule, "notes": notes, "rows": rows_name,
                   "cols": cols_name})
    os.makedirs(os.path.join(MOD, "tables"), exist_ok=True)
    with open(os.path.join(MOD, "tables", f"{tid}.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow([rows_name] + list(header))
        for row in body:
            w.writerow(row)


DATES = ["15 May", "16 May", "17 May", "18 May", "19 May", "20 May", "21 May", "22 May", "23 May",
         "24 May", "25 May", "26 May", "27 May", "28 May", "29 May", "30 May", "31 May", "1 Jun",
         "2 Jun", "3 Jun", "4 Jun", "5 Jun", "6 Jun", "7 Jun", "8 Jun", "9 Jun", "10 Jun", "11 Jun",
         "12 Jun", "13 Jun", "14 Jun", "15 Jun"]


def main() -> None:
    # ---------------------------------------------------------------- events (rulebook)
    table("event_main", "Event Table", "4.0", "rulebook: Tabella degli Eventi. Roll 1d6 + the "
          "Turn Record Track modifier of the turn. 7 stands for 7 or more; 0 for 0 or less "
          "(the rulebook gives 0; below 0 is read as 0).", "roll", "result",
          ["result"],
          [[0, "italian_event"], [1, "no_event"], [2, "no_event"], [3, "no_event"], [4, "no_event"],
           [5, "italian_event"], [6, "austro_hungarian_event"], [7, "russian_success"]])
    table("event_it", "Italian Event Table", "4.0", "rulebook: Tabella degli Eventi Italiani (1d6).",
          "roll", "event", ["event", "effect"],
          [[1, "local_counterattack", "random Italian HQ must activate (free if no LP) and make at least one assault"],
           [2, "confusion_in_command", "random Italian HQ: AH moves one regiment of it one hex each, not across cliffs"],
           [3, "short_fire", "each Italian offensive bombardment: 1-2 on 1d6 hits an adjacent hex with Italian units"],
           [4, "logistic_effort", "+5 Italian LP"],
           [5, "no_event", ""], [6, "no_event", ""]])
    table("event_ah", "Austro-Hungarian Event Table", "4.0", "rulebook: Tabella degli Eventi "
          "Austroungarici, results 1-5; the Italian text stops after 5. Result 6 reconstructed as "
          "No Event by symmetry with the Italian table (the publisher's v1.1 chart was not "
          "available to check; NOTES.md).", "roll", "event", ["event", "effect"],
          [[1, "doctrine", "this turn AH may assault only hexes bombarded this turn"],
           [2, "advance_out_of_control", "random AH HQ: Italian player moves one regiment of it one hex each, not across cliffs"],
           [3, "short_fire", "each AH offensive bombardment: 1-2 on 1d6 hits an adjacent hex with AH units"],
           [4, "logistic_effort", "+5 AH LP"],
           [5, "no_event", ""], [6, "no_event", "reconstructed"]])
    table("russian_success", "Russian Success in Galicia", "22.0", "rulebook 22.0.", "occurrence",
          "effect", ["effect"],
          [[1, "brusilov_offensive_begins"], [2, "ah_no_more_lp_or_reinforcements"],
           [3, "game_ends_check_vp"]])

    # ---------------------------------------------------------------- command and LP (rulebook)
    table("brigade_display", "Brigade Display boxes", "8.2", "rulebook 8.2-8.3: 1 LP per brigade "
          "+ 1 LP per 5 (or part of 5) artillery units, fortresses included.", "box",
          "column", ["artillery_min", "artillery_max", "lp_cost", "meaning"],
          [[1, 0, 0, 1, "activated, no artillery"], [2, 1, 5, 2, "activated, 1-5 artillery"],
           [3, 6, 10, 3, "activated, 6-10 artillery"], [4, 11, 15, 4, "activated, 11-15 artillery"],
           [5, 0, 0, 0, "not activated"]])
    table("activation_cost", "Activation cost in LP by number of artillery units", "8.3",
          "rulebook 8.3 (examples: brigade + 13 artillery = 4 LP; brigade + 1 artillery = 2 LP).",
          "artillery", "lp", ["lp"], [[n, 1 + (n + 4) // 5] for n in range(0, 16)])
    table("die_checks", "Single-die checks", "4.0", "rulebook: the section of each row.", "check",
          "column", ["success", "rule"],
          [["command_radius_through_zoc", "4-6 passes (1-3 blocked)", "8.1"],
           ["reaction", "roll <= HQ initiative value", "15.0"],
           ["trench_in_enemy_zoc", "1-3", "18.3"],
           ["star_result", "1-3 = D1, 4-6 = no effect", "13.2.6"],
           ["short_fire_event", "1-2 hits an adjacent hex with own units", "4.0"],
           ["roana_bridge_demolition", "1-4 destroyed", "Sc5"],
           ["initiative", "1d6 + LP spent in the Command Phase + extra LP bid; ties re-roll", "7.0"]])

    # ---------------------------------------------------------------- weather, LoS, stacking (rulebook)
    table("weather_effects", "Weather effects", "9.1", "rulebook 9.1; LoS from 3.0 and 13.2.2 "
          "(+1 hex per level the observer is above the target). Halves round down (reconstructed; "
          "the rules do not say).", "weather", "effect",
          ["bf", "bf_level5_plus", "infantry_ma", "artillery_ma", "assault_shift", "los", "los_level5_plus"],
          [["clear", "full", "full", "full", "full", 0, 6, 6],
           ["overcast", "full", "half", "full", "full", 0, 4, 3],
           ["rain", "half", "half", "minus1", "half", -1, 2, 2]])
    table("line_of_sight", "Line of sight (LoS)", "13.2.2", "rulebook 13.2.2: centre to centre, "
          "at most 6 hexes (the observer hex not counted, the target counted), +1 hex per level "
          "the observer is above the target; blocked by an intervening hex higher than both the "
          "observer and the target; weather may shorten it (9.1, weather_effects). Rulebook "
          "13.2.3: woods block only if the observer or the target is at the woods' level or lower; "
          "cliffs do not block; a hexside blocks only if both hexes beside it do. Read by the "
          "wartable LoS tool (docs/source-format.md, table line_of_sight).", "key", "value",
          ["value"],
          [["model", "higher_than_both"], ["max_hexes", 6], ["per_level_bonus", 1],
           ["screen_attr", "woods"], ["weather_rule", "'9.1"]])
    table("stacking", "Stacking limits", "12.0", "rulebook 12.1, 12.2, 12.5, 12.6.", "situation",
          "units", ["units_per_side"],
          [["normal", 2], ["high_mountain_level8", 1], ["assault_normal", 2], ["assault_high_mountain", 1]])
    table("retreat_priority", "Defender retreat priority", "13.4.5", "rulebook 13.4.5: one hex, "
          "never into a hex an assault came from; no hex = surrender (13.4.5.2).", "priority",
          "destination", ["destination", "penalty"],
          [["A", "empty hex opposite (or next to one opposite) the assaulting hexes", ""],
           ["B", "any other empty hex", ""],
           ["C", "friendly hex within stacking limits", ""],
           ["D", "friendly hex over stacking limits", "1 DP to every unit there (12.7)"],
           ["none", "surrender", ""]])
    table("surrender_vp", "Victory points for losses by surrender", "23.2", "rulebook 23.2: 1 VP "
          "per 10 steps; eliminated (not surrendered) units give none.", "loss", "steps", ["steps"],
          [["surrendered_battalion", 2], ["captured_artillery", 5], ["captured_fortress", 5],
           ["spiked_artillery_or_fortress", 0]])
    table("victory", "Victory thresholds (net VP = AH VP - Italian VP)", "23.0", "rulebook "
          "scenario victory conditions; Sc 3 and Sc 4 are decided by objective hexes.", "scenario",
          "condition", ["ah_wins_at_least", "it_wins_at_most", "objectives"],
          [["sc1", 16, 11, ""], ["sc2", 8, 5, ""],
           ["sc3", "'", "'", "AH wins holding 2 of 1741 1744 1850"],
           ["sc4", "'", "'", "AH wins holding 1235; draw holding any of 1434 1435 1332 1333"],
           ["sc5", 120, 90, "decisive victories 23.3 23.4"]])
    table("decisive_victory", "Decisive victory hexes", "23.3", "rulebook 23.3 (AH) and 23.4 (Italy).",
          "side", "hexes", ["hexes"],
          [["AH", "1470 1471 1569 1570 0146 0247 0238 0239"], ["IT", "3502 3603 4018 4019"]])
    table("multi_hex_objectives", "Multi-hex objectives", "23.1.1", "rulebook 23.1.1.", "objective",
          "hexes", ["hexes"],
          [["Recoaro", "0225 0226"], ["Piovene Rocchette", "0747 0847"], ["Schio", "0238 0239"],
           ["Thiene", "0146 0247"], ["Marostica", "1468 1469 1470 1471"], ["Arsiero", "1937 1938 2038"]])

    # ---------------------------------------------------------------- artillery types (rulebook)
    table("artillery_types", "Artillery values (in battery / moving)", "19.1", "rulebook: the "
          "scenario set-ups (BF-Range-MA in battery / moving).", "type", "value",
          ["bf", "range", "ma_moving", "range_moving"],
          [["mountain", 4, 8, 8, 8], ["mountain_37div", 5, 8, 8, 8], ["field", 5, 10, 6, 10],
           ["field_37div_as_printed", 5, 10, 6, 8], ["heavy_V_VIII", 8, 12, 4, 12],
           ["heavy_III", 9, 12, 4, 12], ["heavy_XX", 10, 12, 4, 12]])

    # ---------------------------------------------------------------- turn record (rulebook dates + LP)
    it5 = [0] + [5] * 5 + [10] * 11 + [15] * 15
    ah5 = [50] + [10] * 21 + [5] * 10
    body = []
    for i, d in enumerate(DATES):
        t = i + 1
        sc1 = t if t <= 5 else ""
        sc2 = t - 5 if 6 <= t <= 10 else ""
        sc3 = t - 15 if 16 <= t <= 22 else ""
        sc4 = t - 28 if 29 <= t <= 30 else ""
        it1 = {1: 0, 2: 5, 3: 5, 4: 5, 5: 5}.get(t, "")
        ah1 = {1: 35}.get(t, 10 if 2 <= t <= 5 else "")
        it2 = {6: 2, 7: 5, 8: 0, 9: 5, 10: 5}.get(t, "")
        ah2 = {6: 20}.get(t, 10 if 7 <= t <= 10 else "")
        it3 = {16: 1}.get(t, 1 if 17 <= t <= 22 else "")
        ah3 = {16: 4 + 3}.get(t, 3 if 17 <= t <= 22 else "")
        it4 = {29: 5}.get(t, 0 if t == 30 else "")
        ah4 = {29: 7}.get(t, 0 if t == 30 else "")
        # weather and event DRM printed on the TRT are not in any text we hold: reconstructed
        weather = "rain" if t in (2, 9, 10, 19, 20, 27) else "overcast" if t in (3, 8, 11, 18, 21, 26, 28, 31) else "clear"
        drm = 0 if t <= 17 else (1 if t <= 24 else 2)
        body.append([t, d, sc1, sc2, sc3, sc4, it5[i], ah5[i], it1, ah1, it2, ah2, it3, ah3, it4, ah4,
                     weather, drm])
    table("turn_record", "Turn Record Track: dates, scenario turns, LP", "22.0",
          "rulebook: dates and LP of every scenario (the *_lp columns; turn 1 of each scenario "
          "holds its starting LP, the Sc 3 AH turn 1 value is its 4 + the 3 of that turn). "
          "weather and event_drm: reconstructed (printed on the TRT, not in the rules text; "
          "the Sc 5 historical note says the weather broke late in May).",
          "turn", "column",
          ["date", "sc1_turn", "sc2_turn", "sc3_turn", "sc4_turn", "sc5_it_lp", "sc5_ah_lp",
           "sc1_it_lp", "sc1_ah_lp", "sc2_it_lp", "sc2_ah_lp", "sc3_it_lp", "sc3_ah_lp",
           "sc4_it_lp", "sc4_ah_lp", "weather", "event_drm"], body)

    # ---------------------------------------------------------------- combat charts (reconstructed)
    odds = ["1:2", "1:1", "1.5:1", "2:1", "2.5:1", "3:1", "3.5:1", "4:1", "5:1"]
    # cell: "attacker/defender"; "-" no effect, "#D#" steps lost in the hex + DP per unit, R retreat
    assault = [
        [1, "1D2R/-", "1D2R/-", "1D1R/0D1", "1D1R/0D1", "1D1/0D1", "1D1/1D1", "0D1/1D1", "0D1/1D1R", "0D1/1D2R"],
        [2, "1D2R/-", "1D1R/0D1", "1D1R/0D1", "1D1/0D1", "1D1/1D1", "0D1/1D1", "0D1/1D1R", "0D1/1D2R", "-/1D2R"],
        [3, "1D1R/-", "1D1R/0D1", "1D1/0D1", "1D1/1D1", "0D1/1D1", "0D1/1D1R", "0D1/1D2R", "-/1D2R", "-/2D2R"],
        [4, "1D1R/0D1", "1D1/0D1", "1D1/1D1", "0D1/1D1", "0D1/1D1R", "0D1/1D2R", "-/1D2R", "-/2D2R", "-/2D2R"],
        [5, "1D1/0D1", "1D1/1D1", "0D1/1D1", "0D1/1D1R", "0D1/1D2R", "-/1D2R", "-/2D2R", "-/2D2R", "-/2D3R"],
        [6, "1D1/1D1", "0D1/1D1", "0D1/1D1R", "0D1/1D2R", "-/1D2R", "-/2D2R", "-/2D2R", "-/2D3R", "-/2D3R"],
    ]
    table("assault", "Assault Table", "13.4.3", "RECONSTRUCTED cells (the printed chart is not in "
          "any text we hold); structure from rulebook 13.4.3-13.4.4: odds attacker CF : defender "
          "CF rounded down to a column, 1:2 to 5:1 with 3.5:1 a column; final column below 1:2 = "
          "1D2R for the attacker, above 5:1 = 5:1; cell = attacker/defender, #D#R = steps lost in "
          "the hex, DP per unit, retreat.", "die", "odds", odds, assault)
    table("assault_shifts", "Assault column shifts (besides the terrain of the TEC)", "13.4.3",
          "rain -1 (rulebook 9.1), Roana bridge -3 (rulebook Sc 5); morale and height shifts "
          "RECONSTRUCTED (rulebook 13.4.3 and 16.3 name them, the values are on the missing chart): "
          "+1 column per point the attacker's best current morale exceeds the defender's (-1 per "
          "point the other way), -1 per level the defender stands above the highest assaulting "
          "hex (at most -2). Terrain, hexsides and trench levels shift through the TEC "
          "(assault_shift). Defender shifts are subtracted from attacker shifts.",
          "condition", "shift", ["shift", "source"],
          [["rain", -1, "rulebook 9.1"], ["roana_bridge", -3, "rulebook Sc5"],
           ["morale_per_point", 1, "reconstructed"],
           ["defender_higher_per_level", -1, "reconstructed"],
           ["defender_higher_max", -2, "reconstructed"]])
    bcols = ["1-3", "4-6", "7-10", "11-15", "16-22", "23-30", "31-40", "41+"]
    bomb = [
        [1, "-", "-", "*", "*", "1D1", "1D1", "1D1T", "1D2T"],
        [2, "-", "*", "*", "1D1", "1D1", "1D1T", "1D2T", "1D2T"],
        [3, "*", "*", "1D1", "1D1", "1D1T", "1D2T", "1D2T", "2D2T"],
        [4, "*", "1D1", "1D1", "1D1T", "1D2T", "1D2T", "2D2T", "2D2T"],
        [5, "1D1", "1D1", "1D1T", "1D2T", "1D2T", "2D2T", "2D2T", "2D3T"],
        [6, "1D1", "1D1T", "1D2T", "1D2T", "2D2T", "2D2T", "2D3T", "2D3T"],
    ]
    table("bombardment", "Bombardment Table", "13.2.5", "RECONSTRUCTED cells; structure from "
          "rulebook 13.2.5-13.2.6: column = total BF after weather (Rain half, Overcast half at "
          "target level 5+) and DP (-1 BF each, 19.7); terrain shifts (TEC); 1d6. '-' none, '*' "
          "re-roll 1-3 = D1, #D# steps lost in the hex and DP per unit, T = trench -1 (ignored if "
          "only mountain artillery fired). Artillery dies only from 2 step losses (19.6).",
          "die", "bf", bcols, bomb)
    dcols = ["0-1", "2", "3-4", "5-6", "7-9", "10-13", "14+"]
    dfire = [
        [1, "-", "-", "*", "*", "1D1", "1D1", "1D2"],
        [2, "-", "*", "*", "1D1", "1D1", "1D2", "1D2"],
        [3, "*", "*", "1D1", "1D1", "1D2", "1D2", "2D2"],
        [4, "*", "1D1", "1D1", "1D2", "1D2", "2D2", "2D2"],
        [5, "1D1", "1D1", "1D2", "1D2", "2D2", "2D2", "2D3"],
        [6, "1D1", "1D2", "1D2", "2D2", "2D2", "2D3", "2D3"],
    ]
    table("defensive_fire", "Defensive Fire Table", "13.3.10", "RECONSTRUCTED cells; structure "
          "from rulebook 13.3.5-13.3.11: column = MG of adjacent firing units + 1/4 of the BF of "
          "artillery within 6 hexes (capped at the infantry total, minimum 1, unless 1 LP is paid); "
          "shifts for terrain, firer position and trench level; '*' re-roll 1-3 = D1; #D# applies to "
          "the assaulting units only. Also used for infiltration fire (11.1.2, no artillery).",
          "die", "fire", dcols, dfire)
    table("tec", "Terrain Effects Chart", "11.0", "Movement (mp, in movement points): a hex costs "
          "its level's cost (a town hex its town cost instead), plus woods, plus 1 per level climbed; "
          "a river hexside adds its cost (rulebook 11.0.2); along a road or mule track the road/track "
          "cost replaces all of it (11.0.5; railway = mule track, 3.0); leaving an enemy ZoC +1 "
          "(11.1.1, 11.2.1); a cliff hexside takes the whole MA of mountain infantry and is "
          "impassable to others (11.0.4, rulebook, not read from this table). Shifts are columns in "
          "the firer's or attacker's favour (negative: the defender's): bombard_shift for the "
          "target hex, defensive_fire_shift for the hex of the assaulting units and for the "
          "firers' position, assault_shift for the defender's hex and the hexsides assaulted "
          "across. Every number RECONSTRUCTED (the TEC is not in the rules text) except where "
          "the rulebook section is named above.",
          "terrain", "effect", ["mp", "bombard_shift", "defensive_fire_shift", "assault_shift"],
          [["level1", 1, 0, 0, 0], ["level2", 1, 0, 0, 0], ["level3", 2, 0, 0, 0],
           ["level4", 2, 0, 0, 0], ["level5", 2, -1, 0, 0], ["level6", 3, -1, 0, 0],
           ["level7", 3, -1, 0, -1], ["high_mountain_level8", 4, -2, 0, -1],
           ["climb_per_level_up", 1, 0, 0, 0], ["woods", 1, -1, -1, -1], ["town", 1, -1, 0, -1],
           ["fortress", 0, -2, 0, -2], ["river_hexside", 1, 0, 0, -1],
           ["cliff_hexside", 0, 0, 0, -2],
           ["road", "0.5", 0, 0, 0], ["mule_track", 1, 0, 0, 0], ["railway", 1, 0, 0, 0],
           ["leave_enemy_zoc", 1, 0, 0, 0], ["trench_per_level", 0, -1, 1, -1],
           ["firer_higher_level", 0, 0, 1, 0]])

    # how the counters are printed (issue 18): the hand-written authoring/counter_layout.csv
    with open(os.path.join(MOD, "authoring", "counter_layout.csv"), encoding="utf-8", newline="") as cf:
        head, *body = list(csv.reader(cf))
    table("counter_layout", "How the counters are printed", "2.2.1",
          "Read by the table to draw counters and label their values (docs/source-format.md). "
          "Infantry CF-MG-MA as the scenarios write them (Alpini 3-2-6), Morale on its badge "
          "(2.2.2; its corner is reconstructed, the drawing is missing); artillery BF-Range-MA, "
          "corps number right of the symbol (2.2.1); HQ initiative first, then command radius "
          "(15.0, 8.1); fortress rows BF-Range / Trench Level-Morale / CF-MG-MA (20.1).",
          head[0], "field", head[1:], body)
    with open(os.path.join(MOD, "tables.toml"), "w", encoding="utf-8") as f:
        f.write("# Strafexpedition 1916 tables: generated by authoring/build_tables.py\n")
        for t in TABLES:
            f.write("\n[[table]]\n")
            for k in ("id", "title", "rule", "notes", "rows", "cols"):
                v = t[k].replace("\\", "\\\\").replace('"', '\\"')
                f.write(f'{k} = "{v}"\n')
    print(len(TABLES), "tables")


if __name__ == "__main__":
    main()
