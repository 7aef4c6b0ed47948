"""Data tests of the built 1914 Offensive à outrance module (rule numbers in the test names).

Every fact asserted here is printed in the rulebook (digest shared/rules/offensive_a_outrance_1914.md)
or is a structural fact of the module (e.g. every placement names an existing piece and hex).
"""
from __future__ import annotations

from collections import defaultdict, deque

import pytest

from engine import modules as resolve  # noqa: E402  (a broken import must fail, not skip)
from engine import hexgrid  # noqa: E402

MID = "offensive_a_outrance_1914"


@pytest.fixture(scope="module")
def m():
    return resolve.open_module(MID)


@pytest.fixture(scope="module")
def scheme(m):
    return hexgrid.scheme_for(m.grid("main"))


@pytest.fixture(scope="module")
def edges(m):
    out = {}
    for e in m.edges:
        out[frozenset((e.a, e.b))] = e.attrs
    return out


def adjacent(scheme, a, b):
    return hexgrid.distance(scheme.hex(a), scheme.hex(b)) == 1


def attr(m, h, key, default=None):
    return m.locations[h].attrs.get(key, default)


def rail_graph(m, classes=("double",)):
    g = defaultdict(set)
    for e in m.edges:
        if e.attrs.get("rail") in classes:
            g[e.a].add(e.b)
            g[e.b].add(e.a)
    return g


def bfs(g, a, b):
    d = {a: 0}
    q = deque([a])
    while q:
        x = q.popleft()
        for y in g[x]:
            if y not in d:
                d[y] = d[x] + 1
                q.append(y)
    return d.get(b)


# ------------------------------------------------------------------ 2.1 grid and extent
def test_27_4_hex_ids_are_cc_rr_column_first(m, scheme):
    # 27.4: VP = row - column, so 29.34 is column 29 row 34
    assert scheme.label(scheme.hex("16.36")) == "16.36"
    assert m.locations["16.36"].name == "Paris"
    assert m.locations["01.21"].name == "Le Havre"
    assert attr(m, "29.34", "advance_vp") == 5
    assert attr(m, "15.32", "advance_vp") == 17
    assert attr(m, "25.23", "advance_vp") == -2


def test_27_4_advance_vp_only_west_of_column_45(m):
    assert all(int(h[:2]) < 45 for h, loc in m.locations.items() if "advance_vp" in loc.attrs)
    assert "advance_vp" not in m.locations["45.30"].attrs


@pytest.mark.parametrize("group", [
    ["46.44", "46.45", "47.45", "47.46"],      # Verdun camp (12.2.2), a compact diamond
    ["34.38", "35.38", "35.39"],               # Reims (27.8), a triangle
    ["55.70", "56.69", "56.70"],               # Mulhausen (27.2), a triangle
])
def test_2_1_multi_hex_places_are_compact(scheme, group):
    hexes = [scheme.hex(h) for h in group]
    assert max(hexgrid.distance(a, b) for a in hexes for b in hexes) == 1 or len(group) == 4
    # every hex touches at least two others of its group
    for a in hexes:
        assert sum(hexgrid.distance(a, b) == 1 for b in hexes) >= 2


@pytest.mark.parametrize("a,b", [
    ("44.17", "43.18"),      # 7.1.6a example
    ("21.27", "22.26"),      # 8.2.2 example
    ("56.70", "55.71"),      # 19 example
    ("51.16", "52.16"),      # 24.6 Belgian pontoon hexside
    ("15.33", "15.34"),      # 18.4.1a Pont de Pontoise
    ("29.31", "30.31"),      # 18.4.1 Chauny bridge
    ("30.30", "31.31"),      # 18.4.1 La Fère bridge
    ("23.24", "23.25"),      # 31.3 Amiens bridge
    ("46.36", "46.37"),      # 3.4.5 Meuse at Iges
    ("58.56", "57.56"),      # 7.1 example
    ("42.40", "43.40"), ("43.41", "43.40"),      # 11 combat example
])
def test_2_1_worked_example_hexes_are_adjacent(scheme, a, b):
    assert adjacent(scheme, a, b)


@pytest.mark.parametrize("a,b", [
    ("47.37", "48.36"), ("56.63", "57.63"), ("46.35", "47.36"), ("26.27", "26.28"),
    ("49.18", "50.18"), ("52.18", "53.18"), ("49.20", "50.19"), ("50.46", "51.47"),
])
def test_19_two_hex_set_up_pairs_are_adjacent(scheme, a, b):
    assert adjacent(scheme, a, b)


def test_2_1_map_extent_columns_01_to_66_rows_09_to_73(m):
    hexes = [h for h, loc in m.locations.items() if loc.kind == "hex"]
    cols = {int(h[:2]) for h in hexes}
    rows = {int(h[3:]) for h in hexes}
    assert min(cols) == 1 and max(cols) == 66
    assert min(rows) == 9 and max(rows) == 73
    assert len(hexes) > 3000
    for h in ["01.21", "26.09", "66.61", "57.73", "48.72", "02.36", "02.46"]:
        assert h in m.locations


