"""Numbering schemes: each game's grid configuration, checked against every geometric fact its
rules digest (/work/shared/rules/) states, plus round-trip properties for every scheme."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from engine.hexgrid import (Hex, LabelError, Layout, SequentialColumnsScheme, distance,
                            hexside_between, neighbours, scheme_for)
from engine.model import Grid
from engine.sample import sample_module

# -- the five games' grids -----------------------------------------------------------------------

#: France 1944 (digest §2.1): CCRR, flat-topped columns, even-numbered columns half a hex lower.
#: Columns are numbered from 01, so printed even columns have an odd zero-based index: "odd".
FRANCE = Grid("main", "map", "flat", 30.0, 0.0, 0.0, "colrow", {"parity": "odd"})
#: Strafexpedition 1916 (digest §2.1): RRCC, one numbering across both sheets, pointy-topped,
#: rows numbered from the south edge northwards, odd rows half a hex east. Rows start at 01, so
#: printed odd rows have an even zero-based index: "even".
STRAFE = Grid("main", "map", "pointy", 30.0, 0.0, 3000.0, "rowcol", {"parity": "even", "rows_up": True})
#: 1914 Offensive à outrance (digest §2.1): one CC.RR numbering over the three sheets,
#: flat-topped columns, even columns lower (the fitted neighbour rule).
OAO = Grid("main", "map", "flat", 30.0, 0.0, 0.0, "colrow", {"parity": "odd", "sep": "."})
#: Grand Illusion (digest §2.2): the inferred layout of the 107 hexes; see test_grand_illusion_layout.
GRAND_ILLUSION_PARAMS = {
    "firsts": "1 7 14 23 32 42 52 62 71 81 91 99 105",
    "lengths": "6 7 9 9 10 10 10 9 10 10 8 6 3",
    "starts": "5 4 2 1 1 0 1 1 1 1 2 4 8",
}
GRAND_ILLUSION = Grid("main", "map", "flat", 60.0, 0.0, 0.0, "sequential_columns", GRAND_ILLUSION_PARAMS)


def adjacent(scheme, a: str, b: str) -> bool:
    return distance(scheme.hex(a), scheme.hex(b)) == 1


def labelled_neighbours(scheme, label: str) -> set[str]:
    return {scheme.label(n) for n in neighbours(scheme.hex(label)) if scheme.contains(n)}


# -- France 1944 ---------------------------------------------------------------------------------

def france_rule(c: int, r: int) -> set[tuple[int, int]]:
    """The digest's adjacency formula for France 1944, verbatim."""
    out = {(c, r - 1), (c, r + 1)}
    if c % 2:
        out |= {(c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)}
    else:
        out |= {(c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)}
    return out


def test_france_scheldt_hexes_are_2805_and_its_six_neighbours():
    s = scheme_for(FRANCE)
    assert labelled_neighbours(s, "2805") == {"2705", "2706", "2804", "2806", "2905", "2906"}


@pytest.mark.parametrize("a,b", [("1309", "1409"), ("3409", "3510"), ("3510", "3511"), ("1609", "1610")])
def test_france_stated_adjacencies(a, b):
    s = scheme_for(FRANCE)
    assert adjacent(s, a, b)
    assert hexside_between(s.hex(a), s.hex(b)) == hexside_between(s.hex(b), s.hex(a))


def test_france_matches_the_digest_formula_everywhere():
    s = scheme_for(FRANCE)
    for c in range(2, 40):
        for r in range(2, 30):
            got = {s.to_offset(n) for n in neighbours(s.from_offset(c, r))}
            assert got == france_rule(c, r), (c, r)


def test_france_directions_and_named_hexes():
    s, layout = scheme_for(FRANCE), Layout.from_grid(FRANCE)
    y = lambda lab: layout.to_pixel(s.hex(lab))[1]
    x = lambda lab: layout.to_pixel(s.hex(lab))[0]
    assert y("3715") > y("3510")                  # Mannheim lies south of Cologne
    assert x("3715") > x("3510") > x("1207")      # columns increase west to east
    assert y("2805") > y("2705")                  # even columns sit half a hex lower
    for lab in ("1207", "1309", "1409", "3511", "3409"):  # supply / bridge hexes exist
        assert s.label(s.hex(lab)) == lab
    south = [f"{c:02d}28" for c in range(11, 26)]  # "any hex from 1128 to 2528": 15 hexes of row 28
    assert len(south) == 15 and all(s.to_offset(s.hex(lab))[1] == 28 for lab in south)
    assert not adjacent(s, "1207", "1309")


