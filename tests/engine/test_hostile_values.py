"""The classes of issue 20 with other values than the issue's (hypothesis): whatever the numbers,
a numbering scheme, a module, a save or a command ends in a clean error or a valid object, in
bounded time and memory — and what is accepted is drawable and savable.

``tests/tools/test_hostile.py`` runs the issue's own values through the command line under
resource limits; ``python -m tools.fuzz_long --campaign ...`` draws far more of these.
"""
from __future__ import annotations

import json
import math
import time
import tracemalloc
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from engine import commands as C
from engine import persist
from engine.board import MapGraph
from engine.container import TABLE_LIMITS, Limits, read_module
from engine.errors import ModuleError, SaveError, WartableError
from engine.hexgrid import MAX_NUMBERED_HEXES, Layout, scheme_for
from engine.model import Grid
from engine.sample import sample_module
from engine.saves import decode_save
from engine.state import GameState
from tools.hostile import (_apply, base_record, encode_members_unchecked, module_with_attr_copies,
                           module_with_strings, module_with_values, new_base, save_text,
                           sequential_module, with_command, zip_members)


def fuzz(n: int, shrink: bool = True) -> settings:
    """``n`` examples; heavy examples (modules of megabytes) are not shrunk: a failure is
    reported as found (shrinking them takes minutes)."""
    phases = list(Phase) if shrink else [Phase.explicit, Phase.reuse, Phase.generate]
    return settings(max_examples=n, deadline=None, phases=phases,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _timed(fn: Any, most: float = 2.0) -> Any:
    t0 = time.perf_counter()
    try:
        return fn()
    finally:
        assert time.perf_counter() - t0 < most, f"took more than {most} s"


big_int = st.one_of(st.integers(-5, 120), st.integers(-10**30, 10**30),
                    st.sampled_from([10**7, 10**9, 2**31 - 1, 2**63, 10**100]))


# -- numbering parameters --------------------------------------------------------------------

@fuzz(300)
@given(params=st.fixed_dictionaries({}, optional={
    "col_digits": big_int, "row_digits": big_int, "first_col": big_int, "first_row": big_int,
    "last_col": big_int, "last_row": big_int, "parity": st.sampled_from(["odd", "even", "x"]),
    "sep": st.text(max_size=12), "rows_up": st.booleans()}),
    name=st.sampled_from(["colrow", "rowcol"]), orientation=st.sampled_from(["flat", "pointy"]))
def test_offset_numbering_parameters_build_fast_or_are_refused(params, name, orientation) -> None:
    grid = Grid("g", "map", orientation, 40.0, 0.0, 0.0, name, params)
    try:
        scheme = _timed(lambda: scheme_for(grid), 2.0)
    except ValueError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
        return
    assert 1 <= scheme.col_digits <= 9 and 1 <= scheme.row_digits <= 9
    if scheme.bounded:
        n = (scheme.max_col - scheme.first_col + 1) * (scheme.max_row - scheme.first_row + 1)
        assert n <= MAX_NUMBERED_HEXES


numbers = st.lists(st.integers(-10**12, 10**12) | st.integers(0, 50), max_size=8)


@fuzz(200)
@given(firsts=numbers, lengths=numbers | st.just([10**7]) | st.just([10**9]),
       starts=numbers)
def test_sequential_numbering_parameters_build_fast_or_are_refused(firsts, lengths, starts):
    grid = Grid("g", "map", "flat", 40.0, 0.0, 0.0, "sequential_columns", {
        "firsts": " ".join(map(str, firsts)), "lengths": " ".join(map(str, lengths)),
        "starts": " ".join(map(str, starts))})
    try:
        scheme = _timed(lambda: scheme_for(grid), 2.0)
    except ValueError as exc:
        assert "\n" not in str(exc)
        return
    assert sum(1 for _ in scheme.labels()) <= MAX_NUMBERED_HEXES


def test_a_numbering_of_200001_columns_is_refused_before_it_is_built() -> None:
    m = sequential_module(" ".join(["1"] * 200_001), " ".join(
        str(i + 1) for i in range(200_001)), " ".join(["0"] * 200_001))
    with pytest.raises(ValueError, match="more than 200000 numbers"):
        _timed(lambda: scheme_for(m.grids[0]), 1.0)


# -- extreme coordinates, sizes and counts ---------------------------------------------------

any_float = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [5e-324, 1e-300, 1e308, -1e308, 1e9, 100_000.0, 100_000.5, 0.5, 1.0, 10_000.0, 10_001.0])


