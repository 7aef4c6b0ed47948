"""Grand Illusion module data: every fact the rulebook (Italian rulebook, shared/seeds/
001_83503ceabf8b8759.txt; digest shared/rules/grand_illusion.md) states about the map, the counter
mix, the charts and the scenarios, read from the BUILT module (``engine.modules.open_module``).
Test names cite the rule. Reconstructed data (most of the map, unit values, set-up hexes) is
checked only for consistency with what the rulebook does say.
"""
from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from engine import modules as resolve  # noqa: E402  (a broken import must fail, not skip)
from engine import hexgrid  # noqa: E402

MODULE_ID = "grand_illusion"
S1, S2, S3 = "historical_campaign", "short_campaign", "hypothetical"


@pytest.fixture(scope="module")
def m():
    return resolve.open_module(MODULE_ID)


@pytest.fixture(scope="module")
def scheme(m):
    return hexgrid.scheme_for(m.grid("main"))


def hexes(m):
    return {k: v for k, v in m.locations.items() if v.kind == "hex"}


def nbrs(scheme, label):
    return {scheme.label(n) for n in hexgrid.neighbours(scheme.hex(str(label))) if scheme.contains(n)}


def adjacent(scheme, a, b):
    return hexgrid.distance(scheme.hex(str(a)), scheme.hex(str(b))) == 1


def side_of(m, a, b):
    for e in m.edges:
        if e.kind == "hexside" and {e.a, e.b} == {str(a), str(b)}:
            return e
    return None


def with_attr(m, key, value=True):
    return {int(k) for k, v in hexes(m).items() if v.attrs.get(key) == value}


def attr_set(m, key):
    return {int(k) for k, v in hexes(m).items() if v.attrs.get(key)}


def name(m, n):
    return m.locations[str(n)].name.lower()


def piece(m, pid):
    return m.piece_types[pid]


def face(m, pid, i=0):
    return piece(m, pid).faces[i].values


def placements(m, sid, turn=None):
    sc = m.scenarios[sid]
    return [p for p in sc.placements if turn is None or p.turn == turn]


def base_setup(m, sid):
    """Set-up placements (turn 0) used when no Scenario 3 option is chosen."""
    return [p for p in placements(m, sid, 0) if not p.attrs.get("option")]


# -- a small supply tracer over the module's rail hexsides (11.2.1) ---------------------------

def rail_graph(m):
    g = defaultdict(set)
    for e in m.edges:
        if e.kind == "hexside" and e.attrs.get("rail"):
            g[e.a].add(e.b)
            g[e.b].add(e.a)
    return g


def supplied_hexes(m, scheme, side, nat, control):
    """Hexes where a unit of ``nat`` is in supply: its hex or an adjacent hex is a friendly rail
    hex joined by friendly rail hexes to a friendly source of its nationality (11.2.1)."""
    g = rail_graph(m)
    hx = hexes(m)
    sources = [k for k, v in hx.items() if nat in str(v.attrs.get("supply", "")).split()
               and control[k] == side]
    net, todo = set(sources), list(sources)
    while todo:
        h = todo.pop()
        for n in g[h]:
            if n not in net and control[n] == side:
                net.add(n)
                todo.append(n)
    return {k for k in hx if k in net or any(n in net for n in nbrs(scheme, k))}


def start_control(m):
    return {k: v.attrs["control"] for k, v in hexes(m).items()}


# =========================================================================== 2.2 the map grid
def test_2_2_map_has_107_hexes_numbered_1_to_107(m):
    assert sorted(int(k) for k in hexes(m)) == list(range(1, 108))
    assert all(v.board == "main" and v.grid == "main" for v in hexes(m).values())


def test_2_2_grid_is_flat_topped_sequential_columns(m):
    g = m.grid("main")
    assert (g.orientation, g.numbering) == ("flat", "sequential_columns")


def test_2_2_every_hex_sits_where_its_label_says(m, scheme):
    for k, v in hexes(m).items():
        assert (v.q, v.r) == tuple(scheme.hex(k)), k
        assert scheme.label(hexgrid.Hex(v.q, v.r)) == k


def test_2_2_columns_start_at_1_7_14_23_32_42_52_62_71_81_on_the_north_edge(m, scheme):
    for first in (1, 7, 14, 23, 32, 42, 52, 62, 71, 81):
        h = scheme.hex(str(first))
        above = hexgrid.Hex(h.q, h.r - 1)
        assert not scheme.contains(above), first
        if first > 1:
            prev = scheme.hex(str(first - 1))
            assert prev.q == h.q - 1, first     # the previous label ends the column to the west


def test_10_4_lower_hex_numbers_are_further_west(m, scheme):
    layout = hexgrid.Layout.from_grid(m.grid("main"))
    x = {n: layout.to_pixel(scheme.hex(str(n)))[0] for n in range(1, 108)}
    for a in range(1, 107):
        assert x[a] <= x[a + 1]


def test_2_2_towns_run_north_to_south_inside_a_column(m, scheme):
    for column in ((72, 76, 77, 79), (86, 87), (94, 98)):
        hs = [scheme.hex(str(n)) for n in column]
        assert len({h.q for h in hs}) == 1
        assert [h.r for h in hs] == sorted(h.r for h in hs)


# =========================================================================== 2.4 gazetteer adjacency
def test_8_4_9_paris_19_ringed_by_9_10_18_20_28_29(m, scheme):
    assert nbrs(scheme, 19) == {"9", "10", "18", "20", "28", "29"}
    assert with_attr(m, "paris_ring") == {9, 10, 18, 20, 28, 29}
    assert m.locations["19"].attrs.get("paris_ring") is False


def test_9_4_3_battle_example_hex_26_has_tem_1_and_touches_27_and_35(m, scheme):
    assert adjacent(scheme, 26, 27) and adjacent(scheme, 26, 35)
    assert m.locations["26"].attrs["tem"] == 1


def test_13_3_dutch_hexsides_42_52_and_71_81_are_impassable(m, scheme):
    for a, b in ((42, 52), (71, 81)):
        assert adjacent(scheme, a, b)
        e = side_of(m, a, b)
        assert e is not None and e.attrs.get("impassable") is True
        assert e.attrs.get("holland_mp_cost") == 1       # 13.3 b 5: a single red diamond then
    impassable = {frozenset((e.a, e.b)) for e in m.edges if e.attrs.get("impassable")}
    assert impassable == {frozenset(("42", "52")), frozenset(("71", "81"))}