# -- Strafexpedition 1916 ------------------------------------------------------------------------

def strafe_rule(r: int, c: int) -> set[tuple[int, int]]:
    """The digest's rule: same row c±1; from an odd row, rows r±1 at c and c+1; from an even
    row, rows r±1 at c-1 and c. Returns (row, col) pairs."""
    out = {(r, c - 1), (r, c + 1)}
    cols = (c, c + 1) if r % 2 else (c - 1, c)
    return out | {(r + dr, cc) for dr in (-1, 1) for cc in cols}


@pytest.mark.parametrize("a,b", [
    ("0225", "0226"), ("0238", "0239"), ("1468", "1469"), ("1469", "1470"), ("1470", "1471"),
    ("4018", "4019"), ("3351", "3352"),                       # same row, consecutive columns
    ("0146", "0247"), ("3502", "3603"), ("1937", "2038"), ("1938", "2038"), ("1937", "1938"),
    ("0747", "0847"), ("1569", "1470"), ("1570", "1471"),     # the digest's cross-row evidence
])
def test_strafe_stated_adjacencies(a, b):
    assert adjacent(scheme_for(STRAFE), a, b)


def test_strafe_matches_the_digest_rule_everywhere():
    s = scheme_for(STRAFE)
    for r in range(2, 57):
        for c in range(2, 72):
            h = s.hex(f"{r:02d}{c:02d}")
            got = {tuple(reversed(s.to_offset(n))) for n in neighbours(h)}
            assert got == strafe_rule(r, c), (r, c)


def test_strafe_directions_and_non_adjacency():
    s, layout = scheme_for(STRAFE), Layout.from_grid(STRAFE)
    px = lambda lab: layout.to_pixel(s.hex(lab))
    assert px("3502")[1] < px("0146")[1]           # rows increase northwards (up the screen)
    assert px("2872")[0] > px("3502")[0]           # columns increase eastwards
    assert px("0146")[0] > px("0246")[0]           # odd rows are shifted half a hex east
    assert not adjacent(s, "3502", "3604")         # Rovereto 3604 is two hexes from 3502
    assert distance(s.hex("3502"), s.hex("3604")) == 2
    assert s.label(s.hex("5756")) == "5756" and s.label(s.hex("0146")) == "0146"


# -- 1914 Offensive à outrance -------------------------------------------------------------------

def oao_rule(c: int, r: int) -> set[tuple[int, int]]:
    """The digest's fitted neighbour rule, verbatim."""
    if c % 2:
        return {(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)}
    return {(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)}


@pytest.mark.parametrize("a,b", [
    ("44.17", "43.18"), ("21.27", "22.26"), ("56.70", "55.71"),            # worked examples
    ("47.37", "48.36"), ("56.63", "57.63"), ("46.35", "47.36"), ("26.27", "26.28"),
    ("49.18", "50.18"), ("52.18", "53.18"), ("49.20", "50.19"), ("50.46", "51.47"),  # two-hex starts
    ("51.16", "52.16"), ("15.33", "15.34"), ("29.31", "30.31"), ("30.30", "31.31"),
    ("23.24", "23.25"), ("53.28", "53.29"), ("46.36", "46.37"),            # named hexsides
])
def test_oao_stated_adjacencies(a, b):
    assert adjacent(scheme_for(OAO), a, b)


@pytest.mark.parametrize("group", [
    ("34.38", "35.38", "35.39"),     # Reims triangle
    ("55.70", "56.69", "56.70"),     # Mulhausen triangle
    ("51.69", "51.70", "50.69"),     # Belfort camp
])
def test_oao_triangles(group):
    s = scheme_for(OAO)
    assert all(adjacent(s, a, b) for a in group for b in group if a != b)


def test_oao_verdun_diamond_and_the_sloppy_example():
    s = scheme_for(OAO)
    diamond = ("46.44", "46.45", "47.45", "47.46")
    pairs = [(a, b) for i, a in enumerate(diamond) for b in diamond[i + 1:]]
    assert [adjacent(s, a, b) for a, b in pairs] == [True, True, False, True, True, True]
    assert distance(s.hex("46.44"), s.hex("47.46")) == 2
    # §11's example treats 43.39 and 42.40 as adjacent; the digest calls it sloppy
    assert not adjacent(s, "43.39", "42.40")


def test_oao_matches_the_fitted_rule_everywhere():
    s = scheme_for(OAO)
    for c in range(2, 67):
        for r in range(2, 74):
            got = {s.to_offset(n) for n in neighbours(s.hex(f"{c:02d}.{r:02d}"))}
            assert got == oao_rule(c, r), (c, r)