@fuzz(300)
@given(width=any_float, height=any_float, size=any_float, ox=any_float, x=any_float,
       y=any_float, q=st.integers(-2**31, 2**31 - 1), count=st.integers(0, 2**32 - 1))
def test_what_the_loader_accepts_the_table_can_draw_and_set_up(width, height, size, ox, x, y, q,
                                                                 count) -> None:
    module = _apply(new_base(), board={"width": width, "height": height},
                    grid={"size": size, "origin_x": ox}, loc={"x": x, "y": y, "q": q},
                    count=count)
    data = zip_members(encode_members_unchecked(module))
    try:
        loaded = _timed(lambda: read_module(data))
    except ModuleError as exc:
        assert "\n" not in str(exc)
        return
    ext = TABLE_LIMITS.max_extent
    board = loaded.boards[0]
    assert 0 <= board.width <= ext and 0 <= board.height <= ext
    grid = loaded.grids[0]
    assert TABLE_LIMITS.min_hex <= grid.size <= TABLE_LIMITS.max_hex
    layout = Layout.from_grid(grid)
    try:
        graph = MapGraph.from_module(loaded)
    except ModuleError as exc:  # e.g. the moved hex now shares its q, r with another
        assert "same hex" in str(exc)
        return
    for loc in loaded.locations.values():
        cx, cy = graph.centre(loc.id)
        assert math.isfinite(cx) and abs(cx) <= ext and abs(cy) <= ext
        assert abs(loc.x) <= ext and abs(loc.y) <= ext
        if loc.kind == "hex":
            assert layout.to_hex(cx, cy) == (loc.q, loc.r)   # no overflow, no division by 0
    pieces = sum(p.count for p in next(iter(loaded.scenarios.values())).placements)
    assert pieces <= TABLE_LIMITS.max_pieces


# -- the decoding budget ----------------------------------------------------------------------

SMALL = Limits(max_values=60_000)


@fuzz(25, shrink=False)
@given(kind=st.sampled_from(["tables", "dice", "both", "edges", "locations", "grids",
                             "strings"]),
       n=st.integers(1, 2_000_000), set_size=st.integers(1, 3000))