def test_12_5_2_hexes_53_and_62_cover_antwerp_52(m, scheme):
    assert {"53", "62"} <= nbrs(scheme, 52)


def test_12_5_3_ghent_43_is_next_to_antwerp_52(m, scheme):
    assert adjacent(scheme, 43, 52)
    assert "ghent" in name(m, 43)


def test_11_2_1c_the_railway_from_44_reaches_mons_in_54(m, scheme):
    assert adjacent(scheme, 44, 54)
    assert side_of(m, 44, 54).attrs.get("rail") is True
    assert "mons" in name(m, 54) and "maubeuge" in name(m, 54)
    assert m.locations["44"].attrs.get("emergency_supply") is True


def test_13_3_dutch_border_entry_hexes_42_52_62_71_are_on_the_north_edge(m, scheme):
    assert with_attr(m, "dutch_border") == {42, 52, 62, 71}
    for n in (42, 52, 62, 71):
        h = scheme.hex(str(n))
        assert not scheme.contains(hexgrid.Hex(h.q, h.r - 1)), n
    assert m.locations["81"].attrs.get("german_entry") is True


def test_2_2_every_hexside_record_joins_two_adjacent_hexes(m, scheme):
    for e in m.edges:
        assert e.kind == "hexside"
        assert adjacent(scheme, e.a, e.b), (e.a, e.b)


# =========================================================================== 2.4 gazetteer attributes
NAMED = {1: "le havre", 7: "dieppe", 10: "versailles", 14: "calais", 19: "paris", 23: "dunkirk",
         24: "hazebrouck", 32: "ostend", 34: "lille", 43: "ghent", 52: "antwerp", 54: "maubeuge",
         56: "mezieres", 62: "brussels", 64: "namur", 72: "liege", 76: "verdun", 77: "mihiel",
         79: "langres", 86: "metz", 87: "nancy", 94: "trier", 98: "epinal", 104: "mulhouse",
         105: "strasbourg"}


@pytest.mark.parametrize("n,town", sorted(NAMED.items()))
def test_2_4_named_hexes_carry_their_rulebook_names(m, n, town):
    assert town in name(m, n)


GV, P17 = {"vp_box": "german"}, {"vp_box": "plan17"}
SP, PD, BE = {"schlieffen": True}, {"paris_ring": True}, {"belgium": True}
GAZETTEER = {   # digest 2.4: every hex the rulebook names, with what the rules say about it
    1: {"port": True, "coast": True, "supply": "FR BR BE", **SP},
    4: {"supply": "FR BR"},
    7: {"port": True, **SP},
    8: {**SP, **GV},
    9: PD,
    10: {**PD, "forts": "Versailles"},
    13: {"supply": "FR"},
    14: {"port": True, "supply": "BR BE", **SP, **GV},
    15: SP,
    16: {**SP, **GV},
    18: PD,
    19: {"vp_box": "paris", "paris_vp": 10, "forts": "Paris"},
    20: PD,
    23: {"port": True, **SP, **GV, **BE},
    24: {**SP, "optional_forts": "Hazebrouck"},
    26: {**GV, "tem": 1},
    28: PD,
    29: PD,
    32: {"port": True, **SP, **BE},
    33: {**SP, **BE},
    34: {**GV, "optional_forts": "Lille"},
    36: GV,
    38: GV,
    42: {**SP, **BE, "dutch_border": True},
    43: {**SP, **BE},
    44: {**BE, "emergency_supply": True},
    45: {"t1_activation": True},
    46: {"t1_activation": True},
    48: GV,
    52: {**GV, **BE, "supply": "BE", "no_siege": True, "no_sea_movement": True,
         "dutch_border": True, "forts": "Antwerp"},
    53: BE,
    54: {**BE, "forts": "Maubeuge", "t1_activation": True},
    55: BE,
    58: GV,
    61: {"supply": "FR"},
    62: {**BE, "t1_activation": True, "dutch_border": True},
    63: BE,
    64: {**BE, "forts": "Namur"},
    65: BE,
    66: {"t1_no_activation": True},
    67: {"forts": "Verdun (hex 67)"},
    71: {**BE, "dutch_border": True},
    72: {**BE, "optional_forts": "Liege (orange stripe)"},
    73: BE,
    74: BE,
    76: {**GV, "vp_double": True, "forts": "Verdun", "t1_no_activation": True},
    77: {"forts": "St Mihiel"},
    79: {"forts": "Langres"},
    80: {"supply": "FR"},
    81: {**BE, "german_entry": True},
    83: BE,
    85: P17,
    86: {**P17, "vp_double": True, "forts": "Metz"},
    87: {**GV, "vp_double": True, "forts": "Nancy, Toul"},
    89: {"supply": "FR"},
    91: {"supply": "GE"},
    94: {"supply": "GE", "forts": "Trier", "allied_auto_victory": True},
    95: P17,
    96: P17,
    98: {**GV, "forts": "Epinal, Epinal"},
    100: {**P17, "supply": "GE"},
    102: {"vosges": True, "retreat_not_mandatory": True},
    103: {**P17, "vosges": True, "retreat_not_mandatory": True},
    104: {**GV, "forts": "Belfort", "control": "allied"},
    105: {**P17, "vp_double": True, "supply": "GE", "forts": "Strasbourg"},
    107: {**P17, "supply": "GE"},
}


@pytest.mark.parametrize("n", sorted(GAZETTEER))
def test_2_4_gazetteer_hex_facts(m, n):
    attrs = m.locations[str(n)].attrs
    for key, value in GAZETTEER[n].items():
        assert attrs.get(key) == value, (n, key, attrs.get(key))


def test_2_4_hex_84_is_the_sample_counter_set_up_hex_and_56_holds_the_rail_net_ends_marker(m):
    assert any(p.piece_type == "GE-VIII" and p.location == "84" for p in placements(m, S1, 0))
    assert any(p.piece_type == "M-RAILEND" and p.location == "56" for p in placements(m, S1, 0))
    assert "[@]" in m.locations["54"].attrs["entry_ban"]


def test_2_4_hex_14_is_calais_boulogne_and_32_zeebrugge_ostend_and_87_nancy_toul(m):
    assert "boulogne" in name(m, 14) and "zeebrugge" in name(m, 32)
    assert "toul" in name(m, 87) and "belfort" in name(m, 104)


def test_3_2_2_fifteen_german_vp_hexes(m):
    assert with_attr(m, "vp_box", "german") == {8, 14, 16, 23, 26, 34, 36, 38, 48, 52, 58, 76,
                                                87, 98, 104}