def test_29_1_small_map_holds_the_lorraine_hexes(m):
    for h in ["48.52", "48.53", "49.53", "51.53", "55.57", "50.54", "53.60", "51.54", "55.59",
              "57.58", "58.58", "60.51", "64.58", "63.58", "64.59", "62.50", "58.49", "60.49",
              "53.50", "54.50", "55.50", "60.55", "59.60", "59.59"]:
        assert attr(m, h, "lorraine") is True, h
        assert "S" in attr(m, h, "sheets").split()
    assert attr(m, "16.36", "lorraine") is False


def test_31_1_race_to_the_sea_hexes_are_on_the_nw_or_ne_sheets(m):
    for h in ["16.36", "01.21", "26.09", "52.16", "27.38", "48.53", "51.54", "53.55", "57.55",
              "55.46", "54.49", "41.26", "37.10"]:
        sheets = attr(m, h, "sheets").split()
        assert "NW" in sheets or "NE" in sheets, h


def test_every_hex_is_on_a_sheet_and_has_a_country_unless_sea(m):
    for h, loc in m.locations.items():
        if loc.kind != "hex":
            continue
        assert loc.attrs.get("sheets"), h
        if loc.terrain != "sea":
            assert loc.attrs.get("country") in ("FR", "BE", "DE", "LU", "NL", "CH"), h


# ------------------------------------------------------------------ 2.6 named hexes
NAMED = {
    "16.24": "Abancourt", "20.19": "Abbeville", "28.15": "Aire", "26.27": "Albert",
    "22.23": "Amiens", "52.16": "Antwerpen", "54.40": "Arlon", "29.21": "Arras", "30.21": "Arras",
    "55.59": "Baccarat", "42.48": "Bar-le-Duc", "65.54": "Bitsch", "22.11": "Boulogne",
    "49.21": "Brussel", "26.09": "Calais", "33.24": "Cambrai", "36.43": "Châlons-sur-Marne",
    "27.38": "Château-Thierry", "29.31": "Chauny", "55.65": "Col de la Schlucht",
    "59.60": "Col du Donon", "24.31": "Compiègne", "20.31": "Creil", "55.46": "Diedenhofen",
    "50.30": "Dinant", "31.11": "Dunkerque", "33.41": "Epernay", "50.61": "Epinal", "16.18": "Eu",
    "57.51": "Falkenberg", "60.55": "Finstingen", "50.38": "Florenville", "46.32": "Fumay",
    "43.41": "Grandpré", "55.68": "Hartmannsweilerkopf", "40.29": "Hirson", "57.73": "Hüningen",
    "34.14": "Ieper", "46.36": "Iges", "31.31": "La Fère", "34.18": "Lille", "35.18": "Lille",
    "53.42": "Longwy", "53.56": "Lunéville", "57.43": "Luxembourg", "11.33": "Mantes",
    "54.38": "Martelange", "22.37": "Meaux", "54.48": "Metz", "44.35": "Mézières",
    "49.41": "Montmédy", "55.70": "Mülhausen", "56.69": "Mülhausen", "56.70": "Mülhausen",
    "51.54": "Nancy", "58.70": "Neuenburg", "52.37": "Neufchâteau", "35.11": "Nieuwpoort",
    "37.10": "Oostende", "49.35": "Paliseul", "16.36": "Paris", "15.34": "Pontoise",
    "60.52": "Puttelangen", "34.38": "Reims", "35.38": "Reims", "35.39": "Reims",
    "52.32": "Rochefort", "08.25": "Rouen", "09.25": "Rouen", "62.50": "Saarbrücken",
    "62.52": "Saargemünd", "29.34": "Soissons", "55.62": "St. Dié", "46.49": "St. Mihiel",
    "32.28": "St. Quentin", "65.62": "Straßburg", "48.53": "Toul", "28.50": "Troyes",
    "29.50": "Troyes", "47.45": "Verdun", "37.47": "Vitry-le-François", "50.23": "Wavre",
    "33.33": "Laon", "55.57": "Manonviller", "01.21": "Le Havre", "48.31": "Givet (Charlemont)",
    "51.28": "Namur", "59.29": "Liège", "58.28": "Liège",
}


@pytest.mark.parametrize("h,name", sorted(NAMED.items()))
def test_2_6_named_hex_carries_its_town(m, h, name):
    assert m.locations[h].name == name
    assert m.locations[h].terrain != "sea"


OBJECTIVES_4VP = {
    "Oostende": ["37.10"], "Ieper": ["34.14"], "Lille": ["35.18", "34.18"], "Aire": ["28.15"],
    "Dunkerque": ["31.11"], "Calais": ["26.09"], "Boulogne": ["22.11"], "Abbeville": ["20.19"],
    "Amiens": ["22.23"], "Albert": ["26.27"], "Arras": ["29.21", "30.21"], "Cambrai": ["33.24"],
    "St. Quentin": ["32.28"], "Compiègne": ["24.31"], "Creil": ["20.31"], "Meaux": ["22.37"],
    "Château-Thierry": ["27.38"], "Soissons": ["29.34"], "Laon": ["33.33"], "Hirson": ["40.29"],
    "Mézières": ["44.35"], "Grandpré": ["43.41"], "Reims": ["34.38", "35.38", "35.39"],
    "Epernay": ["33.41"], "Châlons-sur-Marne": ["36.43"], "Vitry-le-François": ["37.47"],
    "Bar-le-Duc": ["42.48"], "St. Mihiel": ["46.49"], "Col du Donon": ["59.60"],
    "Hartmannsweilerkopf": ["55.68"],
}


