"""Source folders (docs/source-format.md): canonical round trips to byte-identical modules, the
details of the CSV and TOML conventions, and errors that name file, line and column."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.container import write_module
from engine.errors import SourceError
from engine.model import Axis, Face, Grid, Module, Table
from engine.sample import sample_module
from tools.bench_module import synthetic_module
from tools.cmd_module import new_module
from engine.source import (infer, infer_text, pixel_centre, read_source, source_texts,
                          write_source)

from tests.engine.test_container import modules as binary_modules


def round_trip(m: Module, tmp: Path) -> Module:
    """sources -> module -> sources -> module, checking both builds give the same bytes."""
    write_source(m, tmp / "a")
    first = read_source(tmp / "a")
    write_source(first, tmp / "b")
    second = read_source(tmp / "b")
    assert write_module(first) == write_module(second)
    for path in (tmp / "a").rglob("*"):  # the canonical form is a fixed point
        if path.is_file():
            assert path.read_bytes() == (tmp / "b" / path.relative_to(tmp / "a")).read_bytes()
    return first


@pytest.mark.parametrize("make", [sample_module, lambda: new_module("tiny"),
                                  lambda: synthetic_module(cols=30, rows=30, piece_types=400,
                                                           placements=500, tables=10, cards=40)])
def test_module_sources_module_is_byte_identical(make, tmp_path: Path) -> None:
    m = make()
    back = round_trip(m, tmp_path)
    assert back == m
    assert write_module(back) == write_module(m)  # build(dump(m)) == m's own file


def test_largest_size_module_round_trips_through_sources(tmp_path: Path) -> None:
    m = synthetic_module()
    write_source(m, tmp_path)
    assert write_module(read_source(tmp_path)) == write_module(m)


key = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=6).filter(
    lambda k: k not in ("id", "kind", "name", "x", "y", "q", "r", "a", "b", "board", "grid",
                        "terrain", "owner", "visibility", "side", "nationality", "unit_type",
                        "size", "symbol", "count", "back", "piece_type", "location", "face",
                        "turn") and not (k.startswith("f") and k[1:2].isdigit()))
cell_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=10).filter(
    lambda t: t != "''")


def _clean_attrs(attrs: dict) -> dict:
    out = {}
    for i, (k, v) in enumerate(attrs.items()):
        out[f"k{i}_" + "".join(ch for ch in k if ch.isascii() and ch.isalnum()).lower()] = (
            v if not isinstance(v, str) or v != "''" else "x")
    return out


def for_sources(m: Module) -> Module:
    """A generated module made expressible in sources: attribute keys become column names."""
    fix = _clean_attrs
    m.locations = {k: dataclasses.replace(v, attrs=fix(v.attrs)) for k, v in m.locations.items()}
    m.edges = tuple(dataclasses.replace(e, attrs=fix(e.attrs)) for e in m.edges)
    m.piece_types = {k: dataclasses.replace(
        p, attrs=fix(p.attrs), faces=tuple(Face(f.name if f.name != "''" else "x",
                                                fix(f.values)) for f in p.faces))
        for k, p in m.piece_types.items()}
    m.tables = {k if k[0].isalnum() else "t" + k: dataclasses.replace(
        t, id=k if k[0].isalnum() else "t" + k) for k, t in m.tables.items()}
    m.scenarios = {k if k[0].isalnum() else "s" + k: dataclasses.replace(
        s, id=k if k[0].isalnum() else "s" + k, placements=tuple(
            dataclasses.replace(p, attrs=fix(p.attrs)) for p in s.placements))
        for k, s in m.scenarios.items()}
    return m


@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(binary_modules())
def test_random_modules_round_trip_through_sources(tmp_path_factory, m: Module) -> None:
    m = for_sources(m)
    tmp = tmp_path_factory.mktemp("src")
    back = round_trip(m, tmp)
    assert back == m
    assert write_module(back) == write_module(m)


@given(st.one_of(st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.booleans(),
                 st.text()))
def test_table_cells_infer_back_to_the_same_typed_value(v) -> None:
    back = infer(infer_text(v))
    assert back == v and type(back) is type(v)


def test_attribute_conventions(tmp_path: Path) -> None:
    m = new_module("conv")
    attrs = {"empty": "", "n": 3, "text_n": "3", "flag": True, "ratio": 0.5}
    m.locations["0101"] = dataclasses.replace(m.locations["0101"], attrs=attrs)
    m.locations["0102"] = dataclasses.replace(m.locations["0102"], attrs={"n": "three"})
    m.piece_types["turn"] = dataclasses.replace(m.piece_types["turn"], faces=(Face(""),))
    texts = source_texts(m)
    header = texts["locations.csv"].splitlines()[0]
    assert header.endswith("empty,n:int,text_n,flag:bool,ratio:float,n")  # n twice, two types
    assert texts["locations.csv"].splitlines()[1].endswith(",'',3,3,true,0.5,")
    assert texts["locations.csv"].splitlines()[2].endswith(",,,,,,three")
    write_source(m, tmp_path)
    back = read_source(tmp_path)
    assert back.locations["0101"].attrs == attrs and back.locations["0102"].attrs == {"n": "three"}
    assert back.piece_types["turn"].faces == (Face(""),)


def test_unrepresentable_values_are_refused_clearly() -> None:
    m = new_module("bad")
    m.locations["0101"] = dataclasses.replace(m.locations["0101"], attrs={"name": "clash"})
    with pytest.raises(SourceError, match="attribute name 'name'"):
        source_texts(m)
    m = new_module("bad")
    m.locations["0101"] = dataclasses.replace(m.locations["0101"], attrs={"x_": "''"})
    with pytest.raises(SourceError, match="stands for the empty string"):
        source_texts(m)


# -- reading details -----------------------------------------------------------------------------

def write(folder: Path, **files: str) -> Path:
    for rel, text in files.items():
        path = folder / rel.replace("__", "/").replace("_dot_", ".")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return folder


MODULE_TOML = """\
[module]
id = "t"
title = "T"