def test_2_2_antwerp_52_is_a_german_vp_hex_despite_its_missing_red_box(m):
    assert m.locations["52"].attrs["vp_box"] == "german"


def test_3_2_2_paris_19_is_worth_10_vp(m):
    a = m.locations["19"].attrs
    assert a["vp_box"] == "paris" and a["paris_vp"] == 10


def test_3_2_1_eight_plan17_vp_hexes(m):
    assert with_attr(m, "vp_box", "plan17") == {85, 86, 95, 96, 100, 103, 105, 107}


def test_3_2_1_metz_86_and_strasbourg_105_score_double_and_13_4h_76_87(m):
    assert with_attr(m, "vp_double") == {76, 86, 87, 105}


def test_8_4_8_twelve_schlieffen_plan_hexes(m):
    assert with_attr(m, "schlieffen") == {1, 7, 8, 14, 15, 16, 23, 24, 32, 33, 42, 43}


def test_2_2_schlieffen_hexes_are_on_or_next_to_the_coast(m, scheme):
    coast = with_attr(m, "coast")
    for n in with_attr(m, "schlieffen"):
        assert n in coast or coast & {int(k) for k in nbrs(scheme, n)}, n


def test_2_2_schlieffen_runs_each_begin_with_a_coastal_hex(m):
    coast = with_attr(m, "coast")
    for run in ((1,), (7, 8), (14, 15, 16), (23, 24), (32, 33), (42, 43)):
        assert run[0] in coast


def test_8_4_7a_belgium_is_twenty_hexes(m):
    assert with_attr(m, "belgium") == {23, 32, 33, 42, 43, 44, 52, 53, 54, 55, 62, 63, 64, 65,
                                       71, 72, 73, 74, 81, 83}


def test_2_2_vosges_102_103_retreat_not_mandatory(m):
    assert with_attr(m, "vosges") == {102, 103}
    assert with_attr(m, "retreat_not_mandatory") == {102, 103}


def test_10_4_the_five_named_ports_are_coastal(m):
    ports = {int(k): v.attrs["port_name"] for k, v in hexes(m).items() if v.attrs.get("port")}
    assert ports == {32: "Zeebrugge/Ostend", 23: "Dunkirk", 14: "Calais/Boulogne", 7: "Dieppe",
                     1: "Le Havre"}
    assert set(ports) <= with_attr(m, "coast")


def test_12_5_4_antwerp_is_no_sea_port_and_cannot_be_besieged(m):
    a = m.locations["52"].attrs
    assert a["no_sea_movement"] is True and a["no_siege"] is True and a["port"] is False


def supply_of(m, nat):
    return {int(k) for k, v in hexes(m).items() if nat in str(v.attrs.get("supply", "")).split()}


def test_11_2_4_french_supply_sources_1_4_13_61_80_89(m):
    assert supply_of(m, "FR") == {1, 4, 13, 61, 80, 89}


def test_11_2_4_british_supply_sources_1_4_14(m):
    assert supply_of(m, "BR") == {1, 4, 14}


def test_11_2_4_belgian_supply_sources_1_14_and_antwerp_52(m):
    assert supply_of(m, "BE") == {1, 14, 52}
    assert "RN Division" in m.locations["52"].attrs["supply_note"]


def test_11_2_5_german_supply_sources_91_94_100_105_107(m):
    assert supply_of(m, "GE") == {91, 94, 100, 105, 107}


def test_11_2_1_every_supply_source_is_on_the_railway(m):
    rails = with_attr(m, "rail")
    for nat in ("FR", "BR", "BE", "GE"):
        assert supply_of(m, nat) <= rails


def test_2_2_start_control_german_vp_hexes_allied_and_plan17_hexes_german(m):
    ctl = start_control(m)
    assert all(ctl[str(n)] == "allied" for n in with_attr(m, "vp_box", "german"))
    assert all(ctl[str(n)] == "german" for n in with_attr(m, "vp_box", "plan17"))
    assert ctl["104"] == "allied"          # 3.1.3: Mulhouse liberated
    assert ctl["94"] == "german"           # 3.1.2: Trier, German side up
    assert ctl["19"] == "allied"


def test_2_2_french_supply_sources_are_allied_and_german_ones_german_at_start(m):
    ctl = start_control(m)
    for nat, side in (("FR", "allied"), ("BR", "allied"), ("BE", "allied"), ("GE", "german")):
        assert all(ctl[str(n)] == side for n in supply_of(m, nat)), nat


def test_13_1_turn_1_activation_hexes_62_54_46_45_and_banned_66_76(m):
    assert with_attr(m, "t1_activation") == {45, 46, 54, 62}
    assert with_attr(m, "t1_no_activation") == {66, 76}


def test_3_1_2_allied_automatic_victory_hex_is_trier_94(m):
    assert with_attr(m, "allied_auto_victory") == {94}


def test_9_5_fort_hexes(m):
    forts = {int(k): v.attrs["forts"] for k, v in hexes(m).items() if v.attrs.get("forts")}
    assert set(forts) == {10, 19, 52, 54, 64, 67, 76, 77, 79, 86, 87, 94, 98, 104, 105}
    assert {int(k) for k, v in hexes(m).items() if v.attrs.get("optional_forts")} == {24, 34, 52, 72}


# =========================================================================== 11.2.1 supply notes
def test_11_2_1_note_53_is_the_german_limit_on_turn_1_until_62_falls(m, scheme):
    ctl = start_control(m)
    ctl["72"] = ctl["73"] = "german"               # 3.1.3 control markers
    ctl["63"] = ctl["53"] = "german"               # the German goes round the Belgians in 62
    sup = supplied_hexes(m, scheme, "german", "GE", ctl)
    assert "53" in sup and "52" not in sup
    ctl["62"] = "german"
    assert "52" in supplied_hexes(m, scheme, "german", "GE", ctl)


@pytest.mark.parametrize("dead_end", ["102", "107"])
def test_11_2_1_note_102_and_107_are_allied_logistic_dead_ends(m, scheme, dead_end):
    ctl = start_control(m)
    before = supplied_hexes(m, scheme, "allied", "FR", ctl)
    ctl[dead_end] = "allied"
    after = supplied_hexes(m, scheme, "allied", "FR", ctl)
    assert after - before <= {dead_end}


def test_11_2_1_at_start_the_belgians_in_62_and_the_bef_in_45_are_supplied(m, scheme):
    ctl = start_control(m)
    assert "62" in supplied_hexes(m, scheme, "allied", "BE", ctl)
    assert "45" in supplied_hexes(m, scheme, "allied", "BR", ctl)
    assert "46" in supplied_hexes(m, scheme, "allied", "FR", ctl)


