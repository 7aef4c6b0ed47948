"""Rewrite the off-map rows of locations.csv (boxes, tracks, Army Organization Displays) from
displays.py, keeping the hex rows build_map.py wrote (no geography packages needed).

    python3 authoring/build_displays.py
"""
from __future__ import annotations

import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from displays import display_rows  # noqa: E402

NEW_ATTRS = ["army", "nationality", "corps_boxes:int", "depots", "army_order:int"]


def main() -> None:
    path = os.path.join(MOD, "locations.csv")
    with open(path, encoding="utf-8") as f:
        comment = f.readline()
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    for col in NEW_ATTRS:
        if col not in header:
            header.append(col)
    width = len(header)
    hexes = [r + [""] * (width - len(r)) for r in body if r[1] == "hex"]
    attr_names = [h.split(":")[0] for h in header[12:]]
    out = hexes + display_rows(width - 12, attr_names)
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.write(comment)
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(out)
    print(f"{len(hexes)} hexes, {len(out) - len(hexes)} off-map locations")


if __name__ == "__main__":
    main()
