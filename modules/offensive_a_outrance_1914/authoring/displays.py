"""The off-map locations of 1914 Offensive a outrance (board "displays"): holding boxes, entry
hexsides, the Turn Record Track, the VP track and the Army Organization Displays.

Used by build_map.py (which writes the whole of locations.csv) and by build_displays.py (which
rewrites only these rows, so they can change without the geography packages build_map.py needs).

Army Organization Displays (5.2): one box per army display, seen only by its owner (3.1.7: the
displays are the owner's records; blank markers hide them from the opponent). Each holds the
Assignment markers of the army's corps and Formations. The number of Corps boxes printed on each
display is not in the rulebook: reconstructed as the most corps any set-up list gives the army
(French 4th Army and German 1st/2nd Armies: 6), and the historical corps of the smaller commands.
"""
from __future__ import annotations

ENTRIES = {"A": "66.29", "B": "66.34", "C": "66.40", "D": "66.46", "E": "66.48", "F": "66.54",
           "G": "22.56", "H": "07.56", "I": "01.36"}

#: (army id, side, nationality, name on the display, Corps boxes, depot piece types)
ARMIES = [
    ("FR1", "allied", "FR", "French 1st Army (PRIMA)", 6, "FR-depot-PRIMA"),
    ("FR2", "allied", "FR", "French 2nd Army (SECONDA)", 6, "FR-depot-SECONDA"),
    ("FR3", "allied", "FR", "French 3rd Army (TERZA)", 6, "FR-depot-TERZA"),
    ("FR4", "allied", "FR", "French 4th Army (QUARTA)", 6, "FR-depot-QUARTA"),
    ("FR5", "allied", "FR", "French 5th Army (QUINTA)", 6, "FR-depot-QUINTA"),
    ("FR6", "allied", "FR", "French 6th Army (SESTA)", 6, "FR-depot-SESTA"),
    ("FR9", "allied", "FR", "French 9th Army (NONA)", 6, "FR-depot-NONA"),
    ("FR10", "allied", "FR", "French 10th Army (DECIMA)", 6, "FR-depot-DECIMA"),
    ("ALSACE", "allied", "FR", "Army of Alsace (ALSACE)", 2, "FR-depot-ALSACE"),
    ("DET", "allied", "FR", "Détachement d'Armée", 3, "FR-depot-Det_d_Armee"),
    ("PARIS", "allied", "FR", "Garrison of Paris (PARIS)", 2, ""),
    ("GDT", "allied", "FR", "Groupe de Divisions Territoriales (GDT)", 1, ""),
    ("BEF", "allied", "GB", "British Expeditionary Force (BEF)", 5, "GB-depot-BEF"),
    ("BELGA", "allied", "BE", "Belgian Army (BELGA)", 0, "BE-depot-BELGA BE-depot-Antwerpen_BELGA"),
    ("DE1", "german", "DE", "German 1st Army (PRIMA)", 6, "DE-depot-PRIMA"),
    ("DE2", "german", "DE", "German 2nd Army (SECONDA)", 6, "DE-depot-SECONDA"),
    ("DE3", "german", "DE", "German 3rd Army (TERZA)", 6, "DE-depot-TERZA"),
    ("DE4", "german", "DE", "German 4th Army (QUARTA)", 6, "DE-depot-QUARTA"),
    ("DE5", "german", "DE", "German 5th Army (QUINTA)", 6, "DE-depot-QUINTA"),
    ("DE6", "german", "DE", "German 6th Army (SESTA)", 6, "DE-depot-SESTA"),
    ("DE7", "german", "DE", "German 7th Army (SETTIMA)", 6, "DE-depot-SETTIMA"),
    ("BELGIEN", "german", "DE", "Armee-Gruppe Belgien (BELGIEN)", 3, "DE-depot-BELGIEN"),
    ("GAEDE", "german", "DE", "Armee-Abteilung Gaede (STRASSBURG)", 2, "DE-depot-STRAssBURG_Gaede"),
    ("FALKENHAUSEN", "german", "DE", "Armee-Abteilung Falkenhausen (STRASSBURG)", 2,
     "DE-depot-STRAssBURG_Falkenhausen"),
    ("METZ", "german", "DE", "Metz garrison command (METZ)", 2, "DE-depot-METZ"),
]