# =========================================================================== displays
def test_turn_record_track_has_15_turns_and_general_records_track_0_to_40(m):
    turns = {k for k, v in m.locations.items() if v.kind == "track" and v.attrs.get("track") == "turn"}
    assert turns == {f"turn-{t}" for t in range(1, 16)}
    assert m.locations["turn-1"].attrs["dates"] == "14-19 Aug"
    assert m.locations["turn-15"].attrs["dates"] == "5-11 Nov"
    grt = {v.attrs["value"] for v in m.locations.values() if v.attrs.get("track") == "general"}
    assert grt == set(range(0, 41))          # the CAP marker never exceeds 10 (FoW 5/9)


def test_9_2_battle_map_has_16_spaces_8_per_side(m):
    assert m.board("battle").kind == "display"
    spaces = [v for v in m.locations.values() if v.attrs.get("role") == "battle_space"]
    assert len(spaces) == 16
    for side in ("allied", "german"):
        mine = [v for v in spaces if v.attrs["side"] == side]
        assert Counter(v.attrs["line"] for v in mine) == {"front": 4, "reserve": 4}
        assert all(v.board == "battle" and v.owner == side for v in mine)
    for b in ("bm-allied-hits", "bm-german-hits", "bm-holding"):
        assert m.locations[b].board == "battle"


def test_3_1_2_two_vp_cups_hidden_from_both_players(m):
    cups = {k: v for k, v in m.locations.items() if v.kind == "cup"}
    assert set(cups) == {"cup-german-vp", "cup-plan17-vp"}
    assert all(v.visibility == "nobody" for v in cups.values())


def test_boxes_the_rules_use_exist(m):
    for b in ("box-paris-in-danger", "box-fort-replacements", "box-joffre-ii", "box-falkenhayn",
              "box-eliminated-allied", "box-eliminated-german", "box-east-front",
              "box-out-of-play", "box-set-aside", "box-markers", "box-force-FR", "box-force-BR",
              "box-force-BE", "box-force-GE", "box-entrenchments"):
        assert m.locations[b].kind == "box", b


# =========================================================================== 2.3 counter mix
def test_2_3_counter_mix_totals_406(m):
    assert sum(p.count for p in m.piece_types.values()) == 406


def test_3_1_2_fifteen_german_and_eight_plan17_vp_chits_plus_the_paris_marker(m):
    chits = [p for p in m.piece_types.values() if p.kind == "chit"]
    by = Counter()
    for p in chits:
        by[p.back] += p.count
    assert by == {"German VP": 15, "Plan 17 VP": 8}
    assert piece(m, "M-PARISVP").attrs["vp_value"] == 10
    assert [f.name for f in piece(m, "M-PARISVP").faces] == ["Allied controlled", "German 10 VP"]


def test_2_4_sample_counter_viii_corps_5_2_dg_3_1_set_up_84(m):
    p = piece(m, "GE-VIII")
    assert (face(m, "GE-VIII", 0)["cs"], face(m, "GE-VIII", 0)["ma"]) == (5, 2)
    assert (face(m, "GE-VIII", 1)["cs"], face(m, "GE-VIII", 1)["ma"]) == (3, 1)
    assert p.attrs["setup"] == "84" and p.size == "corps"


def test_9_4_3_battle_example_unit_strengths(m):
    assert face(m, "FR-VI")["cs"] == 6 and face(m, "FR-XVIII")["cs"] == 6
    assert face(m, "FR-TG2")["cs"] == 3 and "II T" == piece(m, "FR-TG2").attrs["designation"]
    assert face(m, "GE-XIII")["cs"] == 5
    assert {"FR-VII", "FR-VIII", "GE-XVI"} <= set(m.piece_types)


def test_2_4_every_disorganized_combat_unit_has_ma_1(m):
    for p in m.piece_types.values():
        if p.unit_type in ("infantry", "cavalry"):
            assert [f.name for f in p.faces] == ["full", "DG"], p.id
            assert p.faces[1].values["ma"] == 1, p.id
            assert p.faces[1].values["cs"] <= p.faces[0].values["cs"], p.id


def test_2_4_four_french_pd_units_start_in_the_pd_box(m):
    pd = {p.id for p in m.piece_types.values() if p.attrs.get("pd")}
    assert len(pd) == 4 and all(piece(m, i).nationality == "FR" for i in pd)
    for sid in (S1, S2, S3):
        assert {p.piece_type for p in placements(m, sid, 0)
                if p.location == "box-paris-in-danger"} == pd
    assert piece(m, "FR-71RD").attrs["pd"] != "R"          # 8.4.9 e: placed as printed
    assert sum(1 for i in pd if piece(m, i).attrs["pd"] == "R") == 2   # 8.4.9 d: two go to the track


def test_8_4_9_ix_corps_pd_alsace_hq_and_ix_corps_minus(m):
    assert face(m, "FR-IX-PD")["cs"] >= face(m, "FR-IXm")["cs"]     # full-strength IX Corps PD
    assert piece(m, "FR-IXm").attrs["removed_at_pd"] is True
    assert piece(m, "FR-HQALS").attrs["removed_at_pd"] is True and piece(m, "FR-HQALS").kind == "hq"


def test_errata_1_ix_corps_minus_enters_turn_2_at_66_and_stacks_as_a_division(m):
    p = piece(m, "FR-IXm")
    assert p.attrs["stacking"] == 0.5
    pl = [x for x in placements(m, S1) if x.piece_type == "FR-IXm"]
    assert [(x.location, x.turn) for x in pl] == [("66", 2)]


def test_2_4_two_french_alpine_units_xiv_corps_and_chasseurs_alpins(m):
    alp = {p.id for p in m.piece_types.values() if p.attrs.get("alpine")}
    assert alp == {"FR-XIV", "FR-CA"}
    assert piece(m, "FR-XIV").size == "corps" and piece(m, "FR-CA").size == "brigade"


def test_2_4_red_circles_on_every_british_unit_and_belgian_infantry(m):
    for p in m.piece_types.values():
        if p.nationality == "BR" and p.unit_type in ("infantry", "cavalry"):
            assert p.attrs.get("red_circle") is True, p.id
        if p.nationality == "BE" and p.unit_type == "infantry":
            assert p.attrs.get("red_circle") is True, p.id
        if p.nationality in ("FR", "GE"):
            assert not p.attrs.get("red_circle"), p.id


