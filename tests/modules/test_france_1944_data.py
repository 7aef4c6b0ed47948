"""France 1944 module data: every fact the rulebook (Italian DSE rulebook 1.0-12.10, digest
shared/rules/france_1944.md) states about the map, the counter mix and the charts, read from the
BUILT module (`engine.modules.open_module`). Test names cite the rule; reconstructed data is
checked only for internal consistency (it must agree with everything the rulebook does say).
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engine import modules as resolve  # noqa: E402  (a broken import must fail, not skip)
from engine import hexgrid  # noqa: E402

MODULE_ID = "france_1944"


@pytest.fixture(scope="module")
def m():
    return resolve.open_module(MODULE_ID)


@pytest.fixture(scope="module")
def scheme(m):
    return hexgrid.scheme_for(m.grid("main"))


def hexes(m, grid="main"):
    return {k: v for k, v in m.locations.items() if v.kind == "hex" and v.grid == grid}


def nbrs(scheme, label):
    h = scheme.hex(label)
    return {scheme.label(n) for n in hexgrid.neighbours(h) if scheme.contains(n)}


def sides_of(m, kind="hexside"):
    return {frozenset((e.a, e.b)): e for e in m.edges if e.kind == kind}


def table(m, tid):
    return m.tables[tid]


def cell(t, row, col):
    return t.lookup(row, col)


PLAYABLE = ("clear", "rough")


# =========================================================================== map: grid
def test_2_1_main_grid_is_colrow_flat_with_even_columns_lower(m, scheme):
    g = m.grid("main")
    assert (g.orientation, g.numbering) == ("flat", "colrow")
    layout = hexgrid.Layout.from_grid(g)
    y = lambda lab: layout.to_pixel(scheme.hex(lab))[1]  # noqa: E731
    assert y("2805") > y("2705") and y("2805") > y("2905")   # even columns sit half a hex lower
    assert y("3715") > y("3510")                              # Mannheim south of Cologne
    x = lambda lab: layout.to_pixel(scheme.hex(lab))[0]  # noqa: E731
    assert x("3510") > x("2805") > x("1207")                  # columns grow west to east


def test_2_1_main_map_is_the_full_rectangle_01_40_by_01_28_plus_blue_row(m):
    labels = set(hexes(m))
    expected = {f"{c:02d}{r:02d}" for c in range(1, 41) for r in range(1, 29)}
    assert expected <= labels
    extra = labels - expected
    assert extra == {f"{c:02d}29" for c in range(10, 27)}


def test_2_1_every_main_hex_id_is_its_label_on_the_grid(m, scheme):
    for lab, loc in hexes(m).items():
        h = scheme.hex(lab)
        assert (loc.q, loc.r) == (h.q, h.r), lab


def test_1_3_terrain_types_are_all_on_the_terrain_effects_chart(m):
    rows = set(table(m, "terrain_effects").rows.values)
    used = {loc.terrain for loc in m.locations.values() if loc.kind == "hex"}
    assert used - {"offmap_south"} <= rows
    assert {"clear", "rough"} <= used


# =========================================================================== map: named hexes
def test_11_4_scheldt_hexes_are_2805_and_its_six_neighbours(m, scheme):
    listed = {"2705", "2706", "2804", "2805", "2806", "2905", "2906"}
    assert nbrs(scheme, "2805") | {"2805"} == listed
    flagged = {k for k, v in hexes(m).items() if v.attrs.get("scheldt")}
    assert flagged == listed
    for lab in listed:
        assert m.locations[lab].terrain in PLAYABLE, lab


def test_11_4_antwerp_is_a_port_next_to_the_scheldt_hexes(m, scheme):
    antwerp = [k for k, v in hexes(m).items() if v.attrs.get("antwerp")]
    assert len(antwerp) == 1
    a = m.locations[antwerp[0]]
    assert "Antwerp" in a.name and a.attrs.get("port") and a.attrs.get("allied_supply")
    assert nbrs(scheme, antwerp[0]) & {"2705", "2706", "2804", "2805", "2806", "2905", "2906"}
    assert not a.attrs.get("scheldt")


def test_10_1_5_and_11_3_normandy_reinforcement_hexes_1207_1309_1409(m, scheme):
    flagged = {k for k, v in hexes(m).items() if v.attrs.get("normandy_reinf")}
    assert flagged == {"1207", "1309", "1409"}
    for lab in flagged:
        loc = m.locations[lab]
        assert loc.terrain in PLAYABLE and loc.attrs.get("allied_supply") and loc.attrs["country"] == "FR"
    assert "1409" in nbrs(scheme, "1309")          # digest 2.1: 1309 and 1409 are adjacent


def test_12_7_cologne_is_3510_with_two_bridges_on_two_hexsides(m):
    c = m.locations["3510"]
    assert "Cologne" in c.name and c.attrs.get("german_city") and c.attrs.get("city")
    assert c.attrs["bridge_rolls"] == 2
    bridged = [e for e in m.edges if "3510" in (e.a, e.b) and e.attrs.get("bridges")]
    assert len(bridged) == 2 and sum(e.attrs["bridges"] for e in bridged) == 2
    assert all(e.attrs.get("rhine") for e in bridged)
    assert len({frozenset((e.a, e.b)) for e in bridged}) == 2


def test_12_7_mannheim_is_3715_with_two_bridges_on_two_hexsides(m):
    c = m.locations["3715"]
    assert "Mannheim" in c.name and c.attrs.get("german_city")
    assert c.attrs["bridge_rolls"] == 2
    bridged = [e for e in m.edges if "3715" in (e.a, e.b) and e.attrs.get("bridges")]
    assert len(bridged) == 2 and all(e.attrs.get("rhine") and e.attrs["bridges"] == 1 for e in bridged)


def test_12_7_hex_3409_has_a_printed_rhine_bridge(m, scheme):
    loc = m.locations["3409"]
    assert loc.attrs["bridge_rolls"] == 1 and loc.attrs["rhine_bank"] == "west"
    assert any(e.attrs.get("bridges") and e.attrs.get("rhine") for e in m.edges if "3409" in (e.a, e.b))
    assert "3510" in nbrs(scheme, "3409")          # digest 2.1: 3409 is adjacent to 3510


def test_12_7_hex_3511_needs_three_demolition_rolls(m, scheme):
    loc = m.locations["3511"]
    assert loc.attrs["bridge_rolls"] == 3
    total = sum(e.attrs.get("bridges", 0) for e in m.edges if "3511" in (e.a, e.b) and e.kind == "hexside")
    assert total == 3
    assert "3510" in nbrs(scheme, "3511")


def test_12_7_every_bridge_hex_rolls_once_per_printed_bridge_on_its_rhine_hexsides(m):
    for lab, loc in hexes(m).items():
        rolls = loc.attrs.get("bridge_rolls")
        bridges = [e for e in m.edges if e.kind == "hexside" and lab in (e.a, e.b) and e.attrs.get("bridges")]
        if rolls:
            assert loc.attrs["rhine_bank"] == "west", lab      # rolls on entering from the Allied side
            assert sum(e.attrs["bridges"] for e in bridges) == rolls, lab
            for e in bridges:
                other = e.b if e.a == lab else e.a
                assert m.locations[other].attrs["rhine_bank"] == "east", (lab, other)
        else:
            assert all(m.locations[e.a if e.b == lab else e.b].attrs.get("bridge_rolls") for e in bridges), lab


def test_12_6_rhine_hexsides_separate_west_from_east_bank_and_form_one_line(m, scheme):
    rhine = [e for e in m.edges if e.kind == "hexside" and e.attrs.get("rhine") and m.locations[e.a].grid == "main"]
    assert len(rhine) >= 30
    for e in rhine:
        banks = {m.locations[e.a].attrs.get("rhine_bank"), m.locations[e.b].attrs.get("rhine_bank")}
        assert banks == {"west", "east"}, (e.a, e.b)
        assert e.attrs.get("river")
    # the hexsides join end to end: their vertices form one connected chain
    ends = []
    for e in rhine:
        side = hexgrid.hexside_between(scheme.hex(e.a), scheme.hex(e.b))
        h, d = side
        ends.append((hexgrid.vertex(h, d - 1), hexgrid.vertex(h, d)))
    parent = {}

    def find(v):
        parent.setdefault(v, v)
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v
    for a, b in ends:
        parent[find(a)] = find(b)
    assert len({find(v) for pair in ends for v in pair}) == 1


def test_3_3_hexside_1609_1610_is_a_red_blocking_hexside(m, scheme):
    assert "1610" in nbrs(scheme, "1609")
    e = sides_of(m)[frozenset(("1609", "1610"))]
    assert e.attrs.get("blocking") is True
    assert m.locations["1609"].terrain in PLAYABLE and m.locations["1610"].terrain in PLAYABLE


def test_8_0_every_hexside_record_joins_two_adjacent_hexes_of_one_grid(m, scheme):
    for e in m.edges:
        assert e.kind == "hexside"
        a, b = m.locations[e.a], m.locations[e.b]
        assert a.grid == b.grid and a.kind == b.kind == "hex"
        assert hexgrid.distance(hexgrid.Hex(a.q, a.r), hexgrid.Hex(b.q, b.r)) == 1, (e.a, e.b)
    keys = [frozenset((e.a, e.b)) for e in m.edges]
    assert len(keys) == len(set(keys))


def test_10_1_3_south_reinforcement_hexes_are_1128_to_2528(m, scheme):
    flagged = sorted(k for k, v in hexes(m).items() if v.attrs.get("south_reinf"))
    assert flagged == [f"{c:02d}28" for c in range(11, 26)]
    assert len(flagged) == 15
    blue = {k for k, v in hexes(m).items() if v.attrs.get("offmap_south")}
    for lab in flagged:
        assert m.locations[lab].terrain in PLAYABLE
        assert nbrs(scheme, lab) & blue, lab           # a blue off-map hex next to each one
    assert all(int(k[2:]) == 29 for k in blue)


def test_11_2_st_nazaire_is_a_port_and_12_1_brittany_ports(m):
    named = {v.name: k for k, v in hexes(m).items() if v.name}
    stn = m.locations[named["St. Nazaire"]]
    assert stn.attrs.get("port") and stn.attrs.get("brittany_port")
    brest = m.locations[named["Brest"]]
    assert brest.attrs.get("port") and brest.attrs.get("brittany_port")
    assert {k for k, v in hexes(m).items() if v.attrs.get("brittany_port")} == {named["St. Nazaire"], named["Brest"]}


def test_12_2_the_five_v1_ports(m):
    v1 = {k: v for k, v in hexes(m).items() if v.attrs.get("v1_port")}
    names = {n for v in v1.values() for n in v.name.split(" / ")}
    assert {"Le Havre", "Calais", "Boulogne", "Dunkirk", "Ostend"} <= names
    assert len(v1) == 5
    assert all(v.attrs.get("port") and v.terrain in PLAYABLE for v in v1.values())
    assert m.locations["1609"].name.startswith("Le Havre")   # the fit puts Le Havre next to 1610


def test_10_1_4_and_11_2_german_cities_are_in_germany(m):
    gc = {k: v for k, v in hexes(m).items() if v.attrs.get("german_city")}
    assert len(gc) >= 10
    assert all(v.attrs["country"] == "DE" and v.terrain in PLAYABLE for v in gc.values())
    assert {"3510", "3715"} <= set(gc)


#: Border towns and the country they are in (real geography; the hex holding a town is in its
#: country — issue 23: the nearest-town rule had put Bastogne's hex in Luxembourg).
BORDER_TOWNS = {"Bastogne": "BE", "Luxembourg": "LU", "Liege": "BE", "Maastricht": "NL", "Aachen": "DE",
                "Trier": "DE", "Saarbrucken": "DE", "Metz": "FR", "Strasbourg": "FR", "Lille": "FR",
                "Dunkirk": "FR", "Ostend": "BE", "Arnhem": "NL", "Nijmegen": "NL", "Kleve": "DE",
                "Eindhoven": "NL", "Antwerp": "BE", "Verdun": "FR", "Namur": "BE", "Freiburg": "DE"}


def test_1_0_border_towns_are_in_their_own_country(m):
    named = {}
    for lab, loc in hexes(m).items():
        for town in (loc.name or "").split(" / "):
            named[town] = loc
    for town, country in BORDER_TOWNS.items():
        assert named[town].attrs.get("country") == country, town
    assert named["Bastogne"].attrs["country"] == "BE"


def test_1_0_rough_terrain_near_normandy(m):
    rough = [lab for lab in ("1208", "1209", "1210", "1309", "1310", "1311") if m.locations[lab].terrain == "rough"]
    assert len(rough) >= 5


def test_west_wall_runs_along_the_german_border(m, scheme):
    ww = {k for k, v in hexes(m).items() if v.attrs.get("west_wall")}
    assert len(ww) >= 10
    for lab in ww:
        assert m.locations[lab].attrs["country"] == "DE"
        assert any(m.locations[n].attrs.get("country") in ("NL", "BE", "LU", "FR") for n in nbrs(scheme, lab))
    assert "3309" in ww                                       # Aachen


def test_1_3_normandy_close_up_map_repeats_the_main_hex_numbers(m, scheme):
    close = hexes(m, "normandy")
    assert len(close) >= 40
    g = m.grid("normandy")
    assert g.board == "normandy" and g.size > m.grid("main").size     # larger hexes
    cscheme = hexgrid.scheme_for(g)
    for lid, loc in close.items():
        main = loc.attrs["main_hex"]
        assert lid == main[:2] + "." + main[2:] and loc.board == "normandy"
        assert m.locations[main].terrain == loc.terrain
        h = scheme.hex(main)
        assert (loc.q, loc.r) == (h.q, h.r) == tuple(cscheme.hex(lid))
    assert {"12.07", "13.09", "14.09", "16.09", "16.10"} <= set(close)
    assert sides_of(m)[frozenset(("16.09", "16.10"))].attrs.get("blocking")
    main_sides = {frozenset(k) for k in sides_of(m) if all(x in close for x in k)}
    assert main_sides and all(
        sides_of(m)[frozenset(x.replace(".", "") for x in k)].attrs == sides_of(m)[k].attrs for k in main_sides)


def test_boxes_england_airborne_cup(m):
    cup = m.locations["cup"]
    assert cup.kind == "cup" and cup.visibility == "nobody"
    assert m.locations["england_air"].kind == "box" and m.locations["england_airborne"].kind == "box"
    for side in ("allied", "german"):
        assert m.locations[f"elim_{side}"].owner == side
        assert [m.locations[f"turn_{side}_{t}"].attrs["value"] for t in range(1, 12)] == list(range(1, 12))
        assert all(f"inc_{side}_{n}" in m.locations for n in range(1, 21))
    assert "csp_allied_5" in m.locations and "csp_allied_6" not in m.locations
    assert "csp_german_3" in m.locations and "csp_german_4" not in m.locations
    assert [f"sp_allied_{v}" in m.locations for v in range(11)] == [True] * 10 + [False]


# =========================================================================== pieces
def combat(m, side=None):
    return [p for p in m.piece_types.values() if p.kind == "unit" and (side is None or p.side == side)]


def test_1_7_counter_mix_260_pieces(m):
    pts = m.piece_types.values()
    hq = Counter(p.side for p in pts if p.kind == "hq" for _ in range(p.count))
    cu = Counter(p.side for p in pts if p.kind == "unit" for _ in range(p.count))
    markers = sum(p.count for p in pts if p.kind in ("marker", "chit"))
    assert hq == {"allied": 7, "german": 8}
    assert cu == {"allied": 54, "german": 46}
    assert markers == 145
    assert sum(p.count for p in pts) == 260


def test_3_11_nine_one_step_fuhrer_panzer_divisions(m):
    f = [p for p in combat(m, "german") if p.attrs.get("fuhrer")]
    assert sum(p.count for p in f) == 9
    for p in f:
        assert len(p.faces) == 1 and p.attrs["steps"] == 1 and p.attrs["game_type"] == "armour"


def test_3_2_three_steps_full_reduced_cadre(m):
    for p in combat(m):
        if p.attrs.get("fuhrer"):
            continue
        assert [f.name for f in p.faces] == ["full", "reduced", "cadre"], p.id
        full, red, cadre = (f.values for f in p.faces)
        assert cadre["setpiece"] == 1 and cadre["mobile"] == 1, p.id
        assert cadre["morale"] == red["morale"] == full["morale"], p.id
        assert red["setpiece"] <= full["setpiece"] and red["mobile"] <= full["mobile"], p.id
        assert red["setpiece"] >= 1 and red["mobile"] >= 1, p.id


def test_3_9_movement_allowances_are_2_3_4_or_6(m):
    for p in combat(m):
        assert {f.values["mpa"] for f in p.faces} <= {2, 3, 4, 6}, p.id
        assert len({f.values["mpa"] for f in p.faces}) == 1, p.id


def test_3_1_infantry_are_corps_and_armour_divisions(m):
    for p in combat(m):
        gt = p.attrs["game_type"]
        assert gt in ("infantry", "armour")
        assert p.size == ("corps" if gt == "infantry" else "division"), p.id
        assert p.unit_type in (("infantry", "parachute") if gt == "infantry" else ("armour", "panzergrenadier")), p.id


def test_3_6_nationalities_and_sides(m):
    nats = {n.id: n.side for n in m.nationalities}
    assert nats == {"US": "allied", "BR": "allied", "CA": "allied", "FR": "allied", "PO": "allied", "GE": "german"}
    for p in combat(m):
        assert nats[p.nationality] == p.side


def test_3_10_untested_us_infantry_have_morale_1_and_a_tested_twin(m):
    untested = [p for p in combat(m) if p.attrs.get("untested")]
    assert untested
    for p in untested:
        assert p.nationality == "US" and p.attrs["game_type"] == "infantry"
        twin = m.piece_types[p.attrs["tested_id"]]
        assert all(f.values["morale"] == 1 for f in p.faces)
        assert all(f.values["morale"] > 1 for f in twin.faces)
        for a, b in zip(p.faces, twin.faces):     # identical except morale
            assert {k: v for k, v in a.values.items() if k != "morale"} == \
                   {k: v for k, v in b.values.items() if k != "morale"}


def test_3_12_the_18th_airborne_is_us_parachute_infantry(m):
    p = m.piece_types["US-XVIII"]
    assert p.unit_type == "parachute" and p.attrs["game_type"] == "infantry" and p.nationality == "US"


def test_4_hqs_radius_3_to_6_mpa_6_and_no_polish_hq(m):
    hqs = [p for p in m.piece_types.values() if p.kind == "hq"]
    assert {p.nationality for p in hqs if p.side == "allied"} == {"US", "BR", "FR", "CA"}   # 4.4
    for p in hqs:
        act, non = p.faces
        assert (act.name, non.name) == ("activated", "non-activated")
        assert 3 <= act.values["radius"] <= 6 and act.values["radius"] == non.values["radius"]   # 4.6
        assert non.values["mpa"] == 6                                                             # 4.8
        assert act.values["inf_cap"] >= 1 and act.values["arm_cap"] >= 1                        # 4.2


def test_2_0_initiative_chits_5_allied_3_german_1_administrative(m):
    chits = {p.id: p for p in m.piece_types.values() if p.kind == "chit"}
    assert {k: p.count for k, p in chits.items()} == {"CHIT-AL": 5, "CHIT-GE": 3, "CHIT-ADM": 1}
    assert len({p.back for p in chits.values()}) == 1      # one common back: a blind draw


def test_marker_counts_stated_by_the_rules(m):
    pt = m.piece_types
    assert pt["M-TAC"].count == 2 and pt["M-HB"].count == 2                   # 9.2
    assert pt["M-BR-COLOGNE"].count == 4 and pt["M-BR-MANNHEIM"].count == 4   # 12.7
    assert pt["M-ADV"].count == 1                                               # 12.10
    assert [f.name for f in pt["M-INC-AL"].faces] == ["M", "A"]                # 6.0
    assert [f.name for f in pt["M-BONUS-25"].faces] == ["+2", "+5"]            # 12.1/12.2
    assert pt["M-BONUS-3"].faces[0].name == "+3"
    assert pt["M-TURN-GE"].faces[1].name == "Rhine Crossed"                     # 12.9
    assert pt["M-SP-AL"].faces[1].name == "SP +10"                              # 2.0 step 4


# =========================================================================== dice and tables
def test_9_5_custom_combat_die_faces_1_1_1_2_2_3(m):
    assert sorted(m.dice["combat"].faces) == [1, 1, 1, 2, 2, 3]
    assert sorted(m.dice["hit"].faces) == [1, 1, 1, 2, 2, 3]                      # the rules roll "1hit"
    assert list(m.dice["d6"].faces) == [1, 2, 3, 4, 5, 6]
    t = table(m, "combat_die")
    hits = [cell(t, f, "hits") for f in range(1, 7)]
    assert Counter(hits) == {1: 3, 2: 2, 3: 1}


def inc(m):
    t = table(m, "increment_chart")
    out = {}
    for b in t.rows.values:
        row = {c: cell(t, b, c) for c in t.cols.values}
        nxt = str(row["next"])
        row["next"] = [] if nxt == "-" else [int(x) for x in nxt.split()]
        out[b] = row
    return out


def series(chart):
    top = [b for b, r in chart.items() if r["chart_row"] == 1]
    paths = []

    def walk(p):
        nxt = chart[p[-1]]["next"]
        if not nxt:
            paths.append(p)
        for n in nxt:
            walk(p + [n])
    for b in top:
        walk([b])
    return top, paths


def test_6_0_increment_chart_has_20_boxes_5_on_top_and_9_series(m):
    chart = inc(m)
    assert sorted(chart) == list(range(1, 21))
    top, paths = series(chart)
    assert sorted(top) == [1, 2, 3, 4, 5]
    assert len(paths) == 9
    for p in ([4, 10, 14, 18], [5, 11, 15], [3, 7, 12], [1]):
        assert p in paths
    assert 8 in chart[4]["next"] and 13 not in chart[8]["next"]     # 4-8-13 is not a series
    assert not any(p[:3] == [4, 8, 13] for p in paths)
    assert chart[1]["next"] == []                                     # increment 1 alone
    reach = {b for p in paths for b in p}
    assert reach == set(range(1, 21))


def test_6_0_every_series_takes_the_same_time(m):
    chart = inc(m)
    _, paths = series(chart)
    assert len({sum(chart[b]["time"] for b in p) for p in paths}) == 1


def test_6_0_the_4plus_box_example(m):
    chart = inc(m)
    boxes = [r for r in chart.values() if r["attack"] == "4+" and
             (r["mp2"], r["mp3"], r["mp4"], r["mp6"]) == (0, 1, 2, 2)]
    assert boxes
    for r in boxes:
        assert (r["adm2"], r["adm3"], r["adm4"], r["adm6"]) == (0, 2, 4, 4)


def test_5_3_administrative_movement_doubles_every_box(m):
    for b, r in inc(m).items():
        for mpa in (2, 3, 4, 6):
            assert r[f"adm{mpa}"] == 2 * r[f"mp{mpa}"], (b, mpa)
            assert r[f"mp{mpa}"] <= mpa


def test_6_0_attack_thresholds(m):
    assert {r["attack"] for r in inc(m).values()} <= {"-", "2+", "3+", "4+", "6"}
    assert inc(m)[1]["mp6"] == 6 and inc(m)[1]["mp2"] == 2    # one-box series: the whole allowance


def test_9_6_combat_matrix_outcomes(m):
    t = table(m, "combat_matrix")
    assert cell(t, "setpiece:pass:fail", "outcome") == "Retreat"
    assert cell(t, "mobile:fail:pass", "outcome") == "Repulse"
    for ctype in ("setpiece", "mobile"):
        outs = {cell(t, f"{ctype}:{a}:{d}", "outcome") for a in ("pass", "fail") for d in ("pass", "fail")}
        assert outs == {"Standoff", "Retreat", "Repulse", "Stalemate"}
        for a in ("pass", "fail"):                             # 9.5: pass -> may, fail -> must
            assert cell(t, f"{ctype}:{a}:pass", "defender_retreat") == "may"
            assert cell(t, f"{ctype}:{a}:fail", "defender_retreat") == "must"


def test_10_1_1_attrition_matrix(m):
    t = table(m, "attrition")
    assert [[cell(t, s, c) for c in ("new_marker", "old_marker")] for s in ("not_surrounded", "surrounded")] == [[0, 1], [1, 2]]


def test_9_2_and_9_4_air_support_values(m):
    t = table(m, "air_support")
    assert [cell(t, "tactical_air", c) for c in ("count", "setpiece_german_lead", "mobile_german_lead", "mobile_allied_lead",
                                                  "interdiction_german_rxp", "after_use")] == [2, -1, -2, 1, -2, "return"]
    assert [cell(t, "heavy_bomber", c) for c in ("count", "setpiece_german_lead", "mobile_german_lead", "after_use")] == [2, -2, 0, "removed"]


def test_12_7_bridge_demolition_1_intact_2_to_6_blown(m):
    t = table(m, "bridge_demolition")
    assert [cell(t, d, "result") for d in range(1, 7)] == ["intact"] + ["blown"] * 5


def test_10_1_2_replacement_costs(m):
    t = table(m, "replacement_costs")
    assert [cell(t, "eliminated", c) for c in ("cadre", "reduced", "full")] == [1, 2, 3]
    assert [cell(t, "cadre", c) for c in ("reduced", "full")] == [1, 2]
    assert cell(t, "reduced", "full") == 1


def test_11_5_out_of_supply_reaction_mpa(m):
    t = table(m, "oos_mpa")
    assert {p: cell(t, p, "oos_mpa") for p in (6, 4, 3, 2)} == {6: 4, 4: 3, 3: 2, 2: 0}


def test_7_1_stacking_limits(m):
    t = table(m, "stacking")
    assert [cell(t, k, "max") for k in ("armour", "infantry", "combat_units", "hq")] == [4, 2, 4, "unlimited"]


def test_5_2_reaction_costs(m):
    t = table(m, "reaction_costs")
    assert (cell(t, "army", "rxp"), cell(t, "army", "max_per_opportunity")) == (3, 1)
    assert (cell(t, "single_unit", "rxp"), cell(t, "single_unit", "max_per_opportunity")) == (1, 3)


def test_2_0_commit_limits_5_allied_3_german(m):
    t = table(m, "supply_limits")
    assert (cell(t, "allied", "max_csp"), cell(t, "german", "max_csp")) == (5, 3)
    assert cell(t, "allied", "sp_track_max") == 9 and cell(t, "german", "max_rxp_per_opportunity") == 3


def test_4_5_hq_command_by_nationality(m):
    t = table(m, "hq_command")
    grid = {h: {u: cell(t, h, u) for u in ("US", "BR", "FR", "CA", "PO")} for h in ("US", "BR", "FR", "CA")}
    assert grid["US"] == {"US": "yes", "BR": "no", "FR": "yes", "CA": "no", "PO": "no"}
    assert grid["BR"] == {"US": "1 max", "BR": "yes", "FR": "no", "CA": "yes", "PO": "yes"}
    assert grid["FR"] == {"US": "no", "BR": "no", "FR": "yes", "CA": "no", "PO": "no"}
    assert grid["CA"] == {"US": "no", "BR": "yes", "FR": "no", "CA": "yes", "PO": "yes"}
    assert "PO" not in t.rows.values                                      # 4.4: no Polish HQ


def test_9_7_retreat_lengths(m):
    t = table(m, "retreat_length")
    assert (cell(t, "german_infantry", "min"), cell(t, "german_infantry", "max")) == (2, 2)
    assert (cell(t, "german_armour_with_infantry", "min"), cell(t, "german_armour_with_infantry", "max")) == (2, 2)
    assert (cell(t, "german_armour", "min"), cell(t, "german_armour", "max")) == (2, 3)
    assert (cell(t, "allied", "min"), cell(t, "allied", "max")) == (2, 3)


def test_12_1_and_12_2_reaction_bonus(m):
    t = table(m, "reaction_bonus")
    assert [cell(t, c, "allied_rxp") for c in ("brittany", "v1", "both")] == [3, 2, 5]


def test_3_3_and_7_0_zoc_costs_and_the_worked_example(m):
    z = table(m, "zoc_costs")
    te = table(m, "terrain_effects")
    enter, leave, within = (cell(z, a, "mp") for a in ("enter_enemy_zoc", "leave_enemy_zoc", "zoc_to_same_zoc"))
    assert (enter, leave, within) == (1, 2, 3)
    clear, rough = int(cell(te, "clear", "mp")), int(cell(te, "rough", "mp"))
    river = int(cell(te, "river_hexside", "mp"))
    assert (clear, rough, river) == (1, 2, 2)
    assert clear + river == 3 and clear + river + enter == 4 and clear + river + enter + leave == 6   # 7.0
    assert rough + enter == 3                                                                            # 6.0
    assert clear + within == 4                                                                           # 3.3


def test_9_1_terrain_that_forces_set_piece(m):
    te = table(m, "terrain_effects")
    assert cell(te, "clear", "forces_setpiece") is False
    for t in ("city", "fortress", "river_hexside"):
        assert cell(te, t, "forces_setpiece") is True
    assert cell(te, "rhine_hexside", "mp") == "bridge/amphibious"          # 7.0, 12.8


def test_turn_track_11_months_and_11_4_antwerp(m):
    t = table(m, "turn_track")
    assert list(t.rows.values) == list(range(1, 12))
    assert [cell(t, n, "month") for n in (1, 11)] == ["Jul 44", "May 45"]     # 1.1
    assert cell(t, 4, "allied_sp") == 3 and cell(t, 4, "antwerp_sp") == 1     # October "3 (+1)"
    assert [cell(t, n, "antwerp_sp") for n in range(1, 12)] == [0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0]
    assert cell(t, 1, "tactical_air") == 1 and cell(t, 2, "tactical_air") == 2   # 9.2 note
    for n in range(1, 12):
        assert 1 <= cell(t, n, "air_roll") <= 6


# =========================================================================== scenarios
def placements(sc, turn=None):
    return [p for p in sc.placements if turn is None or p.turn == turn]


def test_1_8_four_scenarios_all_starting_on_turn_1(m):
    assert len(m.scenarios) == 4
    assert all(sc.first_turn == 1 for sc in m.scenarios.values())
    fal = m.scenarios["falaise_gap"]
    assert fal.last_turn == 1 and fal.rule == "13.1" and "Falaise" in fal.name
    assert m.scenarios["campaign"].last_turn == 11
    assert all(1 <= sc.last_turn <= 11 for sc in m.scenarios.values())


def test_12_10_operational_advantage_not_in_falaise_gap(m):
    assert not any(o.id == "operational_advantage" for o in m.scenarios["falaise_gap"].options)
    for sid in ("breakout", "westwall", "campaign"):
        assert any(o.id == "operational_advantage" for o in m.scenarios[sid].options)


def test_1_8_falaise_gap_has_fewer_units(m):
    units = lambda sc: sum(p.count for p in sc.placements if m.piece_types[p.piece_type].kind in ("unit", "hq"))  # noqa: E731
    assert units(m.scenarios["falaise_gap"]) < units(m.scenarios["campaign"])


@pytest.mark.parametrize("sid", ["falaise_gap", "breakout", "westwall", "campaign"])
def test_scenario_places_only_existing_pieces_within_the_counter_mix(m, sid):
    sc = m.scenarios[sid]
    used = Counter()
    for p in sc.placements:
        pt = m.piece_types[p.piece_type]
        assert p.location in m.locations
        assert 0 <= p.face < len(pt.faces)
        assert 0 <= p.turn <= sc.last_turn
        used[p.piece_type] += p.count
    for pid, n in used.items():
        assert n <= m.piece_types[pid].count, pid


@pytest.mark.parametrize("sid", ["falaise_gap", "breakout", "westwall", "campaign"])
def test_7_1_set_up_respects_stacking_and_terrain(m, sid):
    sc = m.scenarios[sid]
    per_hex: dict[str, Counter] = {}
    for p in placements(sc, 0):
        pt = m.piece_types[p.piece_type]
        loc = m.locations[p.location]
        if pt.kind in ("unit", "hq") and loc.kind == "hex":
            assert loc.terrain in PLAYABLE, (p.piece_type, p.location)
        if pt.kind == "unit" and loc.kind == "hex":
            per_hex.setdefault(p.location, Counter())[pt.attrs["game_type"]] += p.count
    for lab, c in per_hex.items():
        assert c["infantry"] <= 2 and c["armour"] <= 4 and c["infantry"] + c["armour"] <= 4, lab


@pytest.mark.parametrize("sid", ["falaise_gap", "breakout", "westwall", "campaign"])
def test_scenario_start_state_facts(m, sid):
    sc = m.scenarios[sid]
    setup = placements(sc, 0)
    assert "cup" in sc.shuffle
    cup = Counter()
    for p in setup:
        if p.location == "cup":
            cup[p.piece_type] += p.count
    assert cup["CHIT-ADM"] == 1 and 1 <= cup["CHIT-AL"] <= 5 and 0 <= cup["CHIT-GE"] <= 3           # 2.0
    tac = [p for p in setup if p.piece_type == "M-TAC"]
    assert sorted((p.face, p.count) for p in tac) == [(0, 1), (1, 1)]                                    # 9.2 note
    assert all(m.locations[p.location].kind != "hex" for p in setup if p.piece_type.startswith("M-BR"))  # 12.7
    assert all(m.locations[p.location].kind != "hex" for p in sc.placements if m.piece_types[p.piece_type].attrs.get("fuhrer"))  # 3.11
    stn = next(k for k, v in m.locations.items() if v.name == "St. Nazaire")
    assert not any(p.location == stn and m.piece_types[p.piece_type].side == "allied" for p in setup)  # 11.2
    allied_hexes = {p.location for p in setup if m.piece_types[p.piece_type].side == "allied"
                    and m.locations[p.location].kind == "hex"}
    assert {"1207", "1309", "1409"} <= allied_hexes                                                      # 11.3
    assert {g.id for g in m.grids} >= {m.locations[h].grid for h in allied_hexes}
    assert not any(m.piece_types[p.piece_type].attrs.get("untested") for p in setup)                   # 3.10
    assert not any(p.piece_type in {t.attrs.get("tested_id") for t in m.piece_types.values() if t.attrs.get("untested")}
                   for p in sc.placements)                                                              # tested twins start out of play


def test_reinforcements_enter_where_the_rules_say(m):
    sc = m.scenarios["campaign"]
    for p in sc.placements:
        if not p.turn:
            continue
        pt = m.piece_types[p.piece_type]
        loc = m.locations[p.location]
        if pt.id == "US-XVIII":
            assert p.location == "england_airborne"                                 # 3.12
        elif pt.side == "allied" and loc.attrs.get("offmap_south"):
            assert p.turn == 3                                                      # 10.1.3 September
        elif pt.side == "allied":
            assert loc.attrs.get("normandy_reinf"), (pt.id, p.location)             # 10.1.5
        elif loc.attrs.get("south_reinf"):
            assert p.turn == 3                                                      # 10.1.3
        else:
            assert loc.attrs.get("german_city"), (pt.id, p.location)                # 10.1.4
    untested = [p for p in sc.placements if m.piece_types[p.piece_type].attrs.get("untested")]
    assert untested and all(p.turn > 0 for p in untested)                            # 3.10


def test_each_unit_placed_at_most_once_in_the_campaign(m):
    sc = m.scenarios["campaign"]
    c = Counter(p.piece_type for p in sc.placements if m.piece_types[p.piece_type].kind in ("unit", "hq"))
    assert all(v == 1 for v in c.values())
    hqs = {p.piece_type for p in sc.placements if m.piece_types[p.piece_type].kind == "hq"}
    assert len(hqs) == 15


# =========================================================================== rules index, provenance
def test_rules_index_covers_every_cited_rule(m):
    for t in m.tables.values():
        assert t.rule in m.rules_index, t.id
    for sc in m.scenarios.values():
        assert sc.rule in m.rules_index, sc.id
    for r in ("3.3", "6.0", "9.5", "10.1.1", "11.4", "12.7"):
        assert m.rule_text(r)


def test_provenance_covers_tables_pieces_and_map_layers(m):
    targets = {p.target for p in m.provenance}
    for tid in m.tables:
        assert f"table:{tid}" in targets, tid
    for pid in m.piece_types:
        assert f"piece:{pid}" in targets, pid
    for sid in m.scenarios:
        assert f"scenario:{sid}" in targets, sid
    for layer in ("grid", "terrain", "rivers", "rhine", "blocking", "cities"):
        assert f"layer:{layer}" in targets
    assert all(p.source.startswith(("rulebook", "reconstructed", "publisher", "errata")) for p in m.provenance)
    by = {p.target: p.source for p in m.provenance}
    assert by["edge:1609|1610/blocking"].startswith("rulebook §3.3")
    assert by["location:3511/bridge_rolls"].startswith("rulebook §12.7")