BOXES = [("box:depot", "On any Army Depot (reinforcements placed on a depot)"),
         ("box:port", "Any Port (naval reinforcements, 7.9)"),
         ("box:anywhere", "Anywhere: any friendly operational RR hex (17.1)"),
         ("box:substitution", "Substitutions and combined substitutions (16.2, 16.3)"),
         ("box:on_unit", "Placed on (stacked with) another unit"),
         ("box:naval", "Naval Box: England (RND only, 23.3.1)"),
         ("box:channel", "The Channel: units embarked in Naval Mode (7.9.1)"),
         ("box:held", "Held for an event (Antwerpen surrender, 25.4.1)"),
         ("box:reserve", "Secondary counters set aside (8.1.1, 24.2.1)"),
         ("box:displays", "Army Organization Displays and Resources tables")]
BOXES += [(f"box:entry_{L}", f"Entry hexside {L} (Rail Mode, 16.1.1) at {h}") for L, h in ENTRIES.items()]
#: Boxes the enforced rules use: reinforcements waiting on the Turn Record Track (16.1), units
#: eliminated (and Corps Trains waiting to return, 16.7), units withdrawn from play (16.5).
RULES_BOXES = [("reinforcements", "Reinforcements on the Turn Record Track (16.1)"),
               ("eliminated", "Eliminated units (Corps Trains return two GTs later, 16.7)"),
               ("withdrawn", "Withdrawn and removed from play (16.5, 24.4, 25.2)")]


def display_rows(n_attrs: int, attr_names: list[str]) -> list[list]:
    """The rows of every off-map location, ``n_attrs`` attribute columns after ``visibility``."""
    rows = []
    for i, (bid, bname) in enumerate(BOXES + RULES_BOXES):
        row = [bid, "box", "displays", bname, f"{40 + (i % 4) * 390:.0f}", f"{40 + (i // 4) * 60:.0f}",
               "", "", "", "", "", ""] + [""] * n_attrs
        if bid.startswith("box:entry_"):
            row[12 + attr_names.index("entry")] = bid[-1]
        rows.append(row)
    track = [(f"track:gt{t:02d}", f"GT {t}") for t in range(1, 31)]
    track += [(f"track:interphase{i}", f"Interphase {i}") for i in range(1, 10)] + [("track:final", "Final Interphase")]
    for i, (tid, tname) in enumerate(track):
        rows.append([tid, "track", "displays", tname, f"{40 + (i % 20) * 76:.0f}", f"{360 + (i // 20) * 70:.0f}",
                     "", "", "", "", "", ""] + [""] * n_attrs)
    for v in range(100):
        rows.append([f"track:vp{v:02d}", "track", "displays", f"{v} VP", f"{40 + (v % 25) * 60:.0f}",
                     f"{560 + (v // 25) * 60:.0f}", "", "", "", "", "", ""] + [""] * n_attrs)
    for i, (aid, side, nat, name, boxes, depots) in enumerate(ARMIES):
        row = [f"org:{aid}", "box", "displays", f"Organization Display: {name}",
               f"{40 + (i % 5) * 310:.0f}", f"{840 + (i // 5) * 90:.0f}", "", "", "", "", side, "owner"]
        attrs = [""] * n_attrs
        attrs[attr_names.index("army")] = aid
        attrs[attr_names.index("nationality")] = nat
        attrs[attr_names.index("corps_boxes")] = str(boxes)
        attrs[attr_names.index("depots")] = depots
        attrs[attr_names.index("army_order")] = str(i)
        rows.append(row + attrs)
    return rows