def test_9_5_4_two_german_siege_artillery_skoda_305_and_krupp_420(m):
    ha = [p for p in m.piece_types.values() if p.unit_type == "artillery"]
    base = {p.id for p in ha if not p.attrs.get("optional")}
    assert base == {"GE-HA305", "GE-HA420"}
    for p in ha:
        assert [f.name for f in p.faces] == ["ready", "FIRED"]
        assert p.faces[0].values["ma"] == 1 and "bombard" not in p.faces[1].values
        assert p.attrs["stacking"] == 0.0
    opt = Counter((p.nationality, p.attrs["option"]) for p in ha if p.attrs.get("optional"))
    assert opt == {("GE", "german_2"): 2, ("FR", "allied_2"): 1}     # 13.3 b 2, a 2


def test_13_3_b4_five_optional_german_corps_and_the_9th_army_hq(m):
    opt = [p for p in m.piece_types.values() if p.attrs.get("option") == "german_4"]
    assert Counter(p.kind if p.kind == "hq" else p.size for p in opt) == {"corps": 5, "hq": 1}
    assert all(p.nationality == "GE" and p.attrs["entry_turn"] == 1 for p in opt)


def test_13_3_a_optional_allied_units_and_their_turns(m):
    def turn(pid):
        return piece(m, pid).attrs["entry_turn"]
    assert turn("FR-XXII") == turn("FR-XXIII") == 3 and turn("FR-HA-O") == 2
    assert turn("FR-1COL") == turn("FR-10COL") == 8
    assert turn("BR-8") == 10 and turn("BR-SEC") == 13
    assert {p.id for p in m.piece_types.values() if p.attrs.get("option") == "allied_5"
            and p.kind == "unit"} == {"BE-I-O", "BE-II-O", "BE-3-O"}


def test_13_3_a3_and_b5_reinforcement_turns_the_rulebook_names(m):
    def turn(pid):
        return piece(m, pid).attrs["entry_turn"]
    assert turn("BR-7") == turn("BR-3C") == turn("FR-MAR") == 10
    assert turn("BR-3IN") == turn("BR-7IN") == 13
    assert turn("GE-N") == 3 and turn("GE-ILW") == 5 and turn("GE-HQNORD") == 5
    assert turn("GE-HQDET") == 6 and piece(m, "GE-HQDET").attrs["entry_hex"] == "?"   # 13.1


def test_12_3_rn_and_7th_divisions_may_land_on_the_coast(m):
    assert piece(m, "BR-RN").attrs["coastal_entry"] is True
    assert piece(m, "BR-7").attrs["coastal_entry"] is True


def test_2_6_orange_stripe_units_are_used_only_in_scenario_3(m):
    optional = {p.id for p in m.piece_types.values() if p.attrs.get("optional")}
    assert optional
    for sid in (S1, S2):
        assert not optional & {p.piece_type for p in placements(m, sid)}
    s3 = {p.piece_type: p for p in placements(m, S3)}
    for pid in optional:
        assert s3[pid].attrs["option"] == piece(m, pid).attrs["option"], pid


def test_7_3_german_1st_to_3rd_armies_start_with_9_cs_of_infantry_and_cavalry_to_send_east(m, scheme):
    hqs = {p.location for p in base_setup(m, S1) if p.piece_type in ("GE-HQ1", "GE-HQ2", "GE-HQ3")}
    near = set(hqs) | {n for h in hqs for n in nbrs(scheme, h)}
    units = [piece(m, p.piece_type) for p in base_setup(m, S1) if p.location in near]
    assert sum(u.faces[0].values["cs"] for u in units if u.unit_type == "infantry") >= 9
    assert any(u.unit_type == "cavalry" and u.nationality == "GE" for u in units)


# =========================================================================== 9.5 forts
FORTS = {  # id: (hex, front, back, bd, R front, R back, R bd, garrisoned)
    "FT-VERSAILLES": (10, 2, 1, 0, None, None, None, False),
    "FT-PARIS": (19, 5, 4, 0, 2, 1, 0, False),
    "FT-MAUBEUGE": (54, 5, 4, 2, 3, 2, 1, True),
    "FT-VERDUN67": (67, 5, 4, 2, 3, 2, 2, True),
    "FT-VERDUN": (76, 5, 4, 3, 3, 2, 3, True),
    "FT-STMIHIEL": (77, 4, 3, 0, 2, 1, 0, False),
    "FT-LANGRES": (79, 4, 3, 0, 2, 1, 0, False),
    "FT-NANCY": (87, 4, 3, 1, 2, 1, 1, False),
    "FT-TOUL": (87, 5, 4, 2, 3, 2, 2, True),
    "FT-EPINAL-A": (98, 4, 3, 0, 2, 1, 0, False),
    "FT-EPINAL-B": (98, 5, 4, 2, 3, 2, 2, True),
    "FT-BELFORT": (104, 5, 4, 2, 3, 2, 2, True),
    "FT-HAZEBROUCK": (24, 3, 2, 0, None, None, None, False),
    "FT-LILLE": (34, 3, 2, 0, None, None, None, False),
}


@pytest.mark.parametrize("fid", sorted(FORTS))
def test_9_5_french_fort_values(m, fid):
    hexno, f, bk, bd, rf, rb, rbd, garrison = FORTS[fid]
    p = piece(m, fid)
    assert p.kind == "fort" and p.side == "allied" and p.attrs["hex"] == str(hexno)
    assert (p.faces[0].values["cs"], p.faces[1].values["cs"], p.attrs["bombard_def"]) == (f, bk, bd)
    assert p.attrs["garrison"] is garrison
    if rf is None:
        assert f"{fid}-R" not in m.piece_types
    else:
        r = piece(m, f"{fid}-R")
        assert (r.faces[0].values["cs"], r.faces[1].values["cs"], r.attrs["bombard_def"]) == (rf, rb, rbd)
        assert r.attrs["replacement_for"] == fid


