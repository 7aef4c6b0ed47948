"""Paths of Glory module data: every fact the rulebook (Italian Deluxe 2018 rulebook, digest
shared/rules/paths_of_glory.md) states about the map, the counter mix, the cards, the tables and
the set-up, read from the BUILT module (`engine.modules.open_module`). Test names cite the rule.
Reconstructed data is checked for internal consistency: it must agree with everything the
rulebook does say (examples of play included).
"""
from __future__ import annotations

from collections import Counter, deque

import pytest

from engine import modules as resolve  # noqa: E402  (a broken import must fail, not skip)

MODULE_ID = "paths_of_glory"


@pytest.fixture(scope="module")
def m():
    return resolve.open_module(MODULE_ID)


def spaces(m):
    return {k: v for k, v in m.locations.items() if v.kind == "space"}


def adj(m):
    out: dict[str, set[str]] = {}
    for e in m.edges:
        out.setdefault(e.a, set()).add(e.b)
        out.setdefault(e.b, set()).add(e.a)
    return out


def edge(m, a, b):
    for e in m.edges:
        if {e.a, e.b} == {a, b}:
            return e
    return None


def attr(m, sid, key, default=None):
    return m.locations[sid].attrs.get(key, default)


def face(m, pid, i):
    f = m.piece_types[pid].faces[i].values
    return f["cf"], f["lf"], f["mf"]


def placements(m, sid):
    return m.scenarios[sid].placements


# =========================================================================== the map: spaces
def test_2_1_point_to_point_map_of_about_280_spaces_on_one_board(m):
    s = spaces(m)
    assert 250 <= len(s) <= 300
    assert {l.board for l in m.locations.values()} == {"main"}
    b = m.board("main")
    assert (b.width, b.height) == (5000, 3400)
    for l in m.locations.values():
        assert 0 <= l.x <= b.width and 0 <= l.y <= b.height, l.id


RULEBOOK_SPACES = """london calais ostend amiens antwerp brussels liege sedan verdun nancy belfort
bar_le_duc paris orleans grenoble chateau_thierry cambrai melun aachen koblenz metz strasbourg
mulhouse bremen essen berlin breslau konigsberg insterburg oppeln czestochowa lodz tannenberg
warsaw riga szawli kovno grodno lomza ivangorod lublin dubno kamenets_podolski odessa kishinev
zhmerinka ismail minsk baku batum kars erivan caucasus grozny poti cracow tarnow przemysl tarnopol
stanislau czernowitz lemberg munkacs cluj debrecen vienna budapest belgrade valjevo nis timisvar
novi_sad sarajevo cetinje sofia bucharest athens florina larisa salonika kavala valona rome turin
verona asiago maggiore udine taranto venice trent villach trieste constantinople bursa adrianople
gallipoli balikesir ankara adana rize erzerum giresun van mosul damascus baghdad gaza medina
jerusalem kharput ahwaz kermanshah sinai port_said cairo basra alexandria arabia libya""".split()


def test_2_5_every_space_the_rulebook_names_exists(m):
    s = spaces(m)
    missing = [x for x in RULEBOOK_SPACES if x not in s]
    assert not missing
    assert len(RULEBOOK_SPACES) >= 115


def test_2_5_display_names_and_ascii_ids(m):
    for sid, l in spaces(m).items():
        assert sid.isascii() and sid == sid.lower() and " " not in sid
        assert l.name
    assert m.locations["chateau_thierry"].name == "Chateau-Thierry"
    assert m.locations["brest_litovsk"].name == "Brest-Litovsk"


def test_2_3_every_space_has_a_terrain_of_the_terrain_effects_chart(m):
    terrains = set(m.tables["terrain_effects"].rows.values)
    for sid, l in spaces(m).items():
        assert l.terrain in terrains - {"trench_1", "trench_2"}, sid


def test_2_3_sedan_and_tannenberg_forest_belfort_and_munkacs_mountain(m):
    assert m.locations["sedan"].terrain == "forest"
    assert m.locations["tannenberg"].terrain == "forest"
    assert m.locations["belfort"].terrain == "mountain"
    assert m.locations["munkacs"].terrain == "mountain"


def test_2_5_every_space_has_the_full_attribute_set(m):
    keys = {"nation", "region", "fort", "vp", "vp_historical", "port", "capital", "control"}
    for sid, l in spaces(m).items():
        assert keys <= set(l.attrs), sid
        assert l.attrs["region"] in ("west", "east", "italy", "near_east"), sid
        assert l.attrs["control"] in ("AP", "CP", "neutral"), sid
        assert isinstance(l.attrs["fort"], int) and l.attrs["fort"] >= 0


def test_3_0_capitals(m):
    caps = {sid for sid, l in spaces(m).items() if l.attrs["capital"]}
    assert caps == {"vienna", "budapest", "brussels", "london", "sofia", "paris", "berlin",
                    "athens", "rome", "cetinje", "bucharest", "belgrade", "constantinople"}
    # Russia and the US have no capital (3.0)
    assert not any(attr(m, c, "nation") == "RU" for c in caps)
    nations = {c: attr(m, c, "nation") for c in caps}
    assert nations["vienna"] == nations["budapest"] == "AH"
    assert nations["cetinje"] == "MN" and nations["sofia"] == "BU"


def test_14_2_1_cp_supply_sources_essen_breslau_sofia_constantinople(m):
    cp = {sid for sid, l in spaces(m).items() if l.attrs.get("supply") == "CP"}
    assert cp == {"essen", "breslau", "sofia", "constantinople"}


def test_14_2_4_london_supplies_all_allies_and_paris_is_not_a_source(m):
    assert attr(m, "london", "supply") == "AP"
    assert attr(m, "paris", "supply", "") == ""
    assert {sid for sid, l in spaces(m).items() if l.attrs.get("supply") == "AP"} == {"london"}


def test_14_2_2_russian_sources_are_in_russia_plus_belgrade_and_14_2_3_salonika(m):
    ru = {sid for sid, l in spaces(m).items() if l.attrs.get("supply") == "RU"}
    assert "belgrade" in ru
    assert all(attr(m, s, "nation") == "RU" for s in ru - {"belgrade"})
    assert len(ru - {"belgrade"}) >= 2
    assert "caucasus" in ru  # the example of play rebuilds a Russian army there (17.1.5, 9.5.3.3)
    assert attr(m, "salonika", "supply") == "SB"


def test_15_2_1_verdun_fort_3(m):
    assert attr(m, "verdun", "fort") == 3


def test_example_of_play_nancy_fort_2_and_belfort_fort_2(m):
    # FR army (3) + fort = 5 CF at Nancy; siege needs 5-6 at -2 -> LF 2
    assert attr(m, "nancy", "fort") == 2
    assert face(m, "fr_2a", 0)[0] + attr(m, "nancy", "fort") == 5
    # one full FR corps + fort = 3 CF at Belfort
    assert face(m, "fr_corps", 0)[0] + attr(m, "belfort", "fort") == 3


def test_15_forts_named_by_the_rulebook(m):
    for sid in ("liege", "belgrade", "riga", "verdun", "nancy", "belfort"):
        assert attr(m, sid, "fort") > 0, sid
    assert attr(m, "paris", "fort") > 0   # 9.5.3.3 and 17.1.3 speak of a besieged Paris