def test_27_8_thirty_geographic_objectives_worth_4_vp(m):
    assert len(OBJECTIVES_4VP) == 30
    for name, hexes in OBJECTIVES_4VP.items():
        for h in hexes:
            assert attr(m, h, "objective") == name, h
            assert attr(m, h, "vp") == 4, h
    n4 = sum(1 for loc in m.locations.values() if loc.attrs.get("vp") == 4)
    assert n4 == sum(len(v) for v in OBJECTIVES_4VP.values())


def test_27_8_1_special_cities_worth_15_vp(m):
    for h in ["52.16", "08.25", "09.25", "28.50", "29.50", "51.54"]:
        assert attr(m, h, "vp") == 15
    assert sum(1 for loc in m.locations.values() if loc.attrs.get("vp") == 15) == 6


# ------------------------------------------------------------------ fortresses and forts (7.4)
FORTRESS_HEXES = {
    "Verdun": ["47.45", "47.46", "46.44", "46.45"], "Toul": ["48.52", "48.53", "49.53"],
    "Epinal": ["51.61", "50.60", "49.61", "50.61"], "Belfort": ["51.69", "51.70", "50.69"],
    "Besançon": ["39.71", "40.71", "41.71", "40.70"],
    "Langres": ["39.61", "38.61", "37.60", "38.59", "37.61", "39.59"],
    "Maubeuge": ["41.26", "41.27", "40.26"],
    "Paris": ["13.36", "13.37", "14.37", "16.38", "17.38", "18.37", "18.36", "18.35", "16.34", "14.35"],
    "Antwerpen": ["49.18", "50.18", "51.19", "52.18", "53.18", "53.17", "53.16", "53.15", "52.14",
                  "51.16", "50.16"],
    "Namur": ["51.27", "51.28", "50.27"],
    "Metz": ["53.47", "53.49", "53.50", "54.50", "55.50", "55.49", "54.48", "54.49"],
    "Straßburg": ["66.61", "65.61", "65.62", "64.61"], "Diedenhofen": ["55.46", "56.46"],
    "Manonviller": ["55.57"], "Longwy": ["53.42"], "Charlemont": ["48.31"],
    "Frouard": ["51.53"], "Pont St. Vincent": ["50.54"], "Genicourt": ["47.47"], "Troyon": ["47.48"],
    "Les Paroches": ["46.48"], "C. des Romains": ["46.49"], "Liouville": ["46.50"],
    "Gironville": ["47.51"], "Jouy-s.-les-Côtes": ["47.52"], "Arches": ["50.62"],
    "Remiremont": ["50.63"], "Rupt": ["50.65"], "Ch.-Lambert": ["51.66"], "B. de Servance": ["51.67"],
    "Giromagny": ["51.68"], "Montbéliard": ["49.70"], "Mt. Bard": ["48.70"], "Lomont": ["48.72"],
    "Istein": ["57.72"], "Kaiser W II": ["62.60"], "Neu-Breisach": ["59.68"],
}


def test_7_4_every_fortress_hex_is_marked(m):
    # Verdun 47.45 and the Metz/Straßburg camp hexes etc.; 89 fortress counters in all
    total = 0
    for name, hexes in FORTRESS_HEXES.items():
        for h in hexes:
            assert attr(m, h, "fortress") == name, (name, h)
            total += 1
    assert total == 89


def test_2_6_forts_sit_in_their_hexes(m):
    forts = {"44.55": "Bourlemont", "26.09": "Calais", "31.11": "Dunkerque", "44.35": "Les Ayvelles",
             "49.41": "Montmédy", "46.53": "Pagny", "35.39": "Reims", "51.17": "Antwerpen",
             "52.16": "Antwerpen", "65.54": "Bitsch", "57.73": "Hüningen", "58.70": "Neuenburg"}
    for h, name in forts.items():
        assert attr(m, h, "fort") == name


def test_1_1_fortress_country_matches_the_owner(m):
    for h in ["47.45", "48.53", "55.57", "53.42", "16.36"]:
        assert attr(m, h, "country") == "FR"
    for h in ["54.48", "65.62", "55.46", "60.55", "57.51", "62.50"]:
        assert attr(m, h, "country") == "DE"
    for h in ["52.16", "51.28", "49.21", "58.28"]:
        assert attr(m, h, "country") == "BE"
    assert attr(m, "57.43", "country") == "LU"


# ------------------------------------------------------------------ terrain facts from examples
def test_3_4_3_58_56_wooded_57_56_not(m, edges):
    assert m.locations["58.56"].terrain == "wooded"
    assert m.locations["57.56"].terrain != "wooded"
    # 7.1: 58.56 -> 57.56 costs 3 MP for the Forest hexside
    assert edges[frozenset(("58.56", "57.56"))].get("forest") == "forest"


def test_11_combat_example_terrain(m, edges):
    # 3/2 and 4/2 attack from 42.40 across a minor river; 23/12 from 43.41 across Forest
    assert edges[frozenset(("42.40", "43.40"))].get("river") == "minor"
    assert edges[frozenset(("43.41", "43.40"))].get("forest") == "forest"
    # the attack is uphill: 43.40 is higher than 42.40; 11/6 defends with DS 15 unmodified
    assert attr(m, "43.40", "elev") > attr(m, "42.40", "elev")
    assert m.locations["43.40"].terrain == "open"