def test_9_5_belgian_and_german_fort_front_values(m):
    def cs(pid):
        return piece(m, pid).faces[0].values["cs"]
    assert (cs("FT-ANTWERP"), cs("FT-ANTWERP-R")) == (5, 3)
    assert (cs("FT-ANTWERP-O"), cs("FT-ANTWERP-O-R")) == (5, 3)
    assert piece(m, "FT-ANTWERP-O").attrs["bombard_def"] == 1 == piece(m, "FT-ANTWERP-O-R").attrs["bombard_def"]
    assert cs("FT-NAMUR") == 3 and piece(m, "FT-NAMUR").attrs["bombard_def"] == 1
    assert "FT-NAMUR-R" not in m.piece_types and "FT-TRIER-R" not in m.piece_types
    assert (cs("FT-LIEGE-O"), cs("FT-LIEGE-O-R")) == (4, 2)
    assert piece(m, "FT-LIEGE-O-R").attrs["bombard_def"] == 1
    assert (cs("FT-METZ"), cs("FT-METZ-R")) == (5, 3)
    assert piece(m, "FT-METZ").attrs["garrison"] is True is piece(m, "FT-METZ-R").attrs["garrison"]
    assert cs("FT-TRIER") == 3
    assert (cs("FT-STRASBOURG"), cs("FT-STRASBOURG-R")) == (5, 3)
    hexes_ = {piece(m, f).attrs["hex"] for f in ("FT-ANTWERP", "FT-NAMUR", "FT-LIEGE-O",
                                                 "FT-METZ", "FT-TRIER", "FT-STRASBOURG")}
    assert hexes_ == {"52", "64", "72", "86", "94", "105"}


def test_9_5_2_allied_forts_with_plus2_or_plus3_and_both_metz_counters_are_garrisoned(m):
    for p in m.piece_types.values():
        if p.kind != "fort" or p.id.startswith("FT-ANTWERP-O"):
            continue       # the optional Antwerp is garrisoned by the appendix table (NOTES.md)
        fort = p.attrs.get("replacement_for") or p.id
        counters = [piece(m, fort)] + ([piece(m, fort + "-R")] if fort + "-R" in m.piece_types else [])
        if p.side == "allied":
            expected = any(c.attrs["bombard_def"] >= 2 for c in counters)
        else:
            expected = fort == "FT-METZ"
        assert p.attrs["garrison"] is expected, p.id


def test_9_5_forts_have_2_to_4_steps_and_r_counters_only_for_3_or_4(m):
    for p in m.piece_types.values():
        if p.kind == "fort" and not p.attrs.get("replacement_for"):
            has_r = p.id + "-R" in m.piece_types
            assert 2 <= p.attrs["steps"] <= 4
            assert has_r == (p.attrs["steps"] >= 3), p.id


def test_9_5_errata_forts_start_full_and_r_counters_in_the_replacement_box(m):
    for sid in (S1, S2):
        pl = placements(m, sid, 0)
        for p in pl:
            pt = piece(m, p.piece_type)
            if pt.kind == "fort":
                assert p.face == 0
                if pt.attrs.get("replacement_for"):
                    assert p.location == "box-fort-replacements"
                else:
                    assert p.location == pt.attrs["hex"]
        placed = {p.piece_type for p in pl}
        assert {f for f in m.piece_types if f.startswith("FT-") and not piece(m, f).attrs.get("optional")} <= placed


# =========================================================================== scenarios
def test_13_scenario_lengths(m):
    assert [(s.id, s.first_turn, s.last_turn) for s in m.scenarios.values()] == [
        (S1, 1, 15), (S2, 1, 7), (S3, 1, 15)]


def test_13_2_2a_scenario_2_set_up_is_identical_to_scenario_1(m):
    key = lambda p: (p.piece_type, p.location, p.count, p.face, p.turn)  # noqa: E731
    assert sorted(map(key, placements(m, S1))) == sorted(map(key, placements(m, S2)))


def test_3_1_scenario_placements_use_existing_pieces_and_locations_within_the_mix(m):
    for sid in (S1, S2, S3):
        used = Counter()
        for p in placements(m, sid):
            assert p.piece_type in m.piece_types and p.location in m.locations, (sid, p)
            used[p.piece_type] += p.count
        for pid, n in used.items():
            assert n <= m.piece_types[pid].count, (sid, pid)
    from tools.validate import validate
    assert validate(m) == []


def test_3_1_1_every_counter_of_scenario_1_is_placed_exactly_once(m):
    used = Counter()
    for p in placements(m, S1):
        used[p.piece_type] += p.count
    for pid, pt in m.piece_types.items():
        expected = 0 if pt.attrs.get("optional") else pt.count
        assert used[pid] == expected, pid


def test_7_1_reinforcements_arrive_on_turns_2_to_15(m):
    reinf = [p for p in placements(m, S1) if p.turn > 0]
    assert reinf and all(2 <= p.turn <= 15 for p in reinf)
    for p in reinf:
        loc = m.locations[p.location]
        if p.attrs.get("entry") == "?":
            assert p.location == f"turn-{p.turn}"     # variable: waits on the Turn Record Track
        else:
            assert loc.kind == "hex" and p.attrs["entry"] == p.location
    assert {p.turn for p in reinf if piece(m, p.piece_type).side == "german"} >= {2, 3, 5, 6, 12}


def test_13_1_set_up_facts_belgians_62_cavalry_54_5th_army_46_bef_45(m):
    at = defaultdict(set)
    for p in base_setup(m, S1):
        at[p.location].add(p.piece_type)
    assert {"BE-HQ", "BE-I", "BE-II"} <= at["62"]
    assert {piece(m, i).nationality for i in at["62"]} == {"BE"}
    assert {piece(m, i).unit_type for i in at["54"] if piece(m, i).kind == "unit"} == {"cavalry"}
    assert "FR-HQ5" in at["46"]
    bef = {i for i in at["45"] if piece(m, i).nationality == "BR" and piece(m, i).unit_type == "infantry"}
    assert len(bef) >= 2                      # 3.1.1 @: up to two may go to 54 instead
    assert "BE-4" in at["64"]                 # 12.6


def test_3_1_3_marker_set_up(m):
    for sid in (S1, S2, S3):
        at = defaultdict(list)
        for p in placements(m, sid, 0):
            at[p.piece_type].append((p.location, p.face, p.attrs.get("replaced_by_option", "")))
        assert at["M-TURN"] == [("turn-1", 0, "")]
        assert at["M-EAST"] == [("turn-3", 0, "")]
        assert at["M-VP-P17"] == [("track-3", 0, "")] and at["M-VP-GE"] == [("track-0", 0, "")]
        assert at["M-MB-GE"] == [("track-0", 0, "")]
        assert ("86", 0, "") in at["M-ENTRENCH"]          # +1 side
        assert at["M-RAILEND"] == [("56", 0, "")]
        assert {(loc, f) for loc, f, _ in at["M-CONTROL"] if loc in ("72", "73")} == {("72", 1), ("73", 1)}
        assert at["M-AUTOVIC"] == [("94", 0, "")] and at["M-PARISVP"] == [("19", 0, "")]
        assert at["M-JOFFRE2"] == [("box-joffre-ii", 0, "")]
        assert at["M-FALK"] == [("box-falkenhayn", 0, "")]
    s1 = {p.piece_type: p.location for p in placements(m, S1, 0)}
    assert (s1["M-CAP-AL"], s1["M-CAP-GE"]) == ("track-4", "track-6")    # 5.1.4
    assert s1["M-MB-AL"] == "track-1"                                     # 13.1 (NOTES.md)