def test_oao_labels_keep_the_dot():
    s = scheme_for(OAO)
    assert s.label(s.hex("16.36")) == "16.36"
    assert s.to_offset(s.hex("01.21")) == (1, 21)
    for bad in ("1636", "16-36", "16.3", "6.36", "16.36.", ".1636"):
        with pytest.raises(LabelError):
            s.hex(bad)


# -- Grand Illusion ------------------------------------------------------------------------------

def test_grand_illusion_layout():
    """GRAND_ILLUSION_PARAMS is the *inferred* layout of Grand Illusion's 107 hexes (digest
    §2.2 says adjacency cannot be computed and must be authored from the physical map).

    Columns west to east start at 1, 7, 14, 23, 32, 42, 52, 62, 71, 81 (stated) and 91, 99,
    105 (chosen: Trier 94 and Épinal 98 share a column; 100 Sup G, the Vosges 102-103 and
    Belfort 104 the next; Strasbourg 105 heads the last). Starting rows were fitted to every
    adjacency the digest gives and to the latitudes of the named towns; 13, 61 and 80 end
    their columns as the digest expects of the French supply sources.
    """
    s = scheme_for(GRAND_ILLUSION)
    assert list(s.labels()) == [str(n) for n in range(1, 108)]
    firsts = [int(f) for f in GRAND_ILLUSION_PARAMS["firsts"].split()]
    assert [s.hex(str(f)).q for f in firsts] == list(range(13))
    for end in (13, 61, 80):   # south ends of columns
        assert not s.contains(Hex(s.hex(str(end)).q, s.hex(str(end)).r + 1))


def test_grand_illusion_paris_ring():
    s = scheme_for(GRAND_ILLUSION)
    assert labelled_neighbours(s, "19") == {"9", "10", "18", "20", "28", "29"}
    paris = s.hex("19")
    assert {s.hex("18").q, s.hex("20").q} == {paris.q}
    assert {s.hex("9").q, s.hex("10").q} == {paris.q - 1}
    assert {s.hex("28").q, s.hex("29").q} == {paris.q + 1}


@pytest.mark.parametrize("a,b", [("26", "27"), ("26", "35"), ("42", "52"), ("71", "81"),
                                 ("52", "53"), ("52", "62"), ("52", "43"), ("44", "54"), ("62", "53")])
def test_grand_illusion_stated_adjacencies(a, b):
    assert adjacent(scheme_for(GRAND_ILLUSION), a, b)


def test_grand_illusion_towns_run_north_to_south_in_a_column():
    s, layout = scheme_for(GRAND_ILLUSION), Layout.from_grid(GRAND_ILLUSION)
    for column in (("72", "76", "77", "79"), ("86", "87"), ("94", "98")):
        hs = [s.hex(lab) for lab in column]
        assert len({h.q for h in hs}) == 1
        ys = [layout.to_pixel(h)[1] for h in hs]
        assert ys == sorted(ys)
    xs = [layout.to_pixel(s.hex(lab))[0] for lab in ("1", "7", "14", "23", "32")]  # Channel ports W->E
    assert xs == sorted(xs)


def test_grand_illusion_bad_labels():
    s = scheme_for(GRAND_ILLUSION)
    for bad in ("0", "108", "019", "x", "", "1.0", "-3"):
        with pytest.raises(LabelError) as info:
            s.hex(bad)
        assert repr(bad) in str(info.value)
    with pytest.raises(KeyError):
        s.label(Hex(40, 40))


# -- the sample module's grid --------------------------------------------------------------------

def test_sample_module_coordinates_agree_with_its_scheme():
    m = sample_module()
    grid = m.grids[0]
    s, layout = scheme_for(grid), Layout.from_grid(grid)
    hexes = [loc for loc in m.locations.values() if loc.kind == "hex"]
    assert hexes
    for loc in hexes:
        assert s.hex(loc.id) == Hex(loc.q, loc.r)
        assert s.label(Hex(loc.q, loc.r)) == loc.id
        assert layout.to_pixel(Hex(loc.q, loc.r)) == pytest.approx((loc.x, loc.y), abs=0.01)


# -- scheme construction and errors ------------------------------------------------------------