def test_7_1_6a_44_18_to_43_18_costs_open_terrain(edges):
    e = edges.get(frozenset(("44.18", "43.18")), {})
    assert not e.get("river") and not e.get("forest") and not e.get("marsh")


def test_19_bodungen_example_hexes_are_open_with_no_hexside_modifier(m, edges):
    for h in ("55.70", "55.71"):
        assert m.locations[h].terrain == "open"
    for a, b in (("54.70", "55.70"), ("54.71", "55.71")):
        e = edges.get(frozenset((a, b)), {})
        assert not e.get("river") and not e.get("forest") and not e.get("crest")


def test_3_4_5_meuse_at_iges_is_a_major_river(edges):
    e = edges[frozenset(("46.36", "46.37"))]
    assert e["river"] == "major" and e["river_name"] == "Meuse"
    assert e["one_sided"] == "46.36"


def test_24_6_belgian_pontoon_51_16_52_16(edges):
    e = edges[frozenset(("51.16", "52.16"))]
    assert e["pontoon"] is True and e["river"] in ("great", "imposing")


def test_2_3_mountain_crests_exist_on_the_vosges_border(m, edges):
    crests = [k for k, e in edges.items() if e.get("crest")]
    assert crests
    for k in crests:
        a, b = sorted(k)
        assert {attr(m, a, "country"), attr(m, b, "country")} == {"FR", "DE"}


def test_2_3_river_classes_are_the_four_of_the_tec(edges):
    classes = {e["river"] for e in edges.values() if e.get("river")}
    assert classes == {"minor", "major", "great", "imposing"}
    named = {e.get("river_name") for e in edges.values() if e.get("river")}
    for r in ("Meuse", "Moselle", "Marne", "Aisne", "Oise", "Somme", "Seine", "Sambre", "Rhine",
              "Scheldt", "Meurthe", "Ourthe", "Sarre", "Ijzer"):
        assert r in named, r


def test_2_3_borders_separate_different_countries(m, edges):
    n = 0
    for k, e in edges.items():
        if e.get("border"):
            a, b = sorted(k)
            assert attr(m, a, "country") != attr(m, b, "country")
            n += 1
    assert n > 50
    kinds = {e["border"] for e in edges.values() if e.get("border")}
    assert {"BE-FR", "DE-FR", "BE-DE"} <= kinds


# ------------------------------------------------------------------ ports, coast, Paris (21.2, 22.2)
def test_7_9_ports_le_havre_and_dunkerque(m):
    assert attr(m, "01.21", "port") is True
    assert attr(m, "31.11", "port") is True


def test_21_2_coastal_row_runs_from_01_21_to_42_10(m):
    assert attr(m, "01.21", "coastal") is True
    assert attr(m, "42.10", "coastal") is True
    assert all(int(h[:2]) <= 42 for h, loc in m.locations.items() if loc.attrs.get("coastal"))


def test_22_2_paris_garrison_area_and_six_districts(m):
    assert attr(m, "16.36", "paris_district") == "Central"
    districts = {loc.attrs.get("paris_district") for loc in m.locations.values()
                 if loc.attrs.get("paris_area")}
    assert districts == {"Central", "North", "NE", "East", "South", "West"}
    for h in FORTRESS_HEXES["Paris"]:
        assert attr(m, h, "paris_area") is True
        assert attr(m, h, "printed_ip") == 2


def test_13_3_printed_ips_around_antwerpen_and_nancy(m, scheme):
    for h in FORTRESS_HEXES["Antwerpen"]:
        assert attr(m, h, "printed_ip") == 2
    near_nancy = [h for h, loc in m.locations.items() if loc.attrs.get("printed_ip")
                  and hexgrid.distance(scheme.hex(h), scheme.hex("51.54")) <= 3]
    assert near_nancy
    # 31.2: the Race to the Sea places IP markers at 51.52, 52.54, 53.55, so none is printed there
    for h in ("51.52", "52.54", "53.55"):
        assert not attr(m, h, "printed_ip")


def test_18_3_reseau_du_nord_areas(m):
    assert attr(m, "22.23", "reseau_du_nord") == "W"       # Amiens, on the Somme
    assert attr(m, "19.19", "reseau_du_nord") == "W"       # 18.3: both Somme end hexes are Western
    assert attr(m, "31.29", "reseau_du_nord") == "W"
    assert attr(m, "35.18", "reseau_du_nord") == "E"       # Lille
    assert attr(m, "33.24", "reseau_du_nord") == "E"       # Cambrai
    assert attr(m, "16.36", "reseau_du_nord") is None      # Paris is south of the Seine-Oise line
    assert attr(m, "52.16", "reseau_du_nord") is None      # only inside France


# ------------------------------------------------------------------ railways (18)
def test_18_6_bottleneck_hexes(m):
    for h in ("08.25", "15.34", "16.18"):
        assert attr(m, h, "bottleneck") == "FR"
        assert attr(m, h, "rail") in ("double", "single")
    for h in ("54.40", "59.29", "51.28"):
        assert attr(m, h, "bottleneck") == "DE"
        assert attr(m, h, "rail") == "double"