def test_3_1_2_vp_chits_start_in_their_cups_and_the_cups_are_shuffled(m):
    for sid in (S1, S2, S3):
        cup = Counter()
        for p in placements(m, sid, 0):
            if piece(m, p.piece_type).kind == "chit":
                cup[(p.location, piece(m, p.piece_type).back)] += p.count
        assert cup == {("cup-german-vp", "German VP"): 15, ("cup-plan17-vp", "Plan 17 VP"): 8}
        assert set(m.scenarios[sid].shuffle) == {"cup-german-vp", "cup-plan17-vp"}


def test_3_1_3_and_5_1_4_scenario_globals(m):
    g1 = m.scenarios[S1].globals
    assert (g1["allied_cap"], g1["german_cap"], g1["plan17_vp"], g1["german_vp"]) == (4, 6, 3, 0)
    assert g1["initiative"] == "allied" and g1["allied_activations_turn_1"] == 1
    assert m.scenarios[S2].globals["plan17_vp"] == 3                     # 13.2.2 b
    g3 = m.scenarios[S3].globals
    assert g3["cap_rolled_turn_1"] is True and g3["initiative"] == "roll"   # 13.3 rule 3


def test_8_4_6_set_up_respects_stacking(m):
    load = defaultdict(lambda: [0.0, 0.0])
    for p in base_setup(m, S1):
        pt = piece(m, p.piece_type)
        if p.location in hexes(m) and pt.kind == "unit" and pt.unit_type in ("infantry", "cavalry"):
            key = (p.location, pt.side)
            load[key][0] += pt.attrs["stacking"]
            if pt.unit_type == "infantry":
                load[key][1] += pt.attrs["stacking"]
    for (hexno, side), (total, inf) in load.items():
        if hexno in ("102", "103"):
            assert inf <= 3.5, hexno
        else:
            assert total <= 8 and inf <= 6, (hexno, side, total, inf)


def test_8_4_7a_belgian_units_set_up_in_belgium_and_no_unit_in_enemy_hexes(m):
    ctl = start_control(m)
    ctl["72"] = ctl["73"] = "german"
    belgium = {str(n) for n in with_attr(m, "belgium")}
    for p in base_setup(m, S1):
        pt = piece(m, p.piece_type)
        if p.location in hexes(m) and pt.kind in ("unit", "hq"):
            assert ctl[p.location] == pt.side, (pt.id, p.location)
            if pt.nationality == "BE":
                assert p.location in belgium


def test_8_4_8_no_german_unit_starts_in_a_schlieffen_hex(m):
    sp = {str(n) for n in with_attr(m, "schlieffen")}
    for p in base_setup(m, S1):
        pt = piece(m, p.piece_type)
        if pt.side == "german" and pt.kind == "unit":
            assert p.location not in sp


def test_13_3_rule_4_strategic_options_are_secret_and_per_side(m):
    opts = m.scenarios[S3].options
    assert [o.id for o in opts] == [f"allied_{i}" for i in range(1, 6)] + [f"german_{i}" for i in range(1, 6)]
    assert all(o.secret and o.choices == ("off", "on") and o.default == "off" for o in opts)
    assert all(o.side == o.id.split("_")[0] for o in opts)
    costs = {r[0]: r[3] for r in zip(m.tables["scenario3_options"].rows.values,
                                     *zip(*m.tables["scenario3_options"].cells))}
    assert costs == {"allied_1": 2, "allied_2": 1, "allied_3": 2, "allied_4": 1, "allied_5": 3,
                     "german_1": 3, "german_2": 3, "german_3": 2, "german_4": 4, "german_5": 4}


def test_13_3_options_move_and_remove_the_units_they_name(m):
    s3 = {p.piece_type: p for p in placements(m, S3)}
    for pid, t in (("BR-7", 7), ("BR-3C", 7), ("FR-MAR", 7), ("BR-3IN", 10), ("BR-7IN", 10)):
        assert (s3[pid].attrs["alt_option"], s3[pid].attrs["alt_turn"]) == ("allied_3", t)
    for pid in ("GE-N", "GE-ILW", "GE-HQNORD"):
        assert s3[pid].attrs["replaced_by_option"] == "german_5"
    for pid in ("BE-I", "BE-II", "BE-3", "FT-ANTWERP"):
        assert s3[pid].attrs["replaced_by_option"] == "allied_5"
    assert s3["FT-LILLE"].location == "34" and s3["FT-HAZEBROUCK"].location == "24"


def test_3_1_1_errata_bef_may_set_up_in_54_option(m):
    for sid in (S1, S2):
        o = {o.id: o for o in m.scenarios[sid].options}["bef_in_54"]
        assert o.choices == ("0", "1", "2") and o.side == "allied" and not o.secret


def test_3_2_4_victory_texts(m):
    for sid, end in ((S1, 15), (S2, 7), (S3, 15)):
        v = m.scenarios[sid].victory
        assert f"turn {end}" in v and "94" in v and "at least 6" in v and "twice" in v


# =========================================================================== tables
def test_5_1_cap_table(m):
    t = m.tables["cap_table"]
    assert t.cols.values == ("joffre", "joffre_ii", "moltke", "falkenhayn")
    expected = {1: (4, 5, 5, 6), 2: (4, 6, 6, 7), 3: (4, 7, 7, 8), 4: (4, 8, 7, 9),
                5: (5, 8, 8, 9), 6: (5, 9, 9, 10)}
    for die, row in expected.items():
        assert tuple(t.lookup(die, c) for c in t.cols.values) == row
    assert max(max(r) for r in t.cells) == 10             # the CAP marker maximum
    assert m.tables["cap_turn1"].lookup("allied", "cap") == 4
    assert m.tables["cap_turn1"].lookup("german", "cap") == 6