def test_scheme_for_rejects_unknown_schemes_and_parameters():
    with pytest.raises(ValueError, match="unknown numbering 'hexy'"):
        scheme_for(Grid("g", "map", "flat", 10, 0, 0, "hexy"))
    with pytest.raises(ValueError, match="unknown parameter 'partiy'"):
        scheme_for(Grid("g", "map", "flat", 10, 0, 0, "colrow", {"partiy": "odd"}))
    with pytest.raises(ValueError, match="parity"):
        scheme_for(Grid("g", "map", "flat", 10, 0, 0, "colrow", {"parity": "both"}))
    with pytest.raises(ValueError, match="col_digits"):
        scheme_for(Grid("g", "map", "flat", 10, 0, 0, "colrow", {"col_digits": "2"}))
    with pytest.raises(ValueError, match="flat-topped"):
        scheme_for(Grid("g", "map", "pointy", 10, 0, 0, "sequential_columns", GRAND_ILLUSION_PARAMS))
    with pytest.raises(ValueError, match="same number of columns"):
        SequentialColumnsScheme("flat", {"firsts": "1 5", "lengths": "4", "starts": "0"})
    with pytest.raises(ValueError, match="two columns"):
        SequentialColumnsScheme("flat", {"firsts": "1 3", "lengths": "4 4", "starts": "0 0"})
    with pytest.raises(ValueError, match="integers"):
        SequentialColumnsScheme("flat", {"firsts": "1 x", "lengths": "4 4", "starts": "0 0"})


def test_offset_bad_labels_say_what_was_expected():
    s = scheme_for(FRANCE)
    for bad in ("351", "35100", "35a0", "", "0010", "3500", "35 10", "３５１０"):
        with pytest.raises(LabelError) as info:
            s.hex(bad)
        assert repr(bad) in str(info.value)
    with pytest.raises(ValueError, match="CCRR"):
        s.hex("351")
    with pytest.raises(KeyError, match="outside"):
        s.hex("0010")
    with pytest.raises(LabelError, match="outside"):
        s.label(Hex(-3, 0))


def test_unbounded_scheme_cannot_list_labels_but_bounded_can():
    with pytest.raises(ValueError, match="unbounded"):
        list(scheme_for(FRANCE).labels())
    g = Grid("g", "map", "flat", 10, 0, 0, "rowcol", {"last_col": 3, "last_row": 2})
    s = scheme_for(g)
    assert list(s.labels()) == ["0101", "0102", "0103", "0201", "0202", "0203"]
    assert not s.contains(s.from_offset(4, 1))
    with pytest.raises(LabelError):
        s.hex("0104")


# -- properties over every scheme ----------------------------------------------------------------

OFFSET_GRIDS = [FRANCE, STRAFE, OAO] + [
    Grid("g", "map", o, 10, 0, 0, name, {"parity": p, "rows_up": up, "first_col": fc, "first_row": fr,
                                          "col_digits": 3, "row_digits": 2})
    for o in ("flat", "pointy") for name in ("colrow", "rowcol") for p in ("odd", "even")
    for up in (False, True) for fc, fr in ((0, 0), (1, 1), (7, 3))]


@given(st.sampled_from(OFFSET_GRIDS), st.integers(0, 99), st.integers(0, 99))
def test_offset_label_hex_label_round_trip(grid, col, row):
    s = scheme_for(grid)
    col, row = max(col, s.first_col), max(row, s.first_row)
    label = s._format(col, row)
    h = s.hex(label)
    assert s.label(h) == label
    assert s.to_offset(h) == (col, row)
    assert s.contains(h)


@given(st.sampled_from(OFFSET_GRIDS), st.integers(-40, 40), st.integers(-40, 40))
def test_offset_hex_label_hex_round_trip(grid, q, r):
    s = scheme_for(grid)
    h = Hex(q, r)
    if s.contains(h):
        assert s.hex(s.label(h)) == h
    else:
        with pytest.raises(LabelError):
            s.label(h)


@given(st.sampled_from(OFFSET_GRIDS), st.integers(3, 90), st.integers(3, 90))
def test_offset_neighbours_are_one_column_or_row_away(grid, col, row):
    s = scheme_for(grid)
    h = s.from_offset(col, row)
    offsets = {s.to_offset(n) for n in neighbours(h)}
    assert len(offsets) == 6
    assert all(abs(c - col) <= 1 and abs(rr - row) <= 1 for c, rr in offsets)
    # same line (row for flat grids, column for pointy ones) holds exactly 2 neighbours, never more
    assert sum(1 for c, rr in offsets if (c == col if grid.orientation == "flat" else rr == row)) == 2


@given(st.sampled_from(sorted(range(1, 108))))
def test_grand_illusion_round_trip(n):
    s = scheme_for(GRAND_ILLUSION)
    h = s.hex(str(n))
    assert s.label(h) == str(n) and s.contains(h)