def test_15_2_2_riga_is_the_only_russian_port_in_a_fort_space(m):
    ru_fort_ports = {sid for sid, l in spaces(m).items()
                     if l.attrs["nation"] == "RU" and l.attrs["port"] and l.attrs["fort"]}
    assert ru_fort_ports == {"riga"}


def test_13_1_7_ports_riga_constantinople_and_french_ports_for_us_armies(m):
    assert attr(m, "riga", "port") and attr(m, "constantinople", "port")
    fr_ports = [sid for sid, l in spaces(m).items() if l.attrs["nation"] == "FR" and l.attrs["port"]]
    assert len(fr_ports) >= 3   # 9.5.3.3: US armies enter at French ports
    assert attr(m, "london", "port")


def test_example_of_play_vp_spaces_lodz_cambrai_czernowitz_lemberg(m):
    for sid in ("lodz", "cambrai", "czernowitz", "lemberg"):
        assert attr(m, sid, "vp") and attr(m, sid, "vp_historical"), sid


def test_5_7_2_historical_vp_changes(m):
    for sid in ("ahwaz", "venice", "minsk", "jerusalem", "kharput"):
        assert attr(m, sid, "vp") is True and attr(m, sid, "vp_historical") is False, sid
    for sid in ("kovno", "sedan", "amiens", "koblenz", "aachen"):
        assert attr(m, sid, "vp") is False and attr(m, sid, "vp_historical") is True, sid
    changed = {sid for sid, l in spaces(m).items() if l.attrs["vp"] != l.attrs["vp_historical"]}
    assert changed == {"ahwaz", "venice", "minsk", "jerusalem", "kharput",
                       "kovno", "sedan", "amiens", "koblenz", "aachen"}


@pytest.mark.parametrize("key", ["vp", "vp_historical"])
def test_16_4_6_seven_russian_vp_spaces_besides_baku(m, key):
    ru = {sid for sid, l in spaces(m).items() if l.attrs["nation"] == "RU" and l.attrs[key]}
    assert "baku" in ru
    assert len(ru - {"baku"}) == 7


def test_3_0_capitals_and_the_printed_vp_spaces(m):
    """The capitals of 3.0; on the printed map all but London, Athens and Cetinje are VP
    spaces (in both VP sets)."""
    caps = {sid for sid, l in spaces(m).items() if l.attrs["capital"]}
    assert caps == {"vienna", "budapest", "brussels", "london", "sofia", "paris", "berlin",
                    "athens", "rome", "cetinje", "bucharest", "belgrade", "constantinople"}
    for key in ("vp", "vp_historical"):
        assert {sid for sid in caps if not attr(m, sid, key)} == {"london", "athens", "cetinje"}


# =========================================================================== control
def test_2_6_starting_control_by_nation(m):
    for sid, l in spaces(m).items():
        nat, ctl = l.attrs["nation"], l.attrs["control"]
        if nat in ("GE", "AH"):
            assert ctl == "CP", sid
        elif nat in ("FR", "BE", "BR", "RU", "SB", "MN", "AL", "EG", "AR", "NONE"):
            assert ctl == ("CP" if sid == "libya" else "AP"), sid   # Libya: CP colour
        elif nat in ("IT", "BU", "RO", "PE") and sid != "basra":
            assert ctl == "neutral", sid


def test_9_5_2_4_kavala_allied_from_the_start_and_greece_otherwise_neutral(m):
    assert attr(m, "kavala", "control") == "AP"
    gr = {sid for sid, l in spaces(m).items() if l.attrs["nation"] == "GR"}
    assert {"athens", "florina", "larisa", "salonika", "kavala"} <= gr
    assert all(attr(m, s, "control") == "neutral" for s in gr - {"kavala"})


def test_11_1_12_albania_allied_for_sr_and_valona_is_albanian(m):
    al = {sid for sid, l in spaces(m).items() if l.attrs["nation"] == "AL"}
    assert "valona" in al and len(al) >= 2
    assert all(attr(m, s, "control") == "AP" for s in al)


def test_11_1_13_persia_neutral_with_kermanshah(m):
    pe = {sid for sid, l in spaces(m).items() if l.attrs["nation"] == "PE"}
    assert "kermanshah" in pe and len(pe) >= 2
    assert all(attr(m, s, "control") == "neutral" for s in pe - {"basra"})
    assert attr(m, "basra", "control") == "AP"   # Persian on the printed map; a BR corps (4.2)


def test_16_1_3_1_turkey_neutral_until_entry_except_allied_held_basra(m):
    tu = {sid for sid, l in spaces(m).items() if l.attrs["nation"] == "TU"}
    assert {"constantinople", "gallipoli", "medina", "baghdad", "gaza"} <= tu
    assert all(attr(m, s, "control") == "neutral" for s in tu - {"basra"})
    assert attr(m, "basra", "control") == "AP"   # a BR corps sets up there (4.2)


# =========================================================================== regions
def test_11_3_1_near_east_map_holds_constantinople_and_bursa_also_on_the_main_map(m):
    for sid in ("constantinople", "bursa"):
        assert attr(m, sid, "region") == "near_east"
        assert attr(m, sid, "ne_main_copy") is True
    copies = {sid for sid, l in spaces(m).items() if l.attrs.get("ne_main_copy")}
    assert copies == {"constantinople", "bursa"}


def test_9_2_7_adrianople_gallipoli_balikesir_are_off_the_ne_map_but_border_it(m):
    a = adj(m)
    for sid in ("adrianople", "gallipoli", "balikesir"):
        assert attr(m, sid, "region") != "near_east"
        assert any(attr(m, n, "region") == "near_east" for n in a[sid]), sid


def test_2_2_regions_west_east_italy_near_east_laid_out_as_on_the_map(m):
    reg = Counter(l.attrs["region"] for l in spaces(m).values())
    assert all(reg[r] >= 20 for r in ("west", "east", "italy", "near_east"))
    L = m.locations
    assert L["cherbourg"].x < L["paris"].x < L["berlin"].x < L["warsaw"].x < L["moscow"].x
    assert L["petrograd"].y < L["warsaw"].y < L["budapest"].y < L["athens"].y
    # the Near East map is an inset in the lower right
    ne = [l for l in spaces(m).values() if l.attrs["region"] == "near_east"]
    assert min(l.y for l in ne) > L["odessa"].y
    assert sum(l.x for l in ne) / len(ne) > L["sofia"].x


def test_regions_of_the_set_up_headings(m):
    for sid in ("bremen", "aachen", "koblenz", "metz", "strasbourg", "mulhouse", "paris"):
        assert attr(m, sid, "region") == "west", sid
    for sid in ("konigsberg", "insterburg", "oppeln", "cracow", "warsaw", "kovno"):
        assert attr(m, sid, "region") == "east", sid
    for sid in ("trent", "villach", "trieste", "verona", "asiago", "maggiore", "udine", "rome"):
        assert attr(m, sid, "region") == "italy", sid


def test_space_nations_of_named_spaces(m):
    expect = {"london": "BR", "calais": "FR", "ostend": "BE", "antwerp": "BE", "liege": "BE",
              "aachen": "GE", "konigsberg": "GE", "lodz": "RU", "warsaw": "RU",
              "cracow": "AH", "lemberg": "AH", "trent": "AH", "trieste": "AH", "nis": "SB",
              "cetinje": "MN", "sofia": "BU", "bucharest": "RO", "salonika": "GR",
              "maggiore": "IT", "kars": "RU", "baku": "RU", "medina": "TU", "ahwaz": "PE",
              "cairo": "EG", "libya": "EG", "arabia": "AR", "basra": "PE"}
    for sid, nat in expect.items():
        assert attr(m, sid, "nation") == nat, sid