def test_9_1_4_fortunes_of_war_events(m):
    t = m.tables["fortunes_of_war"]
    assert t.rows.values == tuple(range(2, 13))
    events = {r: t.lookup(r, "event") for r in t.rows.values}
    assert events == {2: "Rout", 3: "Cautious Attacker", 4: "Skirmish", 5: "German Staff",
                      6: "Offensive a Outrance", 7: "Defender's Tactical Advantage",
                      8: "Attacker Surprise", 9: "Allied Staff", 10: "Counterattack",
                      11: "Offensive a Outrance", 12: "Rout"}
    assert {r for r in t.rows.values if t.lookup(r, "initiative") == "passes"} == {3, 10}


def test_9_4_5_sea_retreat_table_and_drms(m):
    t = m.tables["sea_retreat"]
    assert [t.lookup(d, "turns_ahead") for d in range(1, 7)] == [2, 3, 4, 5, 0, 0]
    assert t.lookup(5, "result") == t.lookup(6, "result") == "Eliminated"
    d = m.tables["sea_retreat_drm"]
    assert {r: d.lookup(r, "drm") for r in d.rows.values} == {"British": -1, "French Territorial": 2,
                                                              "Belgian": 3}


def test_8_4_4_hex_entry_and_exit_tables(m):
    e = m.tables["hex_entry"]
    assert [e.lookup(i, "may_continue") for i in range(1, 6)] == ["yes", "no", "yes", "no", "no"]
    assert [e.lookup(i, "control") for i in range(1, 6)] == ["friendly"] * 2 + ["enemy"] * 3
    x = m.tables["hex_exit"]
    assert [x.lookup(i, "exit") for i in range(1, 7)] == ["yes", "yes / no", "yes", "no", "yes", "yes / no"]


def test_8_4_6_stacking_table(m):
    t = m.tables["stacking"]
    assert (t.lookup("normal", "corps_per_side"), t.lookup("normal", "infantry_corps_per_side"),
            t.lookup("normal", "both_sides")) == (8, 6, 16)
    assert (t.lookup("102, 103 (Vosges)", "infantry_corps_per_side"),
            t.lookup("102, 103 (Vosges)", "extra_div_or_bde")) == (3, 1)
    v = m.tables["stacking_values"]
    assert v.lookup("division", "corps") == 0.5 and v.lookup("IX Corps (-)", "corps") == 0.5


def test_8_7_general_retreat_costs(m):
    t = m.tables["general_retreat_cost"]
    assert (t.lookup(3, "allied"), t.lookup(4, "allied"), t.lookup("5+", "allied")) == (3, 2, 2)
    assert (t.lookup(4, "german"), t.lookup("5+", "german")) == (4, 3)
    assert len(m.tables["general_retreat_allied"].rows.values) == 8
    assert len(m.tables["general_retreat_german"].rows.values) == 9


def test_8_4_9_paris_in_danger_box_and_9_1_1_allied_mandated_battles_box(m):
    assert m.tables["paris_in_danger"].rows.values == ("A", "B", "C")
    assert "9, 10, 18, 20, 28, 29" in m.tables["paris_in_danger"].lookup("A", "text")
    mb = m.tables["allied_mandated_battles"]
    assert mb.rows.values == (1, 2, 3, 4, 5, 6)
    assert "3, 7 and 10" in mb.lookup(4, "text")


def test_13_1_mandated_battles_per_turn(m):
    t = m.tables["mandated_battles"]
    assert [t.lookup(n, "allied") for n in range(1, 16)] == [1, 2, 1, 1] + [0] * 11
    assert [n for n in range(1, 16) if t.lookup(n, "german")] == [12, 13, 14, 15]


def test_4_0_turn_record_track(m):
    t = m.tables["turn_record"]
    assert t.rows.values == tuple(range(1, 16))
    assert t.lookup(1, "dates") == "14-19 Aug" and t.lookup(15, "dates") == "5-11 Nov"
    assert [t.lookup(n, "reinforcements") for n in range(2, 7)] == ["G/A", "G/A", "A", "G/A", "G/A"]
    assert "East Front" in t.lookup(3, "rules") and "End of Scenario 2" in t.lookup(7, "rules")
    assert "German VP markers" in t.lookup(9, "rules")
    assert "Rail Net Ends" in t.lookup(5, "rules")


def test_13_4_vp_schedule_and_3_1_2_chit_mix(m):
    v = m.tables["vp_schedule"]
    assert {v.lookup(i, "vp") for i in ("c", "e")} == {-2, -4} and v.lookup("start", "vp") == 3
    c = m.tables["vp_chits"]
    assert sum(c.lookup(x, "german") for x in c.rows.values) == 15
    assert sum(c.lookup(x, "plan17") for x in c.rows.values) == 8
    for cup, col in (("German VP", "german"), ("Plan 17 VP", "plan17")):
        mix = Counter()
        for p in m.piece_types.values():
            if p.kind == "chit" and p.back == cup:
                mix[p.attrs["vp_value"]] += p.count
        assert all(mix[x] == c.lookup(x, col) for x in c.rows.values), cup


def test_9_5_2_garrisoned_fort_table(m):
    t = m.tables["garrisoned_forts"]
    assert t.lookup("Maubeuge", "printed_hex") == 45 and t.lookup("Maubeuge", "hex") == 54
    assert {t.lookup(r, "hex") for r in t.rows.values} == {86, 54, 67, 76, 87, 98, 104, 52}


# =========================================================================== rules index, provenance
def test_every_table_rule_is_in_the_rule_index(m):
    for t in m.tables.values():
        assert t.rule in m.rules_index, t.id
    for rule in ("2.2", "2.4", "3.2.4", "8.4.9", "9.5", "11.2.1", "13.1", "13.3", "errata.1"):
        assert m.rule_text(rule), rule


def test_provenance_covers_every_piece_table_scenario_and_layer(m):
    targets = {p.target for p in m.provenance}
    for pid in m.piece_types:
        assert f"piece:{pid}" in targets, pid
    for tid in m.tables:
        assert f"table:{tid}" in targets, tid
    for sid in m.scenarios:
        assert f"scenario:{sid}" in targets
    for layer in ("grid", "tem", "rail", "control", "country", "coast", "red-diamonds"):
        assert f"layer:{layer}" in targets
    assert all(p.source.startswith(("rulebook", "reconstructed", "errata")) for p in m.provenance)


def test_provenance_cites_the_rulebook_for_the_gazetteer_lists(m):
    src = {p.target: p.source for p in m.provenance}
    assert src["location:52/vp_box"] == "rulebook §3.2.2"
    assert src["location:105/vp_box"] == "rulebook §3.2.1"
    assert src["edge:42|52"].startswith("rulebook §13.3")
    assert src["piece:GE-VIII"].startswith("rulebook §2.4")
    assert "reconstructed" in src["piece:FR-I"]