def test_30_2_and_31_2_railhead_hexes_are_on_double_track(m):
    for h in ["59.29", "60.32", "56.36", "54.41", "54.42", "54.43", "53.45", "53.47", "53.48",
              "52.49", "54.53", "58.56", "60.60", "55.69", "55.70", "55.73",
              "46.19", "43.20", "41.21", "39.22", "37.23", "35.23", "33.24", "31.25", "29.26"]:
        assert attr(m, h, "rail") == "double", h


def test_18_1_abancourt_eu_abbeville_single_track(m):
    g = rail_graph(m, ("single", "double"))
    single = rail_graph(m, ("single",))
    assert bfs(single, "16.24", "16.18") is not None
    assert bfs(g, "16.18", "20.18") is not None


def test_25_4_brussel_liege_double_track(m):
    assert bfs(rail_graph(m), "49.21", "58.28") is not None


def test_7_7_3_luxembourg_arlon_namur_brussel_is_28_double_track_hexes(m):
    g = rail_graph(m)
    legs = [bfs(g, "57.43", "54.40"), bfs(g, "54.40", "51.28"), bfs(g, "51.28", "49.21")]
    assert None not in legs and sum(legs) == 28


def test_18_4_rr_structures_sit_on_rail_hexsides(edges):
    for a, b, kind in [("23.24", "23.25", "red_bridge"), ("29.31", "30.31", "orange_bridge+red_bridge"),
                       ("30.30", "31.31", "orange_bridge+red_bridge"), ("15.33", "15.34", "pont_de_pontoise"),
                       ("53.28", "53.29", "destroyed_bridge")]:
        e = edges[frozenset((a, b))]
        assert e["rr_structure"] == kind
        assert e.get("rail") in ("double", "single"), (a, b)
    assert edges[frozenset(("29.31", "30.31"))]["rebuild"] == "15"     # 18.4.3
    assert edges[frozenset(("30.30", "31.31"))]["rebuild"] == "16"


def test_23_1_st_nazaire_rail_exits(m):
    for h in ("02.36", "02.46"):
        assert attr(m, h, "rail_exit") == "St. Nazaire"
        assert attr(m, h, "rail") == "double"


def test_16_1_entry_hexsides_a_to_i_are_map_edge_rail_hexes(m, scheme):
    entries = {loc.attrs["entry"]: h for h, loc in m.locations.items()
               if loc.kind == "hex" and loc.attrs.get("entry")}
    assert sorted(entries) == list("ABCDEFGHI")
    for letter, h in entries.items():
        assert attr(m, h, "map_edge"), h
        assert attr(m, h, "rail") == "double", h
        side = "DE" if letter in "ABCDEF" else "FR"
        assert attr(m, h, "country") == side, (letter, h)


# ------------------------------------------------------------------ pieces (3.4-3.8 of the digest)
def face(m, pid, i=0):
    return m.piece_types[pid].faces[i].values


def test_11_example_german_11_6_and_12_6(m):
    v = face(m, "DE-11_6")
    assert (v["ds"], v["av"], v["pr"]) == (15, 7, 5)
    assert m.piece_types["DE-11_6"].attrs["base_ce"] == 11
    assert face(m, "DE-12_6")["av"] == 7


@pytest.mark.parametrize("pid", ["FR-3_2", "FR-4_2", "FR-23_12"])
def test_11_example_french_ii_and_xii_corps_divisions(m, pid):
    v = face(m, pid)
    assert (v["as"], v["av"], v["pr"]) == (13, 4, 5)
    assert m.piece_types[pid].attrs["base_ce"] == 11