# =========================================================================== connections
def test_11_1_3_connections_join_spaces_only_and_the_map_is_connected(m):
    s = spaces(m)
    a = adj(m)
    for e in m.edges:
        assert e.kind == "connection" and e.a in s and e.b in s
    start = "paris"
    seen, todo = {start}, deque([start])
    while todo:
        for n in a.get(todo.popleft(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(s)


def test_11_1_4_london_calais_dotted_british_only(m):
    e = edge(m, "london", "calais")
    assert e is not None and e.attrs.get("only") == "BR"
    assert adj(m)["london"] == {"calais", "cherbourg", "le_havre"}     # the printed map
    assert all(edge(m, "london", b).attrs.get("only") == "BR" for b in adj(m)["london"])


def test_12_1_10_taranto_valona_dotted_italian(m):
    e = edge(m, "taranto", "valona")
    assert e is not None and "IT" in e.attrs.get("only", "").split()


def test_11_3_2_caucasus_links_to_the_ne_map_only_at_grozny_and_poti_for_russians(m):
    a = adj(m)
    ne = {n for n in a["caucasus"] if attr(m, n, "region") == "near_east"}
    assert ne == {"grozny", "poti"}
    for n in ne:
        assert edge(m, "caucasus", n).attrs.get("only") == "RU"
    # no other link between the Near East map and the rest, except Constantinople/Bursa's side
    crossings = set()
    for e in m.edges:
        ra, rb = attr(m, e.a, "region"), attr(m, e.b, "region")
        if (ra == "near_east") != (rb == "near_east"):
            crossings.add(frozenset((e.a, e.b)))
    for c in crossings:
        assert c & {"caucasus", "constantinople", "bursa"}, c


def test_dotted_lines_name_existing_nationalities(m):
    nats = {n.id for n in m.nationalities}
    for e in m.edges:
        if e.attrs.get("only"):
            assert set(e.attrs["only"].split()) <= nats


@pytest.mark.parametrize("a,b", [
    ("calais", "amiens"), ("amiens", "cambrai"), ("brussels", "sedan"), ("liege", "sedan"),
    ("liege", "koblenz"), ("koblenz", "sedan"), ("metz", "sedan"), ("verdun", "sedan"),
    ("cambrai", "sedan"), ("chateau_thierry", "sedan"), ("cambrai", "chateau_thierry"),
    ("verdun", "chateau_thierry"), ("nancy", "metz"), ("nancy", "strasbourg"),
    ("belfort", "mulhouse"), ("oppeln", "czestochowa"), ("czestochowa", "lodz"),
    ("przemysl", "lemberg"), ("tarnopol", "dubno"), ("tarnopol", "kamenets_podolski"),
    ("tarnopol", "stanislau"), ("tarnopol", "czernowitz"), ("stanislau", "czernowitz"),
    ("stanislau", "munkacs"), ("czernowitz", "munkacs"), ("czernowitz", "kamenets_podolski"),
    ("munkacs", "cluj"), ("cluj", "debrecen"), ("belgrade", "timisvar"), ("belgrade", "novi_sad"),
    ("kishinev", "zhmerinka"), ("kishinev", "ismail"),
    ("insterburg", "konigsberg"), ("tarnopol", "lemberg"), ("adrianople", "constantinople")])
def test_example_of_play_adjacencies(m, a, b):
    assert edge(m, a, b) is not None


def test_12_7_4_kishinev_pocket_cannot_retreat_when_romania_neutral_and_odessa_taken(m):
    a = adj(m)
    # attacked from Zhmerinka, Odessa CP-held, Romania neutral: no 2-space retreat exists
    for first in a["kishinev"] - {"zhmerinka", "odessa"}:
        if attr(m, first, "control") == "neutral":
            continue
        assert first == "ismail"
        seconds = a[first] - {"kishinev", "odessa", "zhmerinka"}
        assert all(attr(m, s, "control") == "neutral" for s in seconds), seconds


def test_12_5_5_sedan_cambrai_chateau_thierry_triangle(m):
    a = adj(m)
    assert {"cambrai", "chateau_thierry"} <= a["sedan"] and "chateau_thierry" in a["cambrai"]


def test_example_of_play_moves_fit_movement_factors(m):
    """Moves in the example of play must be possible within the units' MF (11.1.5)."""
    a = adj(m)

    def dist(x, y):
        seen, todo = {x: 0}, deque([x])
        while todo:
            c = todo.popleft()
            for n in a[c]:
                if n not in seen:
                    seen[n] = seen[c] + 1
                    todo.append(n)
        return seen[y]
    corps_mf = face(m, "fr_corps", 0)[2]
    assert dist("grenoble", "paris") <= corps_mf       # AP 6, August: FR corps Grenoble -> Paris
    assert dist("belfort", "chateau_thierry") <= corps_mf
    assert dist("paris", "brussels") <= corps_mf
    assert dist("london", "brussels") <= face(m, "br_1a", 0)[2]
    assert dist("budapest", "munkacs") <= face(m, "ah_2a", 1)[2]
    assert dist("essen", "sedan") <= face(m, "ge_2a", 0)[2]
    assert dist("oppeln", "lodz") == 2


def test_12_3_2_example_of_play_flank_drm_at_set_up(m):
    """August 1914: the flank rolls against Tarnopol (from Dubno and Kamenets-Podolski) and
    Belgrade (from Timisvar and Novi Sad) got +1, so one attacking space in each had no other
    enemy-occupied space connected to it at the set-up."""
    a = adj(m)
    occupied = {}
    for p in placements(m, "campaign"):
        pt = m.piece_types[p.piece_type]
        if pt.kind == "unit" and m.locations[p.location].kind == "space":
            occupied.setdefault(p.location, set()).add(pt.side)

    def clear_flank(space, target, enemy):
        return not any(enemy in occupied.get(n, ()) for n in a[space] - {target})
    assert clear_flank("dubno", "tarnopol", "CP") or clear_flank("kamenets_podolski", "tarnopol", "CP")
    assert clear_flank("timisvar", "belgrade", "AP") or clear_flank("novi_sad", "belgrade", "AP")


def test_2_1_four_mef_beaches(m):
    mef = {sid for sid, l in spaces(m).items() if l.attrs.get("mef")}
    assert mef == {"mef1", "mef2", "mef3", "mef4"}
    for sid in mef:
        assert attr(m, sid, "nation") == "NONE" and attr(m, sid, "control") == "AP"
    assert {sid: adj(m)[sid] for sid in mef} == {"mef1": {"gallipoli"}, "mef2": {"cana_kale"},
                                                 "mef3": {"izmir"}, "mef4": {"adana"}}


def test_11_1_9_amiens_calais_ostend_coastal_restriction_and_9_2_3_be_as_br(m):
    coastal = {sid for sid, l in spaces(m).items() if l.attrs.get("coastal_1914")}
    assert coastal == {"amiens", "calais", "ostend"}
    bebr = {sid for sid, l in spaces(m).items() if l.attrs.get("be_as_br")}
    assert bebr == {"antwerp", "ostend", "calais", "amiens"}


def test_12_2_7_sinai_desert_space_next_to_palestine(m):
    assert m.locations["sinai"].terrain == "desert"
    assert adj(m)["sinai"] & {"gaza", "beersheba"}


def test_17_1_6_arabia_and_medina_and_libya(m):
    a = adj(m)
    assert "medina" in a["arabia"]
    assert edge(m, "arabia", "medina").attrs.get("only") == "ANA"   # the ANA's lines
    assert m.locations["libya"].attrs["nation"] == "EG"
    assert "alexandria" in a["libya"]


# =========================================================================== boxes, tracks, piles
def test_boxes_reserve_eliminated_permanent_and_pools(m):
    for side in ("AP", "CP"):
        for kind in ("reserve", "eliminated", "perm_eliminated", "pool", "cc"):
            l = m.locations[f"{kind}:{side}"]
            assert l.kind == "box" and l.owner == side


def test_hands_and_decks_visibility(m):
    L = m.locations
    for side in ("AP", "CP"):
        assert (L[f"deck:{side}"].kind, L[f"deck:{side}"].visibility) == ("deck", "nobody")
        assert (L[f"hand:{side}"].kind, L[f"hand:{side}"].visibility) == ("hand", "owner")
        assert L[f"hand:{side}"].owner == side
        for pile in (f"discard:{side}", f"removed:{side}", f"pile:{side}:limited_war",
                     f"pile:{side}:total_war", f"pile:{side}:optional"):
            assert L[pile].visibility == "public"


def test_4_1_1_tracks(m):
    L = m.locations
    for t in range(1, 21):
        assert L[f"turn:{t}"].kind == "track" and L[f"turn:{t}"].attrs["value"] == t
    for v in range(0, 41):
        assert L[f"grt:{v}"].attrs["value"] == v
    for side in ("AP", "CP"):
        for r in range(1, 7):
            assert L[f"action:{side}:{r}"].kind == "track"
        assert f"mo:{side}:none" in L
    assert len([k for k in L if k.startswith("us_entry:")]) == 4
    assert len([k for k in L if k.startswith("russian_capitulation:")]) == 8
    assert L["turn:1"].attrs["year"] == 1914 and L["turn:20"].attrs["year"] == 1919
    assert L["turn:20"].attrs["season"] == "winter"


def test_off_map_locations_do_not_overlap_spaces(m):
    s = list(spaces(m).values())
    for l in m.locations.values():
        if l.kind == "space":
            continue
        assert min(abs(l.x - o.x) + abs(l.y - o.y) for o in s) > 60, l.id


def test_spaces_do_not_overlap(m):
    s = list(spaces(m).values())
    for i, a in enumerate(s):
        for b in s[i + 1:]:
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= 70 ** 2, (a.id, b.id)


# =========================================================================== pieces
def units(m):
    return {k: v for k, v in m.piece_types.items() if v.kind == "unit"}


def test_2_2_1_units_have_full_and_reduced_faces_with_same_lf_and_mf(m):
    for pid, p in units(m).items():
        assert len(p.faces) == 2, pid
        f0, f1 = p.faces[0].values, p.faces[1].values
        assert f0["lf"] == f1["lf"] and f0["mf"] == f1["mf"], pid
        assert f1["cf"] <= f0["cf"], pid
        assert p.size in ("army", "corps")
        assert p.side == m.nationality(p.nationality).side


def test_3_3_counter_values_from_the_examples(m):
    assert face(m, "ge_8a", 0) == (5, 3, 3)
    assert face(m, "ge_2a", 0) == (5, 3, 3)
    assert face(m, "ge_corps", 0) == (2, 1, 4)
    assert face(m, "ge_7a", 1)[0] == 3
    assert face(m, "ru_2a", 0) == (3, 2, 3)
    assert face(m, "ru_corps", 0) == (1, 1, 3)
    assert face(m, "ru_3a", 0)[:2] == (3, 2) and face(m, "ru_8a", 0)[:2] == (3, 2)
    assert face(m, "br_3a", 0) == (4, 3, 3) and face(m, "br_4a", 0) == (4, 3, 3)
    assert face(m, "cnd_corps", 0) == (2, 1, 4)
    assert face(m, "fr_6a", 0) == (3, 3, 3)
    assert face(m, "fr_9a", 1)[0] == 2
    assert face(m, "fr_3a", 0)[0] == 3 and face(m, "fr_4a", 0)[0] == 3
    assert face(m, "fr_corps", 0)[1] == 1
    assert face(m, "sb_1a", 0)[1] == 2 and face(m, "ah_3a", 0)[1] == 2
    assert face(m, "ah_corps", 0)[0] == 1


def test_example_of_play_army_loss_factors(m):
    for pid, p in units(m).items():
        if p.size != "army":
            continue
        if p.nationality == "GE":
            assert p.faces[0].values["lf"] >= 3 and p.faces[1].values["lf"] >= 3
        if p.nationality == "FR":
            assert p.faces[0].values["lf"] == 3 and p.faces[1].values["lf"] == 3
        if p.nationality == "RU":
            assert p.faces[0].values["lf"] == 2


def test_12_4_7_dot_armies_are_permanently_eliminated(m):
    dot = {pid for pid, p in units(m).items() if p.attrs.get("perm_elim")}
    assert dot == {"tu_yld", "tu_aoi", "fr_orient", "ru_cau", "br_bef", "br_mef", "br_ne"}


def test_17_1_7_bef_army_carries_the_no_replacement_asterisk(m):
    star = {pid for pid, p in units(m).items() if p.attrs.get("no_replace")}
    assert star == {"br_bef"}


def test_12_4_5_loss_priority_bef_army_bef_corps_mef_then_aus_cnd(m):
    lp = {pid: p.attrs.get("loss_priority") for pid, p in units(m).items()
          if p.attrs.get("loss_priority") is not None}
    assert lp["br_bef"] < lp["bef_corps"] < lp["br_mef"] < lp["aus_corps"] == lp["cnd_corps"]
    assert lp["ru_cau"] < lp["aus_corps"]           # CAU before AUS/CND
    assert lp["ru_cau"] == lp["br_mef"]             # MEF + CAU: attacker chooses


def test_11_3_1_near_east_armies(m):
    ne = {pid for pid, p in units(m).items() if p.size == "army" and p.attrs.get("near_east")}
    assert ne == {"ru_cau", "br_mef", "br_ne", "fr_orient", "tu_yld", "tu_aoi"}


ARMIES = {
    "GE": {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "14", "17", "18"},
    "AH": {"1", "2", "3", "4", "5", "6", "7", "10", "11"}, "TU": {"YLD", "AoI"},
    "FR": {"1", "2", "3", "4", "5", "6", "7", "9", "10", "OR"},
    "BR": {"BEF", "1", "2", "3", "4", "5", "MEF", "NE"}, "BE": {"1"}, "SB": {"1", "2"},
    "IT": {"1", "2", "3", "4", "5"}, "US": {"1", "2"},
    "RU": {str(n) for n in range(1, 13)} | {"CAU"},
}


def test_3_2_order_of_battle_armies(m):
    got: dict[str, set[str]] = {}
    for p in units(m).values():
        if p.size == "army":
            assert p.count == 1
            got.setdefault(p.nationality, set()).add(p.attrs["designation"])
    assert got == ARMIES


def test_3_2_order_of_battle_corps_counts(m):
    corps = Counter()
    for p in units(m).values():
        if p.size == "corps":
            corps[p.nationality] += p.count
    # set-up + reinforcement cards (digest 3.2)
    assert corps["GE"] == 11 + 2 + 1 + 1 + 2 + 2
    assert corps["AH"] == 9 + 2
    assert corps["TU"] == 15 and corps["BU"] == 6 and corps["SN"] == 1 and corps["POL"] == 3
    assert corps["FR"] == 10
    assert corps["BR"] == 1 + 1 + 3 + 6          # reserve BR + BEF corps + 3 Near East + cards
    assert corps["RU"] == 13 + 1 + 2 + 2 + 2     # + 2 cavalry (AP #57)
    assert corps["SB"] == 2 and corps["MN"] == 1 and corps["BE"] == 1
    assert corps["IT"] == 7 and corps["RO"] == 6 and corps["GR"] == 3
    assert corps["US"] >= 4
    assert corps["AUS"] == corps["CND"] == corps["PT"] == corps["ANA"] == 1


def test_9_2_3_british_family_shares_the_light_brown_background(m):
    bg = {n.id: n.bg for n in m.nationalities}
    assert bg["BR"] == bg["AUS"] == bg["CND"] == bg["PT"] == bg["ANA"]
    assert {n.id: n.side for n in m.nationalities}["SN"] == "CP"


def test_3_4_markers_exist(m):
    markers = {k for k, v in m.piece_types.items() if v.kind == "marker"}
    for mk in ("m_turn", "m_vp", "m_ws_ap", "m_ws_cp", "m_ws_combined", "m_rp_ge", "m_rp_ah",
               "m_rp_a", "m_rp_br", "m_rp_fr", "m_rp_ru", "m_cp_ru_vp", "m_cp_ru_vp_fallen",
               "m_mo_ap", "m_mo_cp", "m_us_entry", "m_ru_capitulation", "m_move_attack",
               "m_trench_ap", "m_trench_cp", "m_siege", "m_destroyed", "m_beachhead",
               "m_sinai_pipeline", "m_oos", "m_control", "m_mo_missed"):
        assert mk in markers, mk
    assert m.piece_types["m_move_attack"].count == 5
    assert m.piece_types["m_action_ap"].count == m.piece_types["m_action_cp"].count == 6
    assert [f.name for f in m.piece_types["m_mo_ap"].faces] == ["Allied MO", "French Mutiny"]
    assert m.piece_types["m_us_entry"].faces[1].name == "The Fourteen Points"
    assert len(m.piece_types["m_trench_cp"].faces) == 2


# =========================================================================== cards
def cards(m):
    return {c.id: c for c in m.cards}


def test_2_3_130_cards_65_per_side_numbered_1_to_65(m):
    c = cards(m)
    assert len(c) == 130
    for side in ("AP", "CP"):
        nums = sorted(x.attrs["number"] for x in c.values() if x.side == side)
        assert nums == list(range(1, 66))


def test_2_3_decks_14_mobilization_20_limited_21_total_plus_10_optional(m):
    for side in ("AP", "CP"):
        base = Counter(x.attrs["deck"] for x in cards(m).values()
                       if x.side == side and not x.attrs["optional"])
        assert base == {"mobilization": 14, "limited_war": 20, "total_war": 21}
        opt = [x for x in cards(m).values() if x.side == side and x.attrs["optional"]]
        assert sorted(x.attrs["number"] for x in opt) == list(range(56, 66))


def test_16_1_war_status_totals_cp_25_ap_23(m):
    for side, total in (("CP", 25), ("AP", 23)):
        assert sum(x.attrs["ws"] for x in cards(m).values() if x.side == side) == total


def test_16_1_war_status_tables_match_the_cards(m):
    c = cards(m)
    for tid in ("war_status_cp", "war_status_ap"):
        t = m.tables[tid]
        for i, cid in enumerate(t.rows.values):
            assert c[cid].attrs["ws"] == t.lookup(cid, "ws"), cid
            assert c[cid].attrs["deck"] == t.lookup(cid, "level"), cid
        ws_cards = {cid for cid, x in c.items() if x.attrs["ws"] and x.side == tid[-2:].upper()}
        assert ws_cards == set(t.rows.values)


def test_4_15_rp_box_follows_ops_sr_pattern_with_two_exceptions(m):
    ap = {(2, 2): "BR 1 FR 1 RU 1", (3, 4): "BR 1 FR 1 IT 1 RU 2",
          (4, 4): "A 1 BR 2 FR 2 IT 1 RU 3", (5, 5): "A 1 BR 3 FR 3 IT 2 RU 4"}
    cp = {(2, 2): "GE 1", (3, 4): "AH 1 GE 2 TU 1", (4, 4): "AH 2 BU 1 GE 3 TU 1",
          (5, 5): "AH 3 BU 1 GE 4 TU 2"}
    for cid, x in cards(m).items():
        a = x.attrs
        expect = (ap if x.side == "AP" else cp)[(a["ops"], a["sr"])]
        if cid == "ap_17":
            assert a["rp"] == "A 1 BR 3 FR 3 RU 4"
        elif cid == "cp_34":
            assert a["rp"] == "AH 3 GE 4 TU 2"
        else:
            assert a["rp"] == expect, cid


@pytest.mark.parametrize("cid,ops,sr,ws,cc,rm", [
    ("cp_01", 3, 4, 2, False, True), ("cp_13", 4, 4, 2, False, True),
    ("cp_31", 3, 4, 0, True, False), ("cp_65", 4, 4, 3, False, True),
    ("cp_04", 2, 2, 0, True, False), ("cp_58", 2, 2, 0, False, False),
    ("ap_02", 4, 4, 2, False, True), ("ap_05", 2, 2, 0, True, False),
    ("ap_07", 2, 2, 0, True, True), ("ap_39", 2, 2, 0, True, False),
    ("ap_53", 5, 5, 0, False, True), ("ap_54", 5, 5, 2, False, True),
    ("ap_16", 5, 5, 1, False, True), ("ap_17", 5, 5, 2, False, True)])
def test_4_16_4_17_card_values(m, cid, ops, sr, ws, cc, rm):
    a = cards(m)[cid].attrs
    assert (a["ops"], a["sr"], a["ws"], a["cc"], a["remove"]) == (ops, sr, ws, cc, rm)


def test_card_names(m):
    c = cards(m)
    assert c["cp_01"].name == "Guns of August"
    assert c["ap_09"].name == "Moltke"
    assert c["cp_52"].name == "Fall of the Tsar"
    assert c["ap_54"].name == "Zimmermann Telegram"
    assert c["ap_62"].name == "The Sixtus Affair"


def test_3_0_5_one_combat_per_turn_ccs(m):
    once = {cid for cid, x in cards(m).items() if x.attrs["once_per_turn"]}
    assert once == {"ap_36", "ap_48", "cp_31"}
    assert all(cards(m)[c].attrs["cc"] for c in once)


def test_9_1_3_and_5_7_4_event_plus_ops_cards(m):
    eo = {cid for cid, x in cards(m).items() if x.attrs["event_ops"]}
    assert eo == {"ap_23", "ap_35", "ap_45", "ap_46", "cp_17"}
    eoh = {cid for cid, x in cards(m).items() if x.attrs["event_ops_historical"]}
    assert eoh == eo | {"ap_28", "ap_54", "ap_55", "cp_28", "cp_52", "cp_53"}


def test_0_2_missing_cards_are_marked_reconstructed(m):
    rec = {cid for cid, x in cards(m).items() if x.attrs["reconstructed"]}
    assert rec == {"ap_60", "ap_61", "ap_62", "ap_63", "ap_64", "ap_65", "cp_22"}
    for cid in rec - {"ap_61"}:   # AP #61's event is a printed card fact (provenance)
        assert "econstructed" in cards(m)[cid].attrs["event"]


def test_4_8_cp_22_brings_the_12th_army(m):
    assert "12th Army" in cards(m)["cp_22"].attrs["event"]
    assert cards(m)["cp_22"].attrs["deck"] == "limited_war"


def test_every_card_has_an_event_statement_and_a_back(m):
    for cid, x in cards(m).items():
        assert len(x.attrs["event"]) > 10, cid
        assert x.back == f"{x.side} card"
        assert 2 <= x.attrs["ops"] <= 5 and x.attrs["sr"] in (2, 4, 5)


# =========================================================================== tables
def test_4_1_corps_fire_table_exact(m):
    t = m.tables["fire_corps"]
    assert t.cols.values == (0, 1, 2, 3, 4, 5, 6, 7, "8+")
    assert t.rows.values == (1, 2, 3, 4, 5, 6)
    assert t.cells == ((0, 0, 0, 1, 1, 1, 1, 1, 2), (0, 0, 1, 1, 1, 1, 1, 2, 2),
                       (0, 0, 1, 1, 1, 2, 2, 2, 3), (0, 1, 1, 1, 2, 2, 2, 3, 3),
                       (1, 1, 1, 2, 2, 2, 3, 3, 4), (1, 1, 1, 2, 2, 3, 3, 4, 4))


def test_4_2_army_fire_table_exact(m):
    t = m.tables["fire_army"]
    assert t.cols.values == (1, 2, 3, 4, 5, "6-8", "9-11", "12-14", 15, "16+")
    assert t.cells == ((0, 1, 1, 2, 2, 3, 3, 4, 4, 5), (1, 1, 2, 2, 3, 3, 4, 4, 5, 5),
                       (1, 2, 2, 3, 3, 4, 4, 5, 5, 7), (1, 2, 3, 3, 4, 4, 5, 5, 7, 7),
                       (2, 3, 3, 4, 4, 5, 5, 7, 7, 7), (2, 3, 4, 4, 5, 5, 7, 7, 7, 7))


def test_4_2_fire_table_spot_checks_from_the_examples(m):
    army, corps = m.tables["fire_army"], m.tables["fire_corps"]
    assert army.lookup(2, 15) == 5
    assert army.lookup(3, 3) == 2
    assert corps.lookup(4, 1) == 1
    assert army.lookup(6, "12-14") == 7
    assert army.lookup(3, "6-8") == 4          # example of play, AP 1
    assert army.lookup(4, "9-11") == 5         # example of play, CP 2


def test_4_3_terrain_effects_chart(m):
    t = m.tables["terrain_effects"]
    assert t.lookup("mountain", "attacker_shift") == -1 and t.lookup("swamp", "attacker_shift") == -1
    assert t.lookup("trench_1", "attacker_shift") == -1 and t.lookup("trench_1", "defender_shift") == 1
    assert t.lookup("trench_2", "attacker_shift") == -2 and t.lookup("trench_2", "defender_shift") == 1
    assert [t.lookup(r, "cancel_retreat") for r in t.rows.values] == \
        [False, True, True, True, True, True, True]
    assert [t.lookup(r, "stop_on_advance") for r in t.rows.values] == \
        [False, True, True, True, True, False, False]
    assert [t.lookup(r, "flank_attack") for r in t.rows.values] == \
        [True, False, False, True, True, False, False]
    assert all(t.lookup(r, "mp") == 1 for r in t.rows.values)


def test_4_4_replacement_costs(m):
    t = m.tables["replacement_cost"]
    costs = [t.lookup(r, "rp") for r in t.rows.values]
    assert costs == [1, 1, 1, 1, 1, 1, 2]
    assert "full strength" in t.rows.values[-1]


def test_4_5_victory_point_table(m):
    t = m.tables["victory_points"]
    vp = {r: t.lookup(r, "vp") for r in t.rows.values}
    assert vp["Reichstag Truce"] == 1 and vp["Fall of the Tsar (Romania neutral)"] == 3
    for r in ("Rape of Belgium", "Lusitania", "Convoy", "Zimmermann Telegram",
              "The Fourteen Points", "Polish Restoration (optional card)"):
        assert vp[r] == -1
    assert vp["Blockade, each Winter turn"] == -1
    assert vp["CP capture or recapture an Allied-controlled VP space"] == 1


def test_4_6_victory_levels(m):
    t = m.tables["victory_levels"]
    assert t.lookup("introductory", "cp_victory_at_least") == 14
    assert t.lookup("introductory", "ap_victory_at_most") == 10
    assert t.lookup("limited_war", "cp_victory_at_least") == 17
    assert t.lookup("limited_war", "draw") == "13-16"
    assert t.lookup("campaign", "cp_victory_at_least") == 13
    assert t.lookup("campaign_after_brest_litovsk", "cp_victory_at_least") == 11
    assert t.lookup("automatic", "cp_victory_at_least") == 20
    assert t.lookup("automatic", "ap_victory_at_most") == 0


def test_4_7_peace_terms_tables(m):
    cp, ap = m.tables["peace_terms_cp"], m.tables["peace_terms_ap"]
    assert cp.cells == ((1, 1, 1, 0, 0, -1), (1, 1, 0, 0, 0, -1))
    assert ap.cells == ((-1, -1, -1, 0, 0, 1), (-1, -1, 0, 0, 0, 1))
    assert cp.rows.values == ap.rows.values == ("0-19", "20+")


def test_4_8_reinforcement_table_names_existing_cards_and_units(m):
    t = m.tables["reinforcements"]
    c = cards(m)
    for cid in t.rows.values:
        assert cid in c
        assert t.lookup(cid, "side") == c[cid].side
    assert "12th Army" in t.lookup("cp_22", "units")
    assert "Czech Legion" in t.lookup("ap_60", "units")


def test_4_9_mandated_offensive_table_agrees_with_the_example_of_play(m):
    t = m.tables["mandated_offensive"]
    assert t.lookup(4, "CP") == "GE"
    assert t.lookup(1, "CP") in ("AH", "AH_IT")   # AH(It) reads as AH while Italy is neutral
    assert t.lookup(2, "AP") == "FR"
    assert t.lookup(5, "AP") == "IT"
    boxes_cp = {k.split(":")[2] for k in m.locations if k.startswith("mo:CP:")}
    boxes_ap = {k.split(":")[2] for k in m.locations if k.startswith("mo:AP:")}
    assert set(t.cells[i][0] for i in range(6)) <= boxes_cp
    assert set(t.cells[i][1] for i in range(6)) <= boxes_ap
    assert "reconstructed" in t.notes.lower() or "NOT in the rulebook" in t.notes


def test_4_10_turn_record_track(m):
    t = m.tables["turn_track"]
    assert t.rows.values == tuple(range(1, 21))
    assert t.lookup(1, "date") == "August 1914" and t.lookup(2, "date") == "September 1914"
    assert t.lookup(3, "date") == "Fall 1914"
    assert t.lookup(10, "date") == "Summer 1916"
    assert t.lookup(16, "date") == "Winter 1918"
    assert t.lookup(20, "date") == "Winter 1919"
    winters = [r for r in t.rows.values if t.lookup(r, "season") == "winter"]
    assert winters == [4, 8, 12, 16, 20]


def test_4_11_us_entry_and_russian_capitulation_tracks(m):
    us = m.tables["us_entry_track"]
    assert [us.lookup(i, "box") for i in us.rows.values] == \
        ["neutral", "zimmermann_allowed", "zimmermann", "over_there"]
    ru = m.tables["russian_capitulation_track"]
    assert ru.lookup(1, "box") == "god_save_the_tsar" and ru.lookup(8, "box") == "brest_litovsk"
    for i in ru.rows.values:
        assert f"russian_capitulation:{ru.lookup(i, 'box')}" in m.locations


def test_16_thresholds(m):
    t = m.tables["war_commitment"]
    assert [t.lookup(r, "value") for r in t.rows.values] == [4, 11, 30, 33, 40]


def test_12_5_2_retreat_length_and_13_1_2_sr_cost(m):
    assert m.tables["retreat_length"].cells == ((0,), (1,), (2,))
    sr = m.tables["sr_cost"]
    assert sr.lookup("corps", "sr_points") == 1 and sr.lookup("army", "sr_points") == 4


def test_every_table_cites_a_rule_in_the_rules_index(m):
    for t in m.tables.values():
        first = t.rule.split("-")[0].split()[0]
        assert first in m.rules_index, (t.id, t.rule)


# =========================================================================== scenarios
SCENARIOS = {"introductory": ("5.3", 3), "limited_war": ("5.4", 10), "campaign": ("5.5", 20),
             "historical": ("5.7", 20)}


def test_5_scenarios_rules_and_lengths(m):
    assert set(m.scenarios) == set(SCENARIOS)
    for sid, (rule, last) in SCENARIOS.items():
        sc = m.scenarios[sid]
        assert (sc.rule, sc.first_turn, sc.last_turn) == (rule, 1, last)
        assert set(sc.shuffle) == {"deck:AP", "deck:CP"}
        assert sc.victory


def test_4_1_1_initial_globals(m):
    for sc in m.scenarios.values():
        g = sc.globals
        assert (g["turn"], g["vp"], g["ws_ap"], g["ws_cp"], g["ws_combined"]) == (1, 10, 0, 0, 0)
        assert g["us_entry"] == "neutral" and g["russian_capitulation"] == "god_save_the_tsar"
        assert g["commitment_ap"] == g["commitment_cp"] == "mobilization"
    assert m.scenarios["historical"].globals["hand_size"] == 8
    assert m.scenarios["introductory"].globals["commitment_checks"] is False
    assert m.scenarios["historical"].globals["peace_terms"] is False


def on_map(m, sid):
    """{space: [(piece, face), ...]} for units placed on spaces at set-up."""
    out: dict[str, list] = {}
    for p in placements(m, sid):
        if p.location in m.locations and m.locations[p.location].kind == "space" \
                and m.piece_types[p.piece_type].kind == "unit":
            out.setdefault(p.location, []).extend([(p.piece_type, p.face)] * p.count)
    return out


SETUP = {  # digest §7.1 (rulebook 4.2)
    "cracow": [("ah_corps", 0)], "tarnow": [("ah_1a", 0)], "przemysl": [("ah_4a", 0)],
    "tarnopol": [("ah_3a", 0)], "czernowitz": [("ah_corps", 0)], "stanislau": [("ah_corps", 0)],
    "munkacs": [("ah_2a", 1)], "timisvar": [("ah_corps", 0)], "novi_sad": [("ah_5a", 0)],
    "sarajevo": [("ah_6a", 0)], "villach": [("ah_corps", 0)],
    "bremen": [("ge_corps", 1)], "aachen": [("ge_1a", 0)],
    "koblenz": [("ge_2a", 0), ("ge_3a", 0)], "metz": [("ge_4a", 0), ("ge_5a", 0)],
    "strasbourg": [("ge_6a", 0)], "mulhouse": [("ge_7a", 1)],
    "insterburg": [("ge_8a", 0), ("ge_corps", 0)], "oppeln": [("ge_corps", 1)],
    "antwerp": [("be_1a", 0)], "brussels": [("br_bef", 0)], "port_said": [("br_corps", 1)],
    "cairo": [("br_corps", 1)], "basra": [("br_corps", 1)], "sedan": [("fr_5a", 0)],
    "verdun": [("fr_3a", 0), ("fr_4a", 0)], "nancy": [("fr_1a", 0), ("fr_2a", 0)],
    "belfort": [("fr_corps", 0), ("fr_corps", 0)], "bar_le_duc": [("fr_9a", 1)],
    "paris": [("fr_6a", 1)], "grenoble": [("fr_corps", 0)], "cetinje": [("mn_corps", 0)],
    "riga": [("ru_corps", 0)], "szawli": [("ru_corps", 0)], "kovno": [("ru_1a", 0)],
    "grodno": [("ru_corps", 0)], "lomza": [("ru_2a", 0)], "ivangorod": [("ru_4a", 0)],
    "lublin": [("ru_5a", 0)], "dubno": [("ru_3a", 0)], "kamenets_podolski": [("ru_8a", 0)],
    "odessa": [("ru_corps", 0)], "batum": [("ru_corps", 0)], "kars": [("ru_corps", 0)],
    "erivan": [("ru_corps", 0)], "belgrade": [("sb_1a", 0)], "valjevo": [("sb_2a", 0)],
}


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_4_2_common_set_up(m, sid):
    got = {k: sorted(v) for k, v in on_map(m, sid).items()}
    assert got == {k: sorted(v) for k, v in SETUP.items()}


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_4_2_reserve_boxes(m, sid):
    res = Counter()
    for p in placements(m, sid):
        if p.location.startswith("reserve:"):
            res[(p.location, p.piece_type)] += p.count
    assert res == {("reserve:CP", "ah_corps"): 4, ("reserve:CP", "ge_corps"): 8,
                   ("reserve:AP", "be_corps"): 1, ("reserve:AP", "br_corps"): 1,
                   ("reserve:AP", "bef_corps"): 1, ("reserve:AP", "fr_corps"): 7,
                   ("reserve:AP", "ru_corps"): 6, ("reserve:AP", "sb_corps"): 2}


def trenches(m, sid):
    out = {}
    for p in placements(m, sid):
        if p.piece_type in ("m_trench_ap", "m_trench_cp"):
            assert p.face == 0   # level 1
            out[p.location] = p.piece_type[-2:].upper()
    return out


def test_4_2_set_up_trenches(m):
    t = trenches(m, "campaign")
    assert {k for k, v in t.items() if v == "CP"} == {"cracow", "trent", "villach", "trieste",
                                                      "metz", "mulhouse", "konigsberg"}
    assert {k for k, v in t.items() if v == "AP"} == {"brussels", "port_said", "cairo", "basra",
                                                      "verdun", "nancy", "belfort", "paris",
                                                      "riga", "odessa"}
    assert trenches(m, "introductory") == t == trenches(m, "limited_war")


def test_5_7_1_historical_trench_changes(m):
    base, hist = trenches(m, "campaign"), trenches(m, "historical")
    assert hist["brussels"] == "CP" and base["brussels"] == "AP"
    for s in ("verona", "asiago", "maggiore", "udine"):
        assert s in hist and s not in base
    assert {k: v for k, v in hist.items() if k not in ("brussels", "verona", "asiago",
                                                        "maggiore", "udine")} == \
        {k: v for k, v in base.items() if k != "brussels"}


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_every_unit_of_the_mix_is_placed_once_on_existing_locations(m, sid):
    used = Counter()
    for p in placements(m, sid):
        assert p.location in m.locations, p
        assert p.piece_type in m.piece_types, p
        assert 0 <= p.face < len(m.piece_types[p.piece_type].faces)
        used[p.piece_type] += p.count
    for pid, pt in m.piece_types.items():
        if pt.kind in ("unit", "card"):
            assert used[pid] == pt.count, pid
        else:
            assert used[pid] <= pt.count, pid


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_10_1_1_set_up_respects_stacking_and_friendly_control(m, sid):
    for space, units_ in on_map(m, sid).items():
        assert len(units_) <= 3, space
        side = m.piece_types[units_[0][0]].side
        assert all(m.piece_types[u].side == side for u, _ in units_)
        assert attr(m, space, "control") == side, space


def entries(m, sid, nation):
    return [p for p in placements(m, sid) if p.attrs.get("entry") == nation]


def test_16_1_3_1_turkish_entry_fifteen_corps(m):
    tu = entries(m, "campaign", "turkey")
    locs = [p.attrs["entry_location"] for p in tu]
    assert sorted(locs) == sorted(["adrianople", "gallipoli", "constantinople", "balikesir",
                                   "ankara", "adana", "rize", "erzerum", "giresun", "van",
                                   "mosul", "baghdad", "damascus", "gaza", "medina"])
    for p in tu:
        assert p.piece_type == "tu_corps" and p.location == "pool:CP"
        assert attr(m, p.attrs["entry_location"], "nation") == "TU"


def test_4_2_2_neutral_entry_placements(m):
    it = {p.attrs["entry_location"]: (p.piece_type, p.attrs.get("entry_face", 0), p.count)
          for p in entries(m, "campaign", "italy")}
    assert it == {"reserve:AP": ("it_corps", 0, 4), "turin": ("it_corps", 0, 1),
                  "verona": ("it_1a", 1, 1), "asiago": ("it_4a", 1, 1),
                  "maggiore": ("it_3a", 1, 1), "udine": ("it_2a", 1, 1),
                  "rome": ("it_corps", 0, 1), "taranto": ("it_corps", 0, 1)}
    gr = sorted(p.attrs["entry_location"] for p in entries(m, "campaign", "greece"))
    assert gr == ["athens", "florina", "larisa"]
    for nation, cap, piece in (("bulgaria", "sofia", "bu_corps"),
                               ("romania", "bucharest", "ro_corps")):
        e = entries(m, "campaign", nation)
        assert sum(p.count for p in e) == 6
        assert sum(p.count for p in e if p.attrs.get("entry_location") == cap) == 2
        assert all(p.piece_type == piece for p in e)
    for p in placements(m, "campaign"):
        loc = p.attrs.get("entry_location")
        if loc:
            assert loc in m.locations


def test_9_5_3_reinforcements_wait_in_the_pool_with_their_card(m):
    c = cards(m)
    pool = [p for p in placements(m, "campaign") if p.attrs.get("card")]
    assert {p.piece_type for p in pool} >= {"ge_9a", "ge_12a", "tu_yld", "br_mef", "ru_cau",
                                            "us_1a", "fr_orient", "ana_corps"}
    for p in pool:
        assert p.attrs["card"] in c
        assert p.location == f"pool:{c[p.attrs['card']].side}"


def test_4_3_cards_at_start(m):
    for sid in SCENARIOS:
        at = {p.piece_type: p.location for p in placements(m, sid)
              if m.piece_types[p.piece_type].kind == "card"}
        for cid, x in cards(m).items():
            side, deck = x.side, x.attrs["deck"]
            if x.attrs["optional"]:
                assert at[cid] == f"pile:{side}:optional"
            elif deck == "mobilization":
                expect = "hand:CP" if (sid == "historical" and cid == "cp_01") else f"deck:{side}"
                assert at[cid] == expect, (sid, cid)
            else:
                assert at[cid] == f"pile:{side}:{deck}"


def test_4_1_1_markers_at_start(m):
    at = {p.piece_type: p.location for p in placements(m, "campaign")
          if m.piece_types[p.piece_type].kind == "marker" and not p.piece_type.startswith("m_trench")}
    assert at["m_turn"] == "turn:1" and at["m_vp"] == "grt:10"
    for mk in ("m_ws_ap", "m_ws_cp", "m_ws_combined", "m_rp_ge", "m_rp_ah", "m_rp_a", "m_rp_br",
               "m_rp_fr", "m_rp_ru", "m_cp_ru_vp"):
        assert at[mk] == "grt:0", mk
    assert at["m_us_entry"] == "us_entry:neutral"
    assert at["m_ru_capitulation"] == "russian_capitulation:god_save_the_tsar"


def test_scenario_options(m):
    opts = {sid: {o.id for o in sc.options} for sid, sc in m.scenarios.items()}
    assert "goa_in_hand" in opts["campaign"] and "goa_in_hand" not in opts["historical"]
    assert "optional_cards" in opts["campaign"] and "hand_size_8" in opts["campaign"]
    assert "optional_cards" not in opts["introductory"]


# =========================================================================== rules index & provenance
def test_rules_index_covers_the_rules_the_data_cites(m):
    for rule in ("2.1", "3.0", "4.1.1", "5.3", "5.4", "5.5", "5.7.2", "7.1", "9.2.3", "11.1.4",
                 "11.3.1", "11.3.2", "12.2.8", "12.4.5", "12.4.7", "14.2.1", "15.2.1", "16.4",
                 "17.1.7"):
        assert m.rule_text(rule), rule


def test_10_provenance_marks_every_reconstructed_layer_and_rulebook_fact(m):
    prov = {p.target: p.source for p in m.provenance}
    for layer in ("layer:counters", "layer:coordinates"):
        assert "reconstructed" in prov[layer], layer
    for layer in ("layer:spaces", "layer:terrain", "layer:forts", "layer:vp", "layer:ports",
                  "layer:supply", "layer:connections", "layer:mef"):
        assert prov[layer].startswith("printed map facts"), layer
    assert "printed map facts" in prov["layer:control"] and "§2.6" in prov["layer:control"]
    assert prov["layer:cards"].startswith("rulebook")
    assert prov["location:verdun/fort"].startswith("rulebook")
    assert prov["edge:london|calais"].startswith("rulebook")
    assert prov["table:mandated_offensive"].startswith("reconstructed")
    assert prov["table:fire_army"].startswith("rulebook")
    for cid in ("ap_60", "ap_61", "ap_62", "ap_63", "ap_64", "ap_65", "cp_22"):
        assert prov[f"piece:{cid}"].startswith("reconstructed")
    for sid in RULEBOOK_SPACES:
        assert prov[f"location:{sid}"].startswith("rulebook"), sid


def test_rules_cited_by_card_events_are_in_the_rules_index(m):
    import re
    cited = set()
    for c in cards(m).values():
        cited |= set(re.findall(r"\((\d+(?:\.\d+)+)", c.attrs["event"]))
    assert cited, "the card texts cite rules"
    for rule in cited:
        assert m.rule_text(rule), rule


def test_example_of_play_7_6_liege_is_not_a_vp_space(m):
    """7.6: Guns of August puts GE 1st and 2nd Armies in Liege, yet VP stays 10 until Lodz
    falls, so Liege is no VP space (in the base game or the Historical scenario)."""
    assert m.locations["liege"].attrs.get("vp") is False
    assert m.locations["liege"].attrs.get("vp_historical") is False
    assert m.locations["lodz"].attrs.get("vp") is True