def test_decoding_memory_is_bounded_by_the_budget_whatever_the_shape(kind, n, set_size) -> None:
    """Peak memory of a load stays within ~150 bytes per unit of the budget plus the bytes
    themselves (:func:`_bound`), whatever the counts — amplification by value, by reference or
    by string."""
    n = n if kind in ("edges", "locations", "grids") else n // 4  # a few MB of module at most
    if kind == "tables":
        data = module_with_values(table_cells=n // 4)
    elif kind == "dice":
        data = module_with_values(dice_faces=n // 2)
    elif kind == "both":
        data = module_with_values(table_cells=n // 8, dice_faces=n // 4)
    elif kind == "strings":
        data = module_with_strings(n // 2)
    else:
        data = module_with_attr_copies(set_size, max(1, n // set_size), kind[:-1])
    tracemalloc.start()
    try:
        try:
            read_module(data, "budget.wtm", SMALL)
        except ModuleError as exc:  # the budget, or a duplicate id the generator made
            assert "\n" not in str(exc)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= _bound(data), \
        f"{kind} n={n}: {peak / 2**20:.1f} MiB for a budget of {SMALL.max_values}"


def _bound(data: bytes) -> int:
    """~150 bytes per unit of the budget, plus the bytes: the file and its members inflated
    (bounded by the container's byte limits, not by the budget), each held at most twice."""
    import io
    import zipfile
    inflated = sum(i.file_size for i in zipfile.ZipFile(io.BytesIO(data)).infolist())
    return 150 * SMALL.max_values + 2 * len(data) + 2 * inflated + (4 << 20)


def test_without_the_budget_the_same_modules_cost_far_more() -> None:
    """The bound above has teeth: with no budget, amplification by reference costs a multiple."""
    data = module_with_attr_copies(3000, 2000)
    tracemalloc.start()
    try:
        read_module(data, "budget.wtm", Limits(max_values=10**9))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak > 5 * _bound(data)


# -- saves and commands -----------------------------------------------------------------------

RECORD = base_record()
json_scalar = (st.none() | st.booleans() | big_int
               | st.text(st.characters(), max_size=6) | st.sampled_from(["\ud800", "a\udfff"]))
json_value = st.recursive(json_scalar, lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                          max_leaves=12)


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"k": value} if depth % 2 else [value]
    return value


@fuzz(200)
@given(kind=st.sampled_from(["create", "prop", "set", "note", "reorder", "move", "mark",
                             "delete", "face", "draw", "roll", "shuffle"]),
       value=json_value | st.integers(0, 80).map(_deep), where=st.integers(0, 3))
def test_hostile_command_data_in_a_save_is_a_clean_error_or_a_savable_game(kind, value, where):
    cmd: dict[str, Any] = {
        "create": {"c": "create", "type": "blue-inf", "loc": "0101", "props": {"x": value}},
        "prop": {"c": "prop", "pid": 1, "key": "k", "value": value},
        "set": {"c": "set", "key": "k", "value": value},
        "note": {"c": "note", "side": "", "text": value},
        "reorder": {"c": "reorder", "loc": "0904", "order": value},
        "move": {"c": "move", "pid": value, "loc": "0101"},
        "mark": {"c": "mark", "pid": 1, "marker": value},
        "delete": {"c": "delete", "pid": value},
        "face": {"c": "face", "pid": 1, "face": value},
        "draw": {"c": "draw", "src": "deck", "dst": "hand:blue", "count": value},
        "roll": {"c": "roll", "spec": value, "purpose": ""},
        "shuffle": {"c": "shuffle", "loc": "deck", "order": value},
    }[kind]
    record = with_command(RECORD, cmd)
    if where == 1:
        record["seed"] = value if isinstance(value, (int, str)) and not isinstance(
            value, bool) else 1
    elif where == 2:
        record["options"] = {"o": value}
    try:
        data = save_text(json.loads(json.dumps(record, ensure_ascii=True)))
    except (ValueError, RecursionError):
        return  # json itself cannot write it (the CLI corpus writes such text by hand)
    try:
        session = _timed(lambda: persist.load_bytes(data, sample_module()))
    except WartableError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 600, str(exc)
        return
    # accepted: the game saves again (autosave must never crash) and reloads to the same hash
    again = persist.load_bytes(persist.save_bytes(session), sample_module())
    assert again.state.hash == session.state.hash


@fuzz(200)
@given(value=json_value | st.integers(0, 40).map(_deep),
       field=st.sampled_from(["props", "value", "text", "marker", "key"]))
def test_a_command_validates_its_data_before_changing_anything(value, field) -> None:
    state = GameState(sample_module(), 3)
    C.apply_all(state, [C.Create("blue-inf", "0101"), C.Create("blue-inf", "0101")])
    before = state.hash
    cmd = {"props": lambda: C.Create("blue-inf", "0102", props={"x": value}),
           "value": lambda: C.SetProp(1, "k", value),
           "text": lambda: C.Note("", value),
           "marker": lambda: C.AddMarker(1, value),
           "key": lambda: C.SetGlobal(value if isinstance(value, str) else "k", value)}[field]()
    try:
        C.apply_all(state, [cmd])
    except C.CommandError as exc:
        assert state.hash == before and "\n" not in str(exc) and len(str(exc)) < 300
        return
    assert state.hash == state.full_hash()
    json.dumps(state.globals, ensure_ascii=False).encode("utf-8")  # savable: valid Unicode
    C.undo_all(state, [cmd])
    assert state.hash == before


def test_string_piece_ids_never_stand_for_pieces() -> None:
    state = GameState(sample_module(), 3)
    C.apply_all(state, [C.Create("blue-inf", "0101"), C.Create("blue-inf", "0101")])
    for order in (["2", "1"], [2, "1"], [2.0, 1], [True, 2], [2, 2]):
        with pytest.raises(C.CommandError, match="not a permutation"):
            C.Reorder("0101", order).apply(state)
    with pytest.raises(C.CommandError, match="no piece"):
        C.Move("1", "0102").apply(state)
    C.Reorder("0101", [2, 1]).apply(state)
    assert state.stack("0101") == [2, 1]


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "\udcff" * 3])
def test_lone_surrogates_are_refused_where_a_save_would_write_them(text) -> None:
    with pytest.raises(C.CommandError, match="not text|not valid"):
        C.apply_all(GameState(sample_module(), 3), [C.Note("", text)])
    data = save_text(RECORD, [('"seed": 11', '"seed": ' + json.dumps(text))])
    with pytest.raises(SaveError, match="lone surrogate"):
        decode_save(data)
