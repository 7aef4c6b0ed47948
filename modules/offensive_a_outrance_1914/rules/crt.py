"""The Combat Results Table and its arithmetic (9.6, 9.7, 9.9, 10.1, 10.3): odds columns and
shifts, the PR die modifier, reading a result, the Artillery Table, the EC failure table.

The CRT's body is reconstructed (module tables ``crt`` and ``crt_retreat``; PROVENANCE.md): the
white die (modified by the PR difference) gives each side's EC modifier and Strength Reductions,
the black die gives the defender's retreat. Every rule around it reads the printed text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

COLUMNS = ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "6:1", "8:1")
#: the odds scale with its steps beyond the table (9.6.2): below 1:4 one step per column
#: (1:5, 1:6...), above 8:1 two ratio points per step (10:1, 12:1...).
UP = (1, 2, 3, 4, 6, 8)


def odds_index(att: float, dfn: float) -> int:
    """9.6: the initial odds rounded DOWN to a column, as an index on the extended scale where
    0 is 1:1, 1..5 are 2:1..8:1, 6, 7... are 10:1, 12:1..., -1..-3 are 1:2..1:4, -4... 1:5..."""
    if dfn <= 0:
        return 5 + 20
    r = Fraction(att).limit_denominator(1000) / Fraction(dfn).limit_denominator(1000)
    if r >= 1:
        n = int(r)
        if n >= 8:
            return 5 + (n - 8) // 2
        best = 0
        for i, v in enumerate(UP):
            if n >= v:
                best = i
        return best
    if r <= 0:
        return -40
    k = 1
    while r < Fraction(1, k + 1) and k < 40:    # 1/(k+1) <= r < 1/k: the column 1:(k+1)
        k += 1
    return -k


def odds_text(index: int) -> str:
    if index >= 0:
        return f"{UP[index]}:1" if index < len(UP) else f"{8 + 2 * (index - 5)}:1"
    return f"1:{1 - index}"


def column(index: int) -> str:
    """9.9: odds beyond the table use its highest or lowest column."""
    return odds_text(max(-3, min(5, index)))


@dataclass
class Result:
    """One side's part of a CRT result: EC DRM, Strength Reductions, CE-level losses (E)."""
    drm: int = 0
    s: int = 0
    e: int = 0

    def text(self) -> str:
        out = ""
        if self.drm:
            out += f"{self.drm:+d}"
        elif not (self.s or self.e):
            out = "0"
        out += "s" * self.s + "E" * self.e
        return out


_PART = re.compile(r"^([+-]?\d+)?(s*)(E*)$")


def parse_part(text: str) -> Result:
    text = text.strip().replace("−", "-")
    m = _PART.match(text.replace(" ", ""))
    if not m:
        raise ValueError(f"not a CRT result part: {text!r}")
    drm = int(m.group(1)) if m.group(1) else 0
    return Result(drm, len(m.group(2)), len(m.group(3)))


@dataclass
class Reading:
    """A CRT reading: the column, the dice, each side's part and the defender's retreat."""
    column: str
    white: int
    black: int
    white_modified: int
    attacker: Result
    defender: Result
    retreat: str          # "", "1w" (white ①), "1b" (black ❶), "2b" (black ❷)
    printed: str = ""
    notes: list[str] = field(default_factory=list)


RETREAT_GLYPH = {"①": "1w", "❶": "1b", "❷": "2b", "-": "", "": ""}
GLYPH = {"1w": "①", "1b": "❶", "2b": "❷", "": ""}


def read_crt(module, index: int, white: int, black: int, pr_drm: int) -> Reading:
    """9.9.1: the white die modified by the PR difference (rows 0..9: beyond them the nearest row)
    and the black die, on the final odds column."""
    col = column(index)
    crt = module.tables["crt"]
    rows = [int(r) for r in crt.rows.values]
    wm = max(min(rows), min(max(rows), white + pr_drm))
    cell = str(crt.lookup(wm if wm in crt.rows.values else str(wm), col))
    att, dfn = cell.split("/")
    ret_table = module.tables["crt_retreat"]
    glyph = str(ret_table.lookup(black if black in ret_table.rows.values else str(black), col))
    retreat = RETREAT_GLYPH.get(glyph.strip(), "")
    printed = f"{cell}{GLYPH[retreat]}"
    return Reading(col, white, black, wm, parse_part(att), parse_part(dfn), retreat, printed)


def retreat_hexes(retreat: str, intensity: str) -> int:
    """9.8.2: which retreats are active. No Intensity: black only; Attacker Intense: white ①
    too; Defender Intense: none; Intense Combat: black only."""
    if not retreat or intensity == "defender":
        return 0
    if retreat == "1w":
        return 1 if intensity == "attacker" else 0
    return int(retreat[0])


def intensity_srs(retreat: str, intensity: str) -> tuple[int, int]:
    """9.8.2: Strength Reductions for intensity, in addition to the CRT's (attacker, defender).
    Attacker Intense / Intense Combat: the attacker takes one if the result has no retreat or a
    white ①; Defender Intense / Intense Combat: the defender takes one if it has any retreat."""
    att = dfn = 0
    if intensity in ("attacker", "both") and retreat in ("", "1w"):
        att = 1
    if intensity in ("defender", "both") and retreat:
        dfn = 1
    return att, dfn


def intensity_kind(attacker: bool, defender: bool) -> str:
    """9.8.1: the battle's intensity from the two declarations."""
    return {(False, False): "none", (True, False): "attacker", (False, True): "defender",
            (True, True): "both"}[(attacker, defender)]


INTENSITY_NAME = {"none": "No Intensity", "attacker": "Attacker Intense", "defender": "Defender Intense",
                  "both": "Intense Combat"}


def artillery_drm(module, enemy_av: int, friendly_de: float) -> int:
    """10.1.2: the enemy's AV against the friendly division-equivalents: a DRM to the friendly
    post-combat EC (module table ``artillery``)."""
    table = module.tables["artillery"]
    rows = [int(r) for r in table.rows.values]
    av = max(min(rows), min(max(rows), enemy_av))
    if friendly_de >= 3:
        col = "3+"
    elif friendly_de >= 2:
        col = "2-2.75"
    elif friendly_de >= 1:
        col = "1-1.75"
    else:
        col = "0-0.75"
    key = av if av in table.rows.values else str(av)
    return int(table.lookup(key, col))


@dataclass
class ECFailure:
    levels: int
    sr: int
    retreat: int
    extra_if_ci: int


def ec_failure(margin: int) -> ECFailure:
    """10.3: failed by 1-3: -1 CEL; 4-6: -2; 7-9: -3 and retreat 1; 10+: -3, one SR and retreat
    2; a Force that was or becomes CI or Demoralized also retreats 1 (1-3) or 2 hexes (digest
    4.5: ① for 1-3, ② for the other rows)."""
    if margin <= 0:
        return ECFailure(0, 0, 0, 0)
    if margin <= 3:
        return ECFailure(1, 0, 0, 1)
    if margin <= 6:
        return ECFailure(2, 0, 0, 2)
    if margin <= 9:
        return ECFailure(3, 0, 1, 2)
    return ECFailure(3, 1, 2, 2)