def test_19_example_values(m):
    v = face(m, "FR-14_7")
    assert (v["as"], v["av"], v["pr"]) == (12, 4, 5)
    v = face(m, "FR-66r")
    assert (v["as"], v["av"], v["pr"]) == (10, 2, 4)
    v = face(m, "DE-Bodungen")
    assert v["ds"] == 6 and v["pr"] == 3
    assert -(-v["av"] // 2) == 1          # halved, rounded up, gives 1 (19 example)
    assert m.piece_types["DE-Bodungen"].size == "brigade"


def test_8_5_2_montmedy_abandonment_number_1(m):
    assert m.piece_types["FR-fort-Montmedy"].attrs["abandonment"] == 1


def test_7_4_fortress_counters_58_french_14_belgian_17_german(m):
    forts = [t for t in m.piece_types.values() if t.unit_type == "fortress"]
    by_nat = {n: sum(t.count for t in forts if t.nationality == n) for n in ("FR", "BE", "DE")}
    assert by_nat == {"FR": 58, "BE": 14, "DE": 17}
    for t in forts:
        assert t.attrs["levels"] >= 1 and t.attrs["fortress_class"] in ("A", "B", "C")
        h = t.attrs["setup_hex"]
        assert attr(m, h, "fortress"), (t.id, h)       # fortresses sit in their camps


def test_3_6_printed_strength_numbers(m):
    def levels(name, h):
        return next(t.attrs["levels"] for t in m.piece_types.values()
                    if t.unit_type == "fortress" and t.attrs["setup_hex"] == h and t.name.startswith(name))
    assert levels("Metz (4)", "53.47") == 4
    assert levels("Metz (2)", "53.50") == 2
    assert levels("Metz (3)", "54.50") == 3
    assert levels("Langres (3)", "39.61") == 3
    assert levels("Diedenhofen (1)", "55.46") == 1


def test_3_5_forts_7_french_2_belgian_3_german(m):
    forts = [t for t in m.piece_types.values() if t.unit_type == "fort"]
    assert sum(t.count for t in forts if t.nationality == "FR") == 7
    assert sum(t.count for t in forts if t.nationality == "BE") == 2
    assert sum(t.count for t in forts if t.nationality == "DE") == 3


def test_3_5_corps_trains_33_french_43_german_5_british(m):
    trains = [t for t in m.piece_types.values() if t.unit_type == "corps_train"]
    assert sum(1 for t in trains if t.nationality == "FR") == 33
    assert sum(1 for t in trains if t.nationality == "DE") == 43
    assert sum(1 for t in trains if t.nationality == "GB") == 5


def test_3_5_army_depots(m):
    dep = {t.name for t in m.piece_types.values() if t.unit_type == "depot" and t.nationality == "FR"}
    assert {"ALSACE", "PRIMA", "SECONDA", "TERZA", "QUARTA", "QUINTA", "SESTA", "NONA", "DECIMA",
            "Det. d'Armée", "Secondary Depot"} == dep
    dep = {t.name for t in m.piece_types.values() if t.unit_type == "depot" and t.nationality == "DE"}
    assert {"PRIMA", "SECONDA", "TERZA", "QUARTA", "QUINTA", "SESTA", "SETTIMA", "BELGIEN",
            "STRAßBURG Gaede", "STRAßBURG Falkenhausen", "METZ", "Secondary Depot"} == dep


def test_8_1_1_and_24_2_1_two_counter_units(m):
    for pid in ["FR-1_CC", "FR-2_CC", "FR-2_CC+", "GB-Cc"] + [f"BE-{i}" for i in range(1, 7)]:
        sec = m.piece_types[pid + "-2"]
        assert sec.attrs["secondary_of"] == pid
        assert sec.faces[0].values["as"] < m.piece_types[pid].faces[0].values["as"]


def test_13_siege_artillery_15_units_with_calibres(m):
    siege = [t for t in m.piece_types.values() if t.unit_type == "siege_artillery"]
    assert len(siege) == 15
    cal = {t.name: t.attrs["calibre"] for t in siege}
    assert cal["3 kMK"] == "42" and cal["2 sKM"] == "30.5" and cal["5+6 sKM"] == "30.5"
    assert cal["2+3/4"] == "21"
    assert {t.name: t.attrs["guns"] for t in siege}["2+3/4"] == 2
    markers = {t.name for t in m.piece_types.values() if t.unit_type == "siege_marker"}
    assert markers == {"1 kMK", "2 kMK", "1 sKM", "METZ", "Pionier-R."}


def test_1_1_division_equivalents(m):
    assert m.piece_types["DE-11_6"].attrs["de"] == 1.0
    assert m.piece_types["DE-Bodungen"].attrs["de"] == 0.5
    assert m.piece_types["FR-2c"].attrs["de"] == 0.5           # cavalry division
    assert m.piece_types["FR-1_CC"].attrs["de"] == 1.0         # cavalry corps
    assert m.piece_types["FR-support-45_RI"].attrs["de"] == 0.25


def test_2_8_assignment_markers_for_formations_and_trains(m):
    am = {t.attrs["unit"] for t in m.piece_types.values() if t.unit_type == "assignment"}
    assert "DE-11_6" in am and "FR-train-Treno_1" in am
    assert "FR-37+" not in am                 # 2.8: 37+ uses marker 37
    assert "FR-37" in am
    assert "FR-support-45_RI" not in am       # Support units have no marker


def test_counter_mix_is_over_a_thousand_counters(m):
    total = sum(t.count for t in m.piece_types.values())
    assert total > 1500
    units = sum(t.count for t in m.piece_types.values() if t.kind in ("unit", "fort", "hq"))
    assert units > 600


# ------------------------------------------------------------------ tables (4.x of the digest)
def test_10_1_artillery_table_worked_examples(m):
    t = m.tables["artillery"]
    assert t.lookup(12, "1-1.75") == 1
    assert t.lookup(14, "3+") == 1
    assert t.lookup(4, "0-0.75") == 0 and t.lookup(2, "0-0.75") == 0
    assert t.lookup(1, "1-1.75") == -1
    assert t.lookup(16, "0-0.75") == 3


def test_9_9_crt_cells_printed_by_the_examples(m):
    crt, ret = m.tables["crt"], m.tables["crt_retreat"]
    assert crt.cols.values == ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "6:1", "8:1")
    assert crt.lookup(2, "1:1") == "+3/+3" and ret.lookup(3, "1:1") == "①"
    assert crt.lookup(4, "2:1") == "+3s/s" and ret.lookup(4, "2:1") == "-"
    assert crt.lookup(0, "6:1") == "-1/+4" and ret.lookup(4, "6:1") == "❶"
    assert ret.lookup(2, "4:1") in ("❶", "❷")       # 7.4 example: the push-back succeeded