[[side]]
id = "a"
name = "A"

[[board]]
id = "m"
name = "Map"
width = 1000
height = 800

[[grid]]
id = "g"
board = "m"
orientation = "flat"
size = 40
origin_x = 60
origin_y = 60
numbering = "colrow"
[grid.numbering_params]
parity = "odd"
first_col = 1
first_row = 1
col_digits = 2
row_digits = 2
"""


def source_error(folder: Path, **kw) -> SourceError:
    with pytest.raises(SourceError) as err:
        read_source(folder, **kw)
    assert "\n" not in str(err.value)
    return err.value


def test_comments_blank_lines_crlf_bom_and_spreadsheet_booleans(tmp_path: Path) -> None:
    write(tmp_path, module_dot_toml=MODULE_TOML)
    (tmp_path / "locations.csv").write_bytes(
        "\ufeffid,kind,board,x,y,port:bool,note\r\n# a comment, with \"a quote\r\n\r\n"
        "paris,space,m,1,2,TRUE,\"two\r\nlines\"\r\nlyon,space,m,3.5,4e2,false,\r\n".encode())
    m = read_source(tmp_path)
    assert list(m.locations) == ["paris", "lyon"]
    assert m.locations["paris"].attrs == {"port": True, "note": "two\r\nlines"}
    assert m.locations["lyon"].attrs == {"port": False}
    assert (m.locations["lyon"].x, m.locations["lyon"].y) == (3.5, 400.0)
    assert m.boards[0].width == 1000.0 and isinstance(m.boards[0].width, float)


def test_csv_errors_give_the_spreadsheet_row_and_column(tmp_path: Path) -> None:
    write(tmp_path, module_dot_toml=MODULE_TOML, locations_dot_csv=(
        "id,kind,board,x,y,vp:int\n"          # row 1
        "# comment\n"                        # row 2
        'paris,space,m,1,2,"3"\n'            # row 3
        'lyon,space,m,1,2,"multi\nline"\n'   # row 4 (one spreadsheet row on two lines)
        "metz,space,m,1,2,x\n"))             # row 5
    err = source_error(tmp_path)
    assert (err.file, err.line, err.column) == ("locations.csv", 4, 6)
    assert "vp" in err.message and "not an integer" in err.message
    assert str(err).startswith("locations.csv:4:6: ")


@pytest.mark.parametrize("files,where,words", [
    ({"locations_dot_csv": "id,board\nx,m\n"}, ("locations.csv", 1), "missing column 'kind'"),
    ({"locations_dot_csv": "id,kind,board\nx,box,m\nx,box,m\n"}, ("locations.csv", 3),
     "appears twice"),
    ({"locations_dot_csv": "id,kind,q\nh,hex,1\n"}, ("locations.csv", 2), "both"),
    ({"locations_dot_csv": "id,kind,board\nx,box,m,extra\n"}, ("locations.csv", 2), "header"),
    ({"locations_dot_csv": "id,kind,x:int\n"}, ("locations.csv", 1), "is float, not int"),
    ({"edges_dot_csv": "a,b,kind\n\"x,y\n"}, ("edges.csv", 2), "never closed"),
    ({"pieces_dot_csv": "id,f0,f1\np,,back\n"}, ("pieces.csv", 2), "follows a missing face"),
    ({"pieces_dot_csv": "id,f0.cf:int\np,3\n"}, ("pieces.csv", 1), "without a face name"),
    ({"pieces_dot_csv": "id,f0,f0.cf:int\np,,3\n"}, ("pieces.csv", 2), "values but no name"),
    ({"tables_dot_toml": '[[table]]\nid = "crt"\n', "tables__crt_dot_csv": "d,1,2\n1,a\n"},
     ("tables/crt.csv", 2), "header has 3"),
    ({"tables_dot_toml": '[[table]]\nid = "nope"\n'}, ("tables.toml", 2), "missing"),
    ({"tables_dot_toml": '[[table]]\nid = "crt"\ncolour = "red"\n'}, ("tables.toml", 3),
     "unknown key 'colour'"),
    ({"scenarios__s_dot_toml": '[scenario]\nid = "other"\nname = "S"\n'},
     ("scenarios/s.toml", 2), "differs from the file name"),
    ({"scenarios__s_dot_csv": "piece_type,location\n"}, ("scenarios/s.csv", 0), "no scenarios"),
    ({"scenarios__s_dot_toml": '[scenario]\nname = "S"\nfirst_turn = "one"\n'},
     ("scenarios/s.toml", 3), "must be an integer"),
    ({"rules_index_dot_csv": "rule,text,extra\n"}, ("rules_index.csv", 1), "unknown column"),
])
def test_source_errors_name_file_and_line(tmp_path: Path, files: dict[str, str],
                                          where: tuple[str, int], words: str) -> None:
    write(tmp_path, module_dot_toml=MODULE_TOML, **files)
    err = source_error(tmp_path)
    assert (err.file, err.line) == where
    assert words in err.message


def test_toml_errors_name_line_and_column(tmp_path: Path) -> None:
    write(tmp_path, module_dot_toml=MODULE_TOML.replace('name = "A"', 'name = "A'))
    err = source_error(tmp_path)
    assert err.file == "module.toml" and err.line == 7 and err.column > 0
    write(tmp_path, module_dot_toml=MODULE_TOML + '\n[[side]]\nid = "b"\nname = "B"\n'
          'color = "#fff"\n')
    err = source_error(tmp_path)
    assert (err.file, err.line, err.column) == ("module.toml", 33, 1)
    assert "unknown key 'color'" in err.message
    write(tmp_path, module_dot_toml=MODULE_TOML.replace("width = 1000", 'width = "wide"'))
    err = source_error(tmp_path)
    assert err.line == 12 and "width must be a number" in err.message
    write(tmp_path, module_dot_toml=MODULE_TOML.replace('title = "T"\n', ""))
    assert "missing key 'title'" in source_error(tmp_path).message


def test_scenario_order_comes_from_module_toml(tmp_path: Path) -> None:
    scen = '[scenario]\nname = "{0}"\n'
    write(tmp_path, module_dot_toml=MODULE_TOML.replace('title = "T"', 'title = "T"\n'
                                                        'scenarios = ["zulu", "alpha"]'),
          scenarios__zulu_dot_toml=scen.format("Z"), scenarios__alpha_dot_toml=scen.format("A"))
    assert list(read_source(tmp_path).scenarios) == ["zulu", "alpha"]
    write(tmp_path, module_dot_toml=MODULE_TOML)
    assert list(read_source(tmp_path).scenarios) == ["alpha", "zulu"]  # default: file names
    write(tmp_path, module_dot_toml=MODULE_TOML.replace('title = "T"', 'title = "T"\n'
                                                        'scenarios = ["zulu"]'))
    assert "does not list 'alpha'" in source_error(tmp_path).message


# -- hex coordinates from labels -----------------------------------------------------------------

HEXES = "id,kind,board,grid\n0101,hex,m,g\n0203,hex,m,g\n"


def test_hex_coordinates_come_from_the_numbering_scheme(tmp_path: Path) -> None:
    write(tmp_path, module_dot_toml=MODULE_TOML, locations_dot_csv=HEXES)
    calls = []

    def coords(grid: Grid, label: str) -> tuple[int, int]:
        calls.append((grid.id, label))
        return int(label[:2]) - 1, int(label[2:]) - 1

    m = read_source(tmp_path, hex_coords=coords)
    assert calls == [("g", "0101"), ("g", "0203")]
    h = m.locations["0203"]
    assert (h.q, h.r) == (1, 2)
    assert (h.x, h.y) == pixel_centre(m.grids[0], 1, 2) == (120.0, round(60 + 40 * 3 ** .5 * 2.5,
                                                                          2))


def test_hex_coordinates_through_engine_hexgrid(tmp_path: Path) -> None:
    m = sample_module()
    write_source(m, tmp_path)
    lines = (tmp_path / "locations.csv").read_text().splitlines()
    blanked = [lines[0]]
    for line in lines[1:]:
        cells = line.split(",")
        if cells[1] == "hex":
            cells[4] = cells[5] = cells[8] = cells[9] = ""  # x, y, q, r
        blanked.append(",".join(cells))
    (tmp_path / "locations.csv").write_text("\n".join(blanked) + "\n")
    assert read_source(tmp_path) == m
    (tmp_path / "locations.csv").write_text("\n".join(blanked + ["99x9,hex,map,,,,,g,,,,"])
                                            + "\n")
    err = source_error(tmp_path)
    assert err.line == len(blanked) + 1 and "99x9" in err.message


# -- writing ---------------------------------------------------------------------------------------

def test_write_source_refuses_to_clobber_and_replaces_with_overwrite(tmp_path: Path) -> None:
    m = sample_module()
    write_source(m, tmp_path)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "__init__.py").write_text("# the ruleset\n")
    (tmp_path / "NOTES.md").write_text("notes\n")
    with pytest.raises(SourceError, match="already holds module sources"):
        write_source(m, tmp_path)
    fewer = dataclasses.replace(m, scenarios={}, tables={})
    write_source(fewer, tmp_path, overwrite=True)
    assert not (tmp_path / "scenarios" / "meeting.toml").exists()
    assert not (tmp_path / "tables" / "crt.csv").exists()
    assert (tmp_path / "rules" / "__init__.py").exists() and (tmp_path / "NOTES.md").exists()
    assert read_source(tmp_path) == fewer


def test_cards_go_to_cards_csv_only_when_they_come_last() -> None:
    m = sample_module()
    assert "cards.csv" in source_texts(m)
    assert "card-1" not in source_texts(m)["pieces.csv"]
    mixed = dict(m.piece_types)
    first = mixed.pop("card-1")
    m.piece_types = {"card-1": first, **mixed}
    texts = source_texts(m)
    assert "cards.csv" not in texts and "card-1" in texts["pieces.csv"]


def test_tables_keep_typed_headers(tmp_path: Path) -> None:
    m = new_module("tab")
    m.tables["mixed"] = Table("mixed", "Mixed", Axis("roll", (1, "2", 3.0, True)),
                              Axis("col", ("'quoted", "", "#hash", -0.0)),
                              tuple(tuple((r, c) == (0, 0) and "1" or c for c in range(4))
                                    for r in range(4)))
    write_source(m, tmp_path)
    back = read_source(tmp_path).tables["mixed"]
    assert back == m.tables["mixed"]
    assert [type(v) for v in back.rows.values] == [int, str, float, bool]
    assert back.cells[0][0] == "1" and type(back.cells[0][0]) is str


def test_quotes_inside_unquoted_cells_and_hashes_inside_quoted_cells(tmp_path: Path) -> None:
    write(tmp_path, module_dot_toml=MODULE_TOML, locations_dot_csv=(
        'id,kind,board,gun\n'
        'fort,box,m,12" naval\n'           # row 2: a literal quote in an unquoted cell
        'camp,box,m,"two\n'                # row 3, spanning two lines
        '# not a comment: inside a cell"\n'
        '# a comment\n'                     # row 4
        'bad,box,m,x"y""\n'                 # row 5
        ))
    m = read_source(tmp_path)
    assert m.locations["fort"].attrs == {"gun": '12" naval'}
    assert m.locations["camp"].attrs == {"gun": "two\n# not a comment: inside a cell"}
    assert list(m.locations) == ["fort", "camp", "bad"]
    write(tmp_path, locations_dot_csv='id,kind,board\n# c\nx,box,m\n"open,box,m\n')
    err = source_error(tmp_path)
    assert (err.line, err.message) == (4, "bad CSV: a quoted cell is never closed")


@pytest.mark.parametrize("module_id", ["paths_of_glory", "grand_illusion",
                                       "offensive_a_outrance_1914", "strafexpedition_1916",
                                       "france_1944"])
def test_builtin_module_sources_module_sources_module_is_byte_identical(module_id, tmp_path):
    """Issue 3: every module in the repo survives sources -> module -> sources -> module with
    the same bytes, so dump/edit/build never loses or reorders data."""
    from engine.modules import builtin_folder
    first = write_module(read_source(builtin_folder(module_id)))
    write_source(read_source(builtin_folder(module_id)), tmp_path / "dumped")
    second = write_module(read_source(tmp_path / "dumped"))
    assert first == second
