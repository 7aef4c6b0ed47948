"""Count how a Paths of Glory module's map differs from the printed Deluxe map.

    python -m tools.pog_map_check [SOURCE_FOLDER_OR_MODULE] [--by-name] [--list]

The expected facts and the comparison live in ``tools/pog_printed_map.py``
(the test that guards the module uses the same). ``--by-name`` matches the module's spaces to
the printed ones by name instead of id (for an older module whose ids differ); ``--list``
prints every disagreement. Prints counts per kind and the total.
"""
from __future__ import annotations

import argparse
import re
from collections import Counter

from tools.pog_printed_map import (ALIASES, _norm, disagreements,
                                                      expected_spaces)
from engine import modules as resolve


def module_map(arg: str, by_name: bool) -> tuple[dict, list]:
    """(spaces, lines) of a module in the shape :func:`disagreements` takes."""
    m = resolve.open_module(arg)
    spaces = {k: (v.name, dict(v.attrs, terrain=v.terrain))
              for k, v in m.locations.items() if v.kind == "space"}
    lines = [(e.a, e.b, str(e.attrs.get("only") or "")) for e in m.edges]
    if not by_name:
        return spaces, lines
    printed = {_norm(d["name"]): sid for sid, d in expected_spaces().items()}
    printed.update({_norm(v): k for k, v in ALIASES.items()})
    rename = {}
    for sid, (name, _a) in spaces.items():
        rename[sid] = printed.get(_norm(name), printed.get(_norm(ALIASES.get(sid, "")), sid))
    return ({rename[k]: v for k, v in spaces.items()},
            [(rename.get(a, a), rename.get(b, b), o) for a, b, o in lines])


def kind(line: str) -> str:
    """The kind of a disagreement, for the counts."""
    for prefix, what in (("missing space", "missing space"), ("space not on", "extra space"),
                         ("missing line", "missing line"), ("line not on", "extra line")):
        if line.startswith(prefix):
            return what
    if line.startswith("line "):
        return "restricted line" if "restricted" in line else "line"
    what = line.split(": ", 1)[1] if ": " in line else line
    return next((a for a in ATTRIBUTES if what.startswith(a + " ")), what)


ATTRIBUTES = ("starting control", "port flag", "name", "map", "nation", "side", "terrain",
              "fort", "vp", "port", "capital", "supply", "mef")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("module", nargs="?", default="paths_of_glory")
    ap.add_argument("--by-name", action="store_true")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args(argv)
    spaces, lines = module_map(a.module, a.by_name)
    out = disagreements(spaces, lines)
    if a.list:
        print("\n".join(out))
    for k, n in sorted(Counter(kind(o) for o in out).items(), key=lambda kv: -kv[1]):
        print(f"{n:5d}  {k}")
    print(f"{len(out):5d}  disagreements in total")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