def test_12_4_3_bombardment_42cm_columns(m):
    t = m.tables["fortress_bombardment"]
    assert [t.lookup(d, "42cm_CB") for d in range(1, 7)] == ["2", "2", "1", "1", "1", "1"]
    assert [t.lookup(d, "42cm_A") for d in range(1, 7)] == ["2", "1", "1", "1", "1", "-"]


def test_13_4_german_bombardment_limits(m):
    t = m.tables["german_bombardment_limits"]
    assert (t.lookup("campaign", "42cm"), t.lookup("campaign", "30.5cm"), t.lookup("campaign", "prep")) == (7, 25, 5)
    assert (t.lookup("race_to_the_sea", "42cm"), t.lookup("race_to_the_sea", "30.5cm"),
            t.lookup("race_to_the_sea", "prep")) == (1, 10, 3)


def test_4_3_interphase_table_rail_points(m):
    t = m.tables["interphase"]
    assert t.lookup(1, "rp_allied") == 3 and t.lookup(1, "rp_german") == 0
    assert t.lookup(4, "rp_allied") == 9 and t.lookup(4, "rp_german") == 7     # Race to the Sea start (31.2)
    assert t.lookup(9, "ammo_shortage") == 6                                     # 15.8.1
    assert t.lookup(7, "ip") == "unlimited"


def test_22_4_1_french_reserve_roll(m):
    t = m.tables["french_reserve"]
    assert [t.lookup(i, "success_on") for i in range(3, 9)] == ["1", "1-2", "1-3", "1-4", "1-5", "automatic"]


def test_3_1_stacking_and_7_1_movement(m):
    s = m.tables["stacking"]
    assert s.lookup("end_of_movement_phase", "de") == 3.5
    assert s.lookup("attack_or_defend", "de") == 2.25
    assert s.lookup("steep_mountain_combat", "de") == 1.25
    mv = m.tables["movement_costs"]
    assert mv.lookup("ezoc_to_ezoc", "mp") == "+6"
    assert mv.lookup("build_ip*", "mp") == 13
    assert m.tables["entrain"].lookup("infantry_division", "mp") == 9
    assert m.tables["tec_hexside"].lookup("forest", "mp") == 3
    assert m.tables["tec_hexside"].lookup("minor_river", "as_mod") == -1
    assert m.tables["tec_hex"].lookup("mountain", "ds_bonus") == 4


def test_27_vp_schedule(m):
    t = m.tables["vp_schedule"]
    assert t.lookup("german_enters_paris", "vp") == 25
    assert t.lookup("special_city", "vp") == 15
    assert t.lookup("plan_abandoned_5plus_hexes", "vp") == -15


def test_every_table_cites_an_indexed_rule(m):
    for t in m.tables.values():
        assert t.rule in m.rules_index, (t.id, t.rule)


# ------------------------------------------------------------------ scenarios (29-31)
@pytest.fixture(scope="module")
def hexes(m):
    return {h for h, loc in m.locations.items() if loc.kind == "hex"}


def placed(m, sid, pid):
    return [p for p in m.scenarios[sid].placements if p.piece_type == pid]


def test_28_every_placement_names_an_existing_piece_and_location(m):
    assert set(m.scenarios) == {"lorraine", "campaign", "race_to_the_sea"}
    for sc in m.scenarios.values():
        assert sc.placements
        for p in sc.placements:
            assert p.piece_type in m.piece_types, (sc.id, p.piece_type)
            assert p.location in m.locations, (sc.id, p.location)
            assert m.locations[p.location].terrain != "sea", (sc.id, p.piece_type, p.location)
            if "two_hex" in p.attrs:
                assert adjacent(hexgrid.scheme_for(m.grid("main")), p.location, p.attrs["two_hex"])
            if p.turn:
                assert sc.first_turn <= p.turn <= sc.last_turn, (sc.id, p.piece_type, p.turn)
            for pid in str(p.attrs.get("replaces", "")).split():
                assert pid in m.piece_types


def test_29_lorraine_places_only_on_the_small_map(m):
    sc = m.scenarios["lorraine"]
    assert (sc.first_turn, sc.last_turn) == (1, 4)
    for p in sc.placements:
        if m.locations[p.location].kind == "hex":
            assert attr(m, p.location, "lorraine") is True, (p.piece_type, p.location)


@pytest.mark.parametrize("sid,pid,hex_", [
    ("lorraine", "FR-15_8", "57.58"), ("lorraine", "FR-43_21", "59.60"), ("lorraine", "FR-6c", "55.57"),
    ("lorraine", "DE-1B_1_B", "60.56"), ("lorraine", "DE-hq-Siege_Train_2", "62.50"),
    ("lorraine", "FR-depot-PRIMA", "53.60"), ("lorraine", "DE-depot-SETTIMA", "64.58"),
    ("campaign", "FR-Sordet", "47.29"), ("campaign", "FR-21_11", "47.37"), ("campaign", "FR-27_14", "56.63"),
    ("campaign", "FR-60r", "46.35"), ("campaign", "DE-11_6", "57.42"), ("campaign", "DE-1_gd_GD", "55.30"),
    ("campaign", "DE-hq-Siege_Train_1", "59.29"), ("campaign", "BE-4", "51.27"), ("campaign", "DE-Bodungen", "55.71"),
    ("campaign", "FR-depot-QUINTA", "41.34"), ("campaign", "DE-depot-PRIMA", "64.28"),
    ("race_to_the_sea", "FR-1_CC", "26.27"), ("race_to_the_sea", "BE-3", "49.18"),
    ("race_to_the_sea", "DE-H_Metz_33r", "50.46"), ("race_to_the_sea", "GB-1_1", "31.35"),
    ("race_to_the_sea", "DE-siege-3_kMK", "41.26"), ("race_to_the_sea", "DE-5r_3_R", "49.20"),
])
def test_28_set_up_hexes(m, sid, pid, hex_):
    ps = [p for p in placed(m, sid, pid) if p.turn == 0]
    assert any(p.location == hex_ for p in ps), (sid, pid, [p.location for p in ps])


