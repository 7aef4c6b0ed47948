"""Reading the combat charts: the Bombardment (13.2.5), Defensive Fire (13.3.10) and Assault
(13.4.3) tables, and their result codes (13.2.6, 13.3.11, 13.4.4).

The cells of the three charts are reconstructed (the printed charts are in no text we hold; the
module's tables.toml and PROVENANCE.md say how); the way they are read is the rulebook's:

* a column found from the total (BF after weather and DP; defensive fire; the odds rounded
  down), shifted by whole columns;
* the Assault Table's integer odds beyond its ends count one column each for shifting (13.4.3 C);
  a final column below 1:2 is an automatic 1D2R for the attacker, beyond 5:1 the 5:1 column;
* reading (13.2.5, 13.3.10): a Bombardment or Defensive Fire column shifted past either end of
  its table uses the end column;
* results: ``-`` nothing; ``*`` roll again, 1–3 = D1 (one DP to each unit), 4–6 nothing;
  ``#D#`` steps lost in the hex in total, then DP to each unit; ``T`` the trench level drops
  by one; ``R`` the units retreat.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

_CODE = re.compile(r"^(\d+)D(\d+)(T?)(R?)$")


@dataclass(frozen=True)
class Result:
    """One result code: steps lost (in the hex, in total), DP per unit, trench -1, retreat,
    and ``star`` (roll again: 1-3 = D1)."""
    steps: int = 0
    dp: int = 0
    trench: bool = False
    retreat: bool = False
    star: bool = False
    code: str = "-"

    @property
    def nothing(self) -> bool:
        return not (self.steps or self.dp or self.trench or self.retreat or self.star)


def parse(code: str) -> Result:
    code = str(code).strip()
    if code in ("-", "--", ""):
        return Result(code="-")
    if code == "*":
        return Result(star=True, code="*")
    m = _CODE.match(code)
    if not m:
        raise ValueError(f"unknown result code {code!r}")
    return Result(int(m.group(1)), int(m.group(2)), bool(m.group(3)), bool(m.group(4)), False, code)


def _range_column(headers: tuple, total: int) -> int:
    """The column whose range (``a-b``, ``n``, ``n+``) holds ``total``; below the first: -1."""
    for i, h in enumerate(headers):
        h = str(h)
        if h.endswith("+"):
            if total >= int(h[:-1]):
                return i
        elif "-" in h:
            a, b = h.split("-")
            if int(a) <= total <= int(b):
                return i
        elif total == int(h):
            return i
    first = str(headers[0])
    low = int(first.split("-")[0].rstrip("+"))
    return -1 if total < low else len(headers) - 1


def bombardment(g: "Game", total_bf: int, shift: int, die: int) -> tuple[str, str, Result]:
    """(column header, row, result) of the Bombardment Table (13.2.5)."""
    t = g.module.tables["bombardment"]
    cols = t.cols.values
    col = _range_column(cols, total_bf)
    col = max(0, min(len(cols) - 1, col + shift))
    return str(cols[col]), str(die), parse(t.lookup(die, cols[col]))


def defensive_fire(g: "Game", total: int, shift: int, die: int) -> tuple[str, str, Result]:
    """(column header, row, result) of the Defensive Fire Table (13.3.10)."""
    t = g.module.tables["defensive_fire"]
    cols = t.cols.values
    col = max(0, _range_column(cols, total))
    col = max(0, min(len(cols) - 1, col + shift))
    return str(cols[col]), str(die), parse(t.lookup(die, cols[col]))


def _odds_value(label: str) -> Fraction:
    a, b = label.split(":")
    return Fraction(a) / Fraction(b)


def odds_column(g: "Game", attack: int, defence: int) -> int:
    """13.4.3 A-B: attacker CF / defender CF rounded down to a column of the first row; the
    integer odds beyond the ends count one column each (index < 0 below 1:2, > last above 5:1).
    Reading: a defender of CF 0 (artillery alone, 19.3) is beyond every column."""
    cols = g.module.tables["assault"].cols.values
    values = [_odds_value(c) for c in cols]
    if defence <= 0:
        return len(cols) - 1 + max(attack, 1)
    if attack <= 0:
        return -99
    ratio = Fraction(attack, defence)
    if ratio >= values[0]:
        best = 0
        for i, v in enumerate(values):
            if ratio >= v:
                best = i
        if ratio >= values[-1] + 1:
            best = len(cols) - 1 + int(ratio) - int(values[-1])
        return best
    n = -(-ratio.denominator // ratio.numerator)        # 1:n with n = ceil(defence / attack)
    return -(n - 2)


def column_label(g: "Game", index: int) -> str:
    cols = g.module.tables["assault"].cols.values
    if index < 0:
        return f"1:{2 - index}"
    if index >= len(cols):
        return f"{int(_odds_value(cols[-1])) + index - len(cols) + 1}:1"
    return str(cols[index])


def assault(g: "Game", column: int, die: int) -> tuple[Result, Result, str]:
    """13.4.3 C-D, 13.4.4: (attacker's result, defender's result, the column read) for a final
    column; below 1:2 the automatic 1D2R for the attacker, beyond 5:1 the 5:1 column."""
    t = g.module.tables["assault"]
    cols = t.cols.values
    if column < 0:
        return parse("1D2R"), Result(), "below 1:2"
    column = min(column, len(cols) - 1)
    top, bottom = str(t.lookup(die, cols[column])).split("/")
    return parse(top), parse(bottom), str(cols[column])
