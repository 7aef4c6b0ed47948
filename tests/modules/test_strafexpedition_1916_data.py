"""Data tests of the Strafexpedition 1916 module, loaded BUILT through engine.modules.open_module.

Every test names the rule it checks (rulebook = the Italian v1.0 text; Sc n = scenario n).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest

from engine import modules as resolve  # noqa: E402  (a broken import must fail, not skip)
from engine import hexgrid  # noqa: E402

MID = "strafexpedition_1916"


@lru_cache(maxsize=1)
def mod():
    return resolve.open_module(MID)


@lru_cache(maxsize=1)
def scheme():
    return hexgrid.scheme_for(mod().grid("map"))


def hx(label):
    return scheme().hex(label)


def adjacent(a, b):
    return hexgrid.distance(hx(a), hx(b)) == 1


def contiguous(labels):
    labels = list(labels)
    seen, todo = {labels[0]}, [labels[0]]
    while todo:
        cur = todo.pop()
        for other in labels:
            if other not in seen and adjacent(cur, other):
                seen.add(other)
                todo.append(other)
    return seen == set(labels)


def loc(label):
    return mod().locations[label]


def attr(label, key):
    return loc(label).attrs.get(key)


def hexside(a, b):
    for e in mod().edges:
        if {e.a, e.b} == {a, b}:
            return e
    return None


# ------------------------------------------------------------------ grid and numbering (2.1)
RULEBOOK_HEXES = """0146 0225 0226 0237 0238 0239 0247 0747 0847 1134 1201 1232 1234 1235 1236 1331 1332 1333
1335 1349 1432 1433 1434 1435 1468 1469 1470 1471 1533 1534 1535 1547 1548 1549 1569 1570 1634 1635
1636 1705 1709 1741 1744 1850 1864 1936 1937 1938 1947 2038 2237 2243 2250 2415 2443 2448 2537 2543
2644 2723 2740 2743 2747 2825 2872 2903 2927 3030 3104 3106 3121 3122 3129 3134 3150 3202 3225 3261
3302 3303 3318 3324 3325 3326 3351 3352 3357 3405 3412 3413 3416 3423 3440 3502 3511 3523 3544 3603
3604 3605 3612 3615 3628 3636 3651 3653 3728 3736 3768 3772 3837 3845 3926 3944 4018 4019 4032 4129
4230 4246 4306 4324 4336 4337 4341 4343 4437 4438 4645 4936 5135 5136 5142 5239 5343 5653 5756""".split()


def test_2_1_every_hex_the_rulebook_names_exists_and_round_trips():
    m = mod()
    assert len(RULEBOOK_HEXES) >= 135
    for label in RULEBOOK_HEXES:
        assert label in m.locations, label
        loc_ = m.locations[label]
        assert loc_.kind == "hex" and loc_.grid == "map"
        assert scheme().label(hx(label)) == label
        assert (loc_.q, loc_.r) == tuple(hx(label))


def test_2_1_grid_is_rows_01_57_by_columns_01_72():
    hexes = [l for l in mod().locations.values() if l.kind == "hex"]
    assert len(hexes) == 57 * 72
    rows = {int(l.id[:2]) for l in hexes}
    cols = {int(l.id[2:]) for l in hexes}
    assert rows == set(range(1, 58)) and cols == set(range(1, 73))


def test_2_1_same_row_consecutive_columns_are_adjacent():
    for a, b in (("0225", "0226"), ("0238", "0239"), ("1468", "1469"), ("1470", "1471"),
                 ("4018", "4019"), ("3351", "3352"), ("3603", "3604")):
        assert adjacent(a, b), (a, b)


def test_2_1_odd_rows_touch_columns_c_and_c_plus_1_of_the_next_row():
    for a, b in (("0146", "0247"), ("3502", "3603"), ("1937", "2038"), ("1938", "2038"),
                 ("0747", "0847"), ("1569", "1470"), ("1570", "1471")):
        assert adjacent(a, b), (a, b)
    assert not adjacent("0146", "0245")
    assert not adjacent("3502", "3601")


def test_2_1_rows_run_north_and_columns_east_on_the_board():
    # Thiene (row 01) is south of Asiago (row 33); Rovereto (col 02) west of Valstagna (col 72)
    assert loc("0146").y > loc("3357").y
    assert loc("3502").x < loc("2872").x


# ------------------------------------------------------------------ named places (23.1.1, 23.3, 23.4)
MULTI = {"Recoaro": ["0225", "0226"], "Piovene Rocchette": ["0747", "0847"],
         "Schio": ["0238", "0239"], "Thiene": ["0146", "0247"],
         "Marostica": ["1468", "1469", "1470", "1471"], "Arsiero": ["1937", "1938", "2038"]}


@pytest.mark.parametrize("town", sorted(MULTI))
def test_23_1_1_multi_hex_objectives_are_contiguous_towns_with_vp(town):
    labels = MULTI[town]
    assert contiguous(labels)
    for label in labels:
        assert attr(label, "town") == town
        assert attr(label, "vp") and attr(label, "vp") > 0


def test_23_3_ah_decisive_marostica_hexes_1569_1570_are_marostica_and_touch_1470_1471():
    for label in ("1569", "1570"):
        assert attr(label, "town") == "Marostica"
    assert contiguous(["1470", "1471", "1569", "1570"])
    table = mod().tables["decisive_victory"]
    assert table.lookup("AH", "hexes").split() == ["1470", "1471", "1569", "1570", "0146", "0247", "0238", "0239"]


def test_23_4_italian_decisive_rovereto_and_folgaria_are_ah_held_towns():
    for label in ("3502", "3603", "4018", "4019"):
        assert attr(label, "side") == "AH"
    assert attr("3502", "town") == "Rovereto" and attr("4018", "town") == "Folgaria"
    assert contiguous(["3502", "3603", "3604"]) and contiguous(["4018", "4019"])


@pytest.mark.parametrize("label,name", [
    ("1235", "Monte Novegno"), ("1741", "Monte Cengio"), ("1744", "Monte Barco"), ("1850", "Monte Pau"),
    ("2415", "Col Santo"), ("1705", "Coni Zugna"), ("3357", "Asiago"), ("1864", "Lusiana"),
    ("2872", "Valstagna"), ("3772", "Foza"), ("4306", "Calliano"), ("4324", "Carbonare"),
    ("3106", "Moscheri"), ("1709", "Anghebeni"), ("3413", "Valduga"), ("3416", "Piazza"),
    ("5756", "Cima Caldiera"), ("5653", "Cima Undici"), ("5142", "Porta Manazzo"),
    ("3122", "Monte Maronia"), ("3225", "Costa d'Agra"), ("3326", "Monte Coston"),
    ("3728", "Soglio d'Aspio"), ("2723", "Monte Maggio"), ("2927", "Monte Toraro"),
    ("3134", "Spitz Tonezza"), ("3129", "Monte Campomolon")])
def test_2_4_named_hexes_carry_their_rulebook_names(label, name):
    assert loc(label).name == name


@pytest.mark.parametrize("label,side", [
    ("3129", "IT"), ("4246", "IT"), ("3544", "IT"), ("2443", "IT"), ("2740", "IT"),
    ("3318", "AH"), ("3615", "AH"), ("3926", "AH"), ("4032", "AH")])
def test_20_0_fortress_hexes_of_the_set_ups_belong_to_their_side(label, side):
    assert attr(label, "fortress") == side
    assert attr(label, "side") == side


def test_10_2_3_hex_1201_is_the_polyvalent_supply_source():
    assert attr("1201", "supply") == "any"
    assert {attr(l.id, "supply") for l in mod().locations.values() if l.kind == "hex"} >= {"IT", "AH", "any"}


def test_sc5_5_roana_bridge_is_a_bridged_cliff_hexside_3351_3352():
    e = hexside("3351", "3352")
    assert e is not None and e.kind == "hexside"
    assert e.attrs.get("bridge") is True and e.attrs.get("cliff") is True
    assert adjacent("3351", "3352")


# ------------------------------------------------------------------ terrain levels (2.1, 9.1, 12.2)
def test_2_1_every_hex_has_a_level_1_to_8_woods_and_sector():
    for l in mod().locations.values():
        if l.kind != "hex":
            continue
        assert 1 <= l.attrs["elevation"] <= 8
        assert isinstance(l.attrs["woods"], bool)
        assert l.attrs["sector"] in ("East", "West")
        assert l.attrs["sheet"] in ("W", "E")
        assert l.attrs["side"] in ("IT", "AH", "none")


def test_12_2_high_mountain_summits_are_level_8_and_plain_towns_level_1():
    for label in ("2415", "5653", "5756"):          # Col Santo, Cima Undici, Cima Caldiera > 2100 m
        assert attr(label, "elevation") == 8, label
    for label in MULTI["Thiene"] + MULTI["Marostica"] + MULTI["Schio"] + ["3502", "4306", "2872"]:
        assert attr(label, "elevation") == 1, label


def test_9_1_plateau_summits_are_at_or_above_the_overcast_level_5():
    for label in ("1235", "1741", "1850", "2723", "2927", "3129", "4246", "3544", "5239"):
        assert attr(label, "elevation") >= 5, label
    assert attr("3357", "elevation") == 4          # Asiago basin, 1001 m


def test_2_1_elevation_matches_real_heights_of_named_places():
    assert attr("1235", "elevation_m") == 1550      # Monte Novegno 1552 m
    assert attr("5239", "elevation_m") == 1940      # quota 1938
    assert attr("2415", "elevation_m") > attr("1235", "elevation_m")


def test_11_0_4_cliffs_and_rivers_exist_and_roads_link_the_entry_towns():
    edges = mod().edges
    assert sum(1 for e in edges if e.attrs.get("cliff")) >= 30
    assert sum(1 for e in edges if e.attrs.get("river") == "Astico") >= 20
    for e in edges:
        assert e.kind == "hexside" and adjacent(e.a, e.b), (e.a, e.b)
    road = {}
    for e in edges:
        if e.attrs.get("road") or e.attrs.get("track") or e.attrs.get("railway"):
            road.setdefault(e.a, set()).add(e.b)
            road.setdefault(e.b, set()).add(e.a)
    # one network joins Rovereto, Schio, Thiene, Marostica, Asiago, Carbonare, Lusiana, Foza, 1201
    seen, todo = {"3502"}, ["3502"]
    while todo:
        for n in road.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    for label in ("0238", "0146", "1468", "3357", "4324", "1864", "3772", "1201", "4306", "2872"):
        assert label in seen, label


def test_sc2_val_dassa_road_runs_4645_to_3651_and_sc3_road_1349_1947():
    roads = {frozenset((e.a, e.b)) for e in mod().edges if e.attrs.get("road")}
    assert any("4645" in p for p in roads) and any("3651" in p for p in roads)
    assert any("1349" in p for p in roads) and any("1947" in p for p in roads)


def test_sc3_mule_track_2237_2537():
    tracks = {frozenset((e.a, e.b)) for e in mod().edges if e.attrs.get("track")}
    for a, b in (("2237", "2337"), ("2437", "2537")):
        assert frozenset((a, b)) in tracks


# ------------------------------------------------------------------ sectors and play areas (24.1, 2.3)
def test_24_1_sector_membership_of_scenario_hexes():
    for label in ("3837", "4337", "4438", "4936", "3357", "3651", "4645", "4324", "5343", "0146",
                  "1864", "1547", "2443", "4246", "3544"):
        assert attr(label, "sector") == "East", label
    for label in ("3405", "3412", "3121", "3628", "2415", "1705", "3502", "0238", "1937", "3129", "4018"):
        assert attr(label, "sector") == "West", label


def test_sc1_play_area_is_west_map_without_the_astico_north_bank_east_of_28():
    assert attr("0237", "sc1") and attr("1936", "sc1") and attr("3736", "sc1")
    assert not attr("4032", "sc1")                # Lavarone, east of 28 beyond the Astico
    assert all(not l.attrs["sc1"] for l in mod().locations.values() if l.kind == "hex" and int(l.id[2:]) > 37)


def test_sc3_sc4_play_areas_are_column_bands():
    assert attr("1741", "sc3") and attr("2250", "sc3") and not attr("2237", "sc3")
    assert attr("1235", "sc4") and attr("1636", "sc4") and not attr("1230", "sc4")


# ------------------------------------------------------------------ pieces (2.2, 3.4 of the digest)
def units(side=None, kind="unit"):
    return [t for t in mod().piece_types.values() if t.kind == kind and (side is None or t.side == side)]


def test_2_2_2_thirty_five_italian_and_twenty_seven_ah_brigades_each_with_an_hq():
    it_hq = units("IT", "hq")
    ah_hq = units("AH", "hq")
    assert len(it_hq) == 35 and len(ah_hq) == 27
    for h in it_hq + ah_hq:
        assert h.faces[0].values["initiative"] >= 1 and h.faces[0].values["radius"] >= 1
        members = [t for t in units(h.side) if t.attrs.get("brigade") == h.attrs["brigade"]]
        assert members, h.id


def test_2_2_2_italian_brigades_have_two_regiments_of_three_battalions():
    by_brigade = Counter(t.attrs["brigade"] for t in units("IT") if t.attrs.get("brigade"))
    assert len(by_brigade) == 35 and set(by_brigade.values()) == {6}


def test_3_4_ah_battalion_counts_per_brigade_match_the_set_ups():
    by_brigade = Counter(t.attrs["brigade"] for t in units("AH") if t.attrs.get("brigade"))
    expected = {"6m": 5, "10m": 5, "18m": 5, "58": 7, "180": 7, "5": 7, "15": 9, "11m": 6, "12m": 5,
                "9m": 5, "55": 7, "56": 6, "43lw": 6, "18": 7, "11": 6, "12": 6, "2m": 4, "88ls": 7,
                "98ls": 5, "44lw": 6, "87lw": 7, "67": 7, "68": 5, "59": 6, "86lw": 6, "20": 7, "21": 8}
    assert dict(by_brigade) == expected


def test_3_4_independents_23_alpini_20_militia_4_finance_guard():
    it = units("IT")
    alpini = [t for t in it if t.id.startswith("it_alp_")]
    assert len(alpini) == 23 and all(t.attrs["mountain"] for t in alpini)
    assert sum(t.count for t in it if t.unit_type == "militia") == 20
    assert sum(t.count for t in it if t.unit_type == "finance_guard") == 4


def test_sc1_printed_alpini_and_rgf_values_cf_mg_ma():
    pt = mod().piece_types
    for pid, v in (("it_alp_val_leogra", (3, 2, 6)), ("it_alp_m_berico", (4, 2, 6)),
                   ("it_alp_vicenza", (4, 3, 6)), ("it_rgf_206", (2, 0, 6)), ("it_rgf_426", (4, 2, 6))):
        f = pt[pid].faces[0].values
        assert (f["cf"], f["mg"], f["ma"]) == v, pid


def test_19_1_artillery_moving_front_and_in_battery_back_with_printed_values():
    pt = mod().piece_types
    cases = {"ah_art_iii_hvy": (9, 12, 4), "ah_art_xx_hvy": (10, 12, 4), "ah_art_viii_hvy": (8, 12, 4),
             "it_art_v_hvy": (8, 12, 4), "it_art_v_mtn": (4, 8, 8), "ah_art_iii_fld": (5, 10, 6),
             "it_art_37_mtn": (5, 8, 8)}
    for pid, (bf, rng, ma) in cases.items():
        moving, battery = pt[pid].faces
        assert (moving.name, battery.name) == ("moving", "in_battery")
        assert moving.values["bf"] == 0 and moving.values["ma"] == ma
        assert battery.values["bf"] == bf and battery.values["range"] == rng and battery.values["ma"] == 0


def test_3_4_ah_artillery_counts_per_corps():
    pt = mod().piece_types
    counts = {pid: pt[pid].count for pid in pt if pid.startswith("ah_art_")}
    assert counts == {"ah_art_viii_mtn": 4, "ah_art_viii_fld": 4, "ah_art_viii_hvy": 2,
                      "ah_art_xx_mtn": 10, "ah_art_xx_fld": 5, "ah_art_xx_hvy": 2,
                      "ah_art_iii_mtn": 12, "ah_art_iii_fld": 7, "ah_art_iii_hvy": 3}


def test_20_1_nine_fortresses_cannot_move():
    forts = units(kind="fort")
    assert len(forts) == 9
    assert {f.attrs["hex"] for f in forts} == {"3129", "4246", "3544", "2443", "2740", "3318", "3615", "3926", "4032"}
    assert all(f.faces[0].values["ma"] == 0 for f in forts)


def test_11_0_4_mountain_infantry_flags():
    pt = mod().piece_types
    assert pt["ah_180_1kj_i"].attrs["mountain"] is True
    assert pt["ah_6m_6"].attrs["mountain"] is True
    assert pt["ah_88ls_1ls_i"].attrs["mountain"] is True
    assert pt["ah_55_87_i"].attrs["mountain"] is False
    assert pt["it_taro_207_i"].attrs["mountain"] is False


# ------------------------------------------------------------------ tables
def test_4_0_event_tables():
    t = mod().tables
    assert [t["event_main"].lookup(r, "result") for r in range(8)] == [
        "italian_event", "no_event", "no_event", "no_event", "no_event", "italian_event",
        "austro_hungarian_event", "russian_success"]
    assert t["event_it"].lookup(4, "event") == "logistic_effort"
    assert t["event_ah"].lookup(1, "event") == "doctrine"
    assert t["event_ah"].lookup(4, "event") == "logistic_effort"
    assert t["russian_success"].lookup(3, "effect") == "game_ends_check_vp"


def test_8_3_activation_cost_examples():
    t = mod().tables["activation_cost"]
    assert t.lookup(13, "lp") == 4 and t.lookup(1, "lp") == 2 and t.lookup(0, "lp") == 1
    assert t.lookup(15, "lp") == 4 and t.lookup(6, "lp") == 3


def test_9_1_weather_effects():
    t = mod().tables["weather_effects"]
    assert t.lookup("rain", "assault_shift") == -1 and t.lookup("rain", "los") == 2
    assert t.lookup("overcast", "los") == 4 and t.lookup("overcast", "los_level5_plus") == 3
    assert t.lookup("clear", "los") == 6


def test_12_stacking_and_13_4_5_retreat_priority():
    t = mod().tables
    assert t["stacking"].lookup("normal", "units_per_side") == 2
    assert t["stacking"].lookup("high_mountain_level8", "units_per_side") == 1
    assert [r for r in t["retreat_priority"].rows.values] == ["A", "B", "C", "D", "none"]


def test_13_4_3_assault_table_columns_and_roana_shift():
    t = mod().tables
    cols = t["assault"].cols.values
    assert cols[0] == "1:2" and cols[-1] == "5:1" and "3.5:1" in cols
    assert t["assault_shifts"].lookup("roana_bridge", "shift") == -3
    assert t["assault_shifts"].lookup("rain", "shift") == -1


def test_23_victory_thresholds_and_vp_for_surrender():
    t = mod().tables
    assert t["victory"].lookup("sc1", "ah_wins_at_least") == 16 and t["victory"].lookup("sc1", "it_wins_at_most") == 11
    assert t["victory"].lookup("sc2", "ah_wins_at_least") == 8 and t["victory"].lookup("sc2", "it_wins_at_most") == 5
    assert t["victory"].lookup("sc5", "ah_wins_at_least") == 120 and t["victory"].lookup("sc5", "it_wins_at_most") == 90
    assert t["surrender_vp"].lookup("surrendered_battalion", "steps") == 2
    assert t["surrender_vp"].lookup("captured_artillery", "steps") == 5


def test_22_turn_record_has_32_days_and_the_sc5_lp_schedule():
    t = mod().tables["turn_record"]
    assert len(t.rows.values) == 32
    assert t.lookup(1, "date") == "15 May" and t.lookup(32, "date") == "15 Jun"
    assert t.lookup(1, "sc5_ah_lp") == 50 and t.lookup(1, "sc5_it_lp") == 0
    assert t.lookup(7, "sc5_it_lp") == 10 and t.lookup(18, "sc5_it_lp") == 15
    assert t.lookup(23, "sc5_ah_lp") == 5 and t.lookup(22, "sc5_ah_lp") == 10
    assert sum(t.lookup(r, "sc5_it_lp") for r in range(2, 33)) == 5 * 5 + 10 * 11 + 15 * 15
    assert t.lookup(1, "sc1_ah_lp") == 35 and t.lookup(6, "sc2_ah_lp") == 20
    assert t.lookup(6, "sc2_turn") == 1 and t.lookup(16, "sc3_turn") == 1 and t.lookup(29, "sc4_turn") == 1


# ------------------------------------------------------------------ scenarios
SCEN = ["sc1_drive_on_pasubio", "sc2_asiago_mountains_burning", "sc3_monte_cengio",
        "sc4_monte_novegno", "sc5_campaign"]


def test_5_0_five_scenarios_with_their_lengths_and_starting_lp():
    s = mod().scenarios
    assert sorted(s) == sorted(SCEN)
    lengths = {k: s[k].last_turn for k in SCEN}
    assert lengths == {"sc1_drive_on_pasubio": 5, "sc2_asiago_mountains_burning": 5, "sc3_monte_cengio": 7,
                       "sc4_monte_novegno": 2, "sc5_campaign": 32}
    lp = {k: (s[k].globals["lp_IT"], s[k].globals["lp_AH"]) for k in SCEN}
    assert lp == {"sc1_drive_on_pasubio": (0, 35), "sc2_asiago_mountains_burning": (2, 20),
                  "sc3_monte_cengio": (1, 4), "sc4_monte_novegno": (5, 7), "sc5_campaign": (0, 50)}


@pytest.mark.parametrize("sid", SCEN)
def test_5_0_set_ups_place_existing_pieces_on_existing_locations_within_the_mix(sid):
    m = mod()
    used = Counter()
    for p in m.scenarios[sid].placements:
        assert p.piece_type in m.piece_types, p.piece_type
        assert p.location in m.locations, p.location
        used[p.piece_type] += p.count
    for pid, n in used.items():
        assert n <= m.piece_types[pid].count, (sid, pid, n)


@pytest.mark.parametrize("sid", ["sc1_drive_on_pasubio", "sc2_asiago_mountains_burning", "sc5_campaign"])
def test_5_0_set_up_units_lie_on_their_side_of_the_initial_front(sid):
    m = mod()
    for p in m.scenarios[sid].placements:
        pt = m.piece_types[p.piece_type]
        loc_ = m.locations[p.location]
        if p.turn == 0 and loc_.kind == "hex" and pt.kind in ("unit", "fort"):
            assert loc_.attrs["side"] == pt.side, (sid, p.piece_type, p.location)


@pytest.mark.parametrize("sid", SCEN)
def test_12_1_set_ups_respect_stacking(sid):
    m = mod()
    load = Counter()
    for p in m.scenarios[sid].placements:
        pt = m.piece_types[p.piece_type]
        if p.turn == 0 and pt.kind == "unit" and pt.unit_type != "artillery":
            load[(p.location, pt.side)] += p.count
    for (label, side), n in load.items():
        limit = 1 if m.locations[label].attrs.get("elevation") == 8 else 2
        assert n <= limit, (sid, label, side, n)


@pytest.mark.parametrize("sid", ["sc1_drive_on_pasubio", "sc2_asiago_mountains_burning", "sc3_monte_cengio",
                                 "sc4_monte_novegno"])
def test_2_3_set_ups_of_the_small_scenarios_lie_in_their_play_area(sid):
    m = mod()
    area = {"sc1": "sc1", "sc2": "sc2", "sc3": "sc3", "sc4": "sc4"}[sid[:3]]
    for p in m.scenarios[sid].placements:
        pt = m.piece_types[p.piece_type]
        loc_ = m.locations[p.location]
        if p.turn or loc_.kind != "hex" or pt.kind == "marker":
            continue
        if sid.startswith("sc1") and (p.piece_type.startswith("ah_art_iii") or p.piece_type == "ah_fort_belvedere"):
            continue      # Sc 1: III Corps artillery and Belvedere sit beyond the Astico east of column 28, immobile
        if sid.startswith("sc3") and p.piece_type.startswith("ah_art"):
            continue      # Sc 3: AH artillery may stay outside the scenario area
        assert loc_.attrs[area], (sid, p.piece_type, p.location)


def test_sc1_fixed_hexes_of_the_set_up():
    pl = {(p.piece_type, p.location) for p in mod().scenarios["sc1_drive_on_pasubio"].placements if p.turn == 0}
    for pair in (("it_taro_207_i", "3202"), ("it_taro_207_ii", "3302"), ("it_taro_207_iii", "3303"),
                 ("it_taro_208_i", "3104"), ("it_mt_viii", "2903"), ("it_alp_val_leogra", "3413"),
                 ("it_alp_m_berico", "3416"), ("it_alp_vicenza", "3728"), ("it_rgf_206", "3636"),
                 ("it_rgf_206", "3736"), ("it_fort_campomolon", "3129"), ("ah_fort_sommo", "3318"),
                 ("ah_fort_serrada", "3615"), ("ah_fort_cherle", "3926"), ("ah_fort_belvedere", "4032")):
        assert pair in pl, pair
    tl2 = {p.location for p in mod().scenarios["sc1_drive_on_pasubio"].placements if p.piece_type == "m_trench2"}
    assert tl2 == {"3122", "3225", "3326", "3728"}


def test_sc1_reinforcements_arrive_on_turns_2_and_4():
    s = mod().scenarios["sc1_drive_on_pasubio"]
    arr = {(p.piece_type, p.turn, p.location) for p in s.placements if p.turn}
    assert ("ah_11m_3", 2, "4306") in arr and ("ah_9m_12", 2, "3502") in arr
    assert ("it_sesia_201_i", 4, "1936") in arr and ("it_sicilia_61_i", 2, "2001") in arr
    assert attr("2001", "side") == "IT" and int("2001"[2:]) == 1   # west map edge, behind Italian lines


def test_sc2_entries_and_fixed_hexes():
    s = mod().scenarios["sc2_asiago_mountains_burning"]
    pl = {(p.piece_type, p.location, p.turn) for p in s.placements}
    for pair in (("it_ivrea_162_ii", "4343", 0), ("it_ivrea_162_iii", "3845", 0), ("it_alp_adamello", "5136", 0),
                 ("it_salerno_90_iii", "3150", 0), ("it_fort_verena", "4246", 0), ("ah_2m_70", "5343", 3),
                 ("ah_11_27_i", "4324", 2), ("it_etna_223_i", "1864", 4), ("it_alessandria_155_i", "3651", 2)):
        assert pair in pl, pair


def test_sc3_and_sc4_set_ups():
    s3 = {(p.piece_type, p.location) for p in mod().scenarios["sc3_monte_cengio"].placements if p.turn == 0}
    assert ("ah_44lw_1_i", "2443") in s3
    it_rows = [int(l[:2]) for pt, l in s3 if pt.startswith("it_") and not pt.startswith("it_art") and not pt.startswith("it_hq")]
    ah_rows = [int(l[:2]) for pt, l in s3 if pt.startswith(("ah_67", "ah_68", "ah_44"))]
    assert max(it_rows) < min(ah_rows)            # the Italians hold the rim south of the AH brigades
    s4 = [(p.piece_type, p.location, p.face) for p in mod().scenarios["sc4_monte_novegno"].placements]
    assert ("it_cagliari_64_i", "1232", 1) in s4          # reduced
    assert ("ah_58_4kj_iv", "1634", 0) in s4 and ("it_alp_matajur", "1434", 0) in s4


def test_sc5_campaign_combines_sc1_and_sc2_and_its_extras():
    s = mod().scenarios["sc5_campaign"]
    pl = {(p.piece_type, p.location) for p in s.placements if p.turn == 0}
    for pair in (("it_mt_33", "2038"), ("it_rgf_206", "3440"), ("it_fort_casa_ratti", "2740"),
                 ("it_taro_207_i", "3202"), ("it_ivrea_162_ii", "4343"), ("ah_fort_sommo", "3318")):
        assert pair in pl, pair
    arrivals = {p.location for p in s.placements if p.turn}
    assert {"1468", "0238", "0146", "1864", "3772", "3768", "3357", "3651", "1201", "4324", "5343", "3502", "4306"} <= arrivals
    assert s.attrs["roana_bridge"] == "3351|3352"
    assert {o.id for o in s.options} >= {"fog_of_war", "multi_player"}
