"""Draft the scenario set-up lists from the project digest (authoring tool, run once).

Input: shared/rules/offensive_a_outrance_1914.md §7 (the rulebook's set-up charts 29-31, as the
digest transcribed them from the Italian scenario book). Output: setup_<scenario>.txt, one
line per unit entry in a strict form that build_oob.py reads:

    [NAT category]                      section header, e.g. [FR corps], [DE siege]
    unit | where | box | note           where is one of:
        HH.HH  [@N]                     on the map at set-up (activated in GT N)
        HH.HH+HH.HH                     Two-Hex start
        GTn HH.HH [or HH.HH]            reinforcement hex
        GTn entry X                     Rail Mode entry hexside X
        GTn depot [NAME] / GTn port / GTn anywhere / GTn naval
        GTn within N HH.HH              within N hexes of a hex
        GTn on UNIT                     placed on (stacked with) a unit
        GTn replaces UNIT [& UNIT...]   substitution / combined substitution

The drafts were then corrected by hand (every line the patterns below could not read is
marked "??" in the draft and was rewritten); the committed setup_*.txt files are the
corrected versions, so this script is kept only to document where the lists came from.
"""
from __future__ import annotations

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DIGEST = os.path.join(HERE, "..", "..", "..", "..", "shared", "rules", "offensive_a_outrance_1914.md")

HEX = r"\d\d\.\d\d"


def norm_where(s: str) -> str:
    s = s.strip()
    s = re.sub(r"\s*\[[^\]]*\]", "", s)          # editorial notes
    s = re.sub(r"\s*\((?:Two-Hex|as printed[^)]*)\)", "", s)
    m = re.fullmatch(rf"({HEX})(?:\+({HEX}))?(?:, act\. GT (\d))?", s)
    if m:
        out = m.group(1) + (("+" + m.group(2)) if m.group(2) else "")
        return out + (f" @{m.group(3)}" if m.group(3) else "")
    m = re.fullmatch(rf"GT (\d+): ({HEX})(?: or ({HEX}))?", s)
    if m:
        return f"GT{m.group(1)} {m.group(2)}" + (f" or {m.group(3)}" if m.group(3) else "")
    m = re.fullmatch(r"GT (\d+): ([A-I]) \(Rail Mode\)", s)
    if m:
        return f"GT{m.group(1)} entry {m.group(2)}"
    m = re.fullmatch(r"GT (\d+): (?:on )?any Depot", s)
    if m:
        return f"GT{m.group(1)} depot"
    m = re.fullmatch(r"GT (\d+): anywhere", s)
    if m:
        return f"GT{m.group(1)} anywhere"
    m = re.fullmatch(r"GT (\d+): (?:any Port|any port)", s)
    if m:
        return f"GT{m.group(1)} port"
    m = re.fullmatch(r"GT (\d+): replaces (.+)", s)
    if m:
        return f"GT{m.group(1)} replaces {m.group(2)}"
    m = re.fullmatch(r"GT (\d+): combined substitution \((.+)\)", s)
    if m:
        parts = re.split(r",\s+|\s+and\s+", m.group(2))
        return f"GT{m.group(1)} replaces " + " & ".join(p.strip() for p in parts if p.strip())
    m = re.fullmatch(rf"GT (\d+): within (\d+) hexes of [^(]*\(({HEX})\)", s)
    if m:
        return f"GT{m.group(1)} within {m.group(2)} {m.group(3)}"
    m = re.fullmatch(r"GT (\d+): on (?:the )?(.+)", s)
    if m:
        return f"GT{m.group(1)} on {m.group(2)}"
    if s.lower().startswith("not in play"):
        return "NIP"
    return "?? " + s


def main() -> None:
    lines = open(DIGEST, encoding="utf-8").read().split("\n")
    ranges = {"lorraine": (2357, 2468), "campaign": (2588, 3199), "race_to_the_sea": (3278, 3810)}
    for name, (a, b) in ranges.items():
        out = []
        for line in lines[a - 1:b]:
            if line.startswith("####") or line.startswith("**") or line.startswith("- **"):
                out.append("# " + line.strip())
                continue
            if line.startswith("|"):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if set("".join(cells)) <= set("-: ") or cells[0] in ("Unit", "Depot / boundary"):
                    continue
                if len(cells) == 1:
                    continue
                unit = cells[0]
                where = norm_where(cells[1]) if len(cells) > 1 else ""
                box = cells[2] if len(cells) > 2 else ""
                out.append(" | ".join([unit, where, box]))
        with open(os.path.join(HERE, f"draft_{name}.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        print(name, len(out), sum("??" in x for x in out))


if __name__ == "__main__":
    sys.exit(main())