@pytest.mark.parametrize("sid,pid,hex_,other", [
    ("campaign", "FR-21_11", "47.37", "48.36"), ("campaign", "FR-27_14", "56.63", "57.63"),
    ("campaign", "FR-60r", "46.35", "47.36"), ("race_to_the_sea", "FR-1_CC", "26.27", "26.28"),
    ("race_to_the_sea", "BE-3", "49.18", "50.18"), ("race_to_the_sea", "BE-5", "52.18", "53.18"),
    ("race_to_the_sea", "DE-5r_3_R", "49.20", "50.19"), ("race_to_the_sea", "DE-H_Metz_33r", "50.46", "51.47"),
])
def test_19_two_hex_starts(m, scheme, sid, pid, hex_, other):
    p = next(p for p in placed(m, sid, pid) if p.location == hex_)
    assert p.attrs["two_hex"] == other
    assert adjacent(scheme, hex_, other)


@pytest.mark.parametrize("sid", ["lorraine", "campaign", "race_to_the_sea"])
def test_30_2_fortresses_and_forts_sit_in_their_hexes(m, sid):
    for p in m.scenarios[sid].placements:
        t = m.piece_types[p.piece_type]
        if t.unit_type == "fortress" and p.turn == 0:
            assert p.location == t.attrs["setup_hex"]
            assert attr(m, p.location, "fortress")
        if t.unit_type == "fort" and p.turn == 0 and not (sid == "race_to_the_sea" and t.name == "Reims"):
            assert attr(m, p.location, "fort") == t.name, (sid, t.name, p.location)


def test_30_fortress_counts_per_scenario(m):
    def n(sid):
        return sum(p.count for p in m.scenarios[sid].placements
                   if m.piece_types[p.piece_type].unit_type == "fortress")
    assert n("campaign") == 89
    assert n("lorraine") == 9            # Frouard, Manonviller, Pont St. Vincent, Toul x3, Metz x3
    assert 30 < n("race_to_the_sea") < 89


def test_28_2_activation_and_reinforcement_entries(m):
    camp = m.scenarios["campaign"]
    act = {p.piece_type: p.attrs.get("act") for p in camp.placements if p.attrs.get("act")}
    assert act["FR-1_1"] == 3 and act["DE-28_14"] == 2 and act["FR-59r_2_R"] == 2
    assert any(p.piece_type == "FR-train-Treno_18" and p.turn == 3 and p.location == "40.30" for p in camp.placements)
    assert any(p.piece_type == "GB-6_3" and p.turn == 14 and p.location == "box:entry_I" for p in camp.placements)
    assert any(p.piece_type == "DE-43r_22_R" and p.turn == 23 and p.location == "box:entry_A" for p in camp.placements)
    sub = next(p for p in camp.placements if p.piece_type == "FR-1_CC")
    assert sub.turn == 11 and sub.attrs["replaces"] == "FR-Sordet"


def test_31_race_to_the_sea_starts_german_gt_13_with_40_vp(m):
    sc = m.scenarios["race_to_the_sea"]
    assert sc.first_turn == 13 and sc.last_turn == 30
    assert sc.globals["vp"] == 40 and sc.globals["player_turn"] == "german"
    assert sc.globals["rp_allied"] == 9 and sc.globals["rp_german"] == 7
    for p in sc.placements:
        if m.locations[p.location].kind == "hex":
            sheets = attr(m, p.location, "sheets").split()
            assert "NW" in sheets or "NE" in sheets, (p.piece_type, p.location)


def test_30_2_railhead_markers_on_rail(m):
    for sid in ("campaign", "race_to_the_sea"):
        rh = [p.location for p in m.scenarios[sid].placements if p.piece_type == "M-railhead"]
        assert len(rh) == (16 if sid == "campaign" else 21)
        for h in rh:
            assert attr(m, h, "rail") == "double"


def test_22_2_2_paris_garrison_units_start_in_their_districts(m):
    district = {"Paris Central": "Central", "Paris Est": "East", "Paris Nord": "North",
                "Paris Ouest": "West", "Paris NE": "NE", "Paris Sud": "South"}
    for sid in ("campaign", "race_to_the_sea"):
        for p in m.scenarios[sid].placements:
            name = m.piece_types[p.piece_type].name
            if name in district and m.locations[p.location].kind == "hex":
                assert attr(m, p.location, "paris_district") == district[name], (sid, name, p.location)
    # the schedule's own hexes (30: Paris NE GT 8 at 17.36, Paris Sud GT 7 at 16.37)
    assert attr(m, "17.36", "paris_district") == "NE"
    assert attr(m, "16.37", "paris_district") == "South"
