"""Turn the drafts of extract_setup.py into the set-up lists setup_<scenario>.txt (run once).

The hand corrections live here, so that they can be read and re-applied:
* section headers ([NAT category]) for every table of the set-up charts;
* the entries the charts print as prose (forts, depots, fortresses, Belgian and British lists,
  artillery, HQs, siege markers), written out from the digest's §7 bullets;
* every draft line marked "??" rewritten (the choice made is in the note column and NOTES.md).
Rulebook references: scenario rules 29 (Lorraine), 30 (Grand Campaign), 31 (Race to the Sea).
"""
from __future__ import annotations

import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))

# Paris garrison units start "in Paris, in their own district" (30/31 set-up): one hex per
# district of the Paris Garrison Area (reconstructed district hexes, see build_map.py)
PARIS_DISTRICT_HEX = {"Paris Central": "16.36", "Paris Est": "17.37", "Paris Nord": "16.34",
                      "Paris Ouest": "14.36", "Paris NE": "17.36", "Paris Sud": "16.37"}

FORTRESSES_GC = {
    "FR": [("Arches", "50.62"), ("B. de Servance", "51.67"), ("Belfort", "51.69"), ("Belfort", "51.70"),
           ("Belfort (2)", "50.69"), ("Besançon", "39.71"), ("Besançon", "40.71"), ("Besançon", "41.71"),
           ("Besançon", "40.70"), ("Charlemont", "48.31"), ("Ch.-Lambert", "51.66"),
           ("C. des Romains", "46.49"), ("Epinal", "51.61"), ("Epinal", "50.60"), ("Epinal", "49.61"),
           ("Epinal", "50.61"), ("Frouard", "51.53"), ("Genicourt", "47.47"), ("Giromagny", "51.68"),
           ("Gironville", "47.51"), ("Jouy-s.-les-Côtes", "47.52"), ("Langres (3)", "39.61"),
           ("Langres (2)", "38.61"), ("Langres (2)", "37.60"), ("Langres (2)", "38.59"),
           ("Langres", "37.61"), ("Langres", "39.59"), ("Les Paroches", "46.48"), ("Liouville", "46.50"),
           ("Lomont", "48.72"), ("Longwy", "53.42"), ("Manonviller", "55.57"), ("Maubeuge", "41.26"),
           ("Maubeuge", "41.27"), ("Maubeuge", "40.26"), ("Montbéliard", "49.70"), ("Mt. Bard", "48.70")]
          + [("Paris", h) for h in ["13.36", "13.37", "14.37", "16.38", "17.38", "18.37", "18.36", "18.35", "16.34", "14.35"]]
          + [("Pont St. Vincent", "50.54"), ("Remiremont", "50.63"), ("Rupt", "50.65"), ("Toul", "48.52"),
             ("Toul", "48.53"), ("Toul", "49.53"), ("Troyon", "47.48"), ("Verdun", "47.45"),
             ("Verdun", "47.46"), ("Verdun", "46.44"), ("Verdun", "46.45")],
    "BE": [("Antwerpen", h) for h in ["49.18", "50.18", "51.19", "52.18", "53.18", "53.17", "53.16", "53.15",
                                      "52.14", "51.16", "50.16"]] + [("Namur", h) for h in ["51.27", "51.28", "50.27"]],
    "DE": [("Diedenhofen (1)", "55.46"), ("Diedenhofen (2)", "56.46"), ("Istein", "57.72"),
           ("Kaiser W II", "62.60"), ("Metz (4)", "53.47"), ("Metz (4)", "53.49"), ("Metz (2)", "53.50"),
           ("Metz (3)", "54.50"), ("Metz (4)", "55.50"), ("Metz (4)", "55.49"), ("Metz B", "54.48"),
           ("Metz B", "54.49"), ("Neu-Breisach", "59.68"), ("Straßburg", "66.61"), ("Straßburg", "65.61"),
           ("Straßburg", "65.62"), ("Straßburg", "64.61")],
}
RTS_FORTRESS_IN_PLAY = {"C. des Romains", "Frouard", "Genicourt", "Gironville", "Jouy-s.-les-Côtes",
                        "Les Paroches", "Liouville", "Paris", "Pont St. Vincent", "Toul", "Troyon", "Verdun",
                        "Antwerpen", "Diedenhofen (1)", "Diedenhofen (2)", "Metz (4)", "Metz (2)",
                        "Metz (3)", "Metz B"}


def fortress_block(nat, rts=False):
    out = [f"[{nat} fortress]"]
    for name, h in FORTRESSES_GC[nat]:
        if rts and name not in RTS_FORTRESS_IN_PLAY:
            continue
        out.append(f"{name} | {h} | | 30.2 / 31.2: the hex printed on the counter's back")
    return out


def header(line: str, nat: str) -> str | None:
    t = line.lower()
    for key, cat in [("corps units", "corps"), ("independent infantry formations", "indep"),
                     ("independent formations", "indep"), ("infantry support", "support"),
                     ("loc formations", "locf"), ("loc units", "loc"), ("loc support units", "loc"),
                     ("cavalry", "cavalry"), ("siege artillery markers", "siegemarker"),
                     ("siege artillery", "siege"), ("- **corps:**", "corps"),
                     ("independent infantry", "indep")]:
        if key in t:
            return f"[{nat} {cat}]"
    return None


def process(draft: list[str], fixes: dict[str, str | None], nat_of_header) -> list[str]:
    out = []
    nat = "FR"
    for line in draft:
        line = line.rstrip("\n")
        if not line.strip():
            continue
        n = nat_of_header(line)
        if n:
            nat = n
        if line.startswith("#") or line.startswith("*"):
            h = header(line.lstrip("#* "), nat)
            if h:
                out.append(h)
            continue
        unit = line.split(" | ")[0]
        key = unit + " | " + line.split(" | ")[1] if " | " in line else unit
        if key in fixes or unit in fixes:
            rep = fixes.get(key, fixes.get(unit))
            if rep is None:
                continue
            for r in rep.split("\n"):
                out.append(r)
            continue
        if "??" in line:
            raise SystemExit(f"unfixed draft line: {line}")
        if " | NIP" in line:
            continue
        out.append(line)
    return out


# --------------------------------------------------------------------------- Grand Campaign
def campaign() -> list[str]:
    draft = open(os.path.join(HERE, "draft_campaign.txt"), encoding="utf-8").read().split("\n")

    def nat_of(line):
        for k, v in [("French set-up", "FR"), ("Belgian set-up", "BE"), ("British set-up", "GB"),
                     ("German set-up", "DE")]:
            if k in line:
                return v
        return None

    fixes = {
        "> boundary": None, "Secondary": None, "Secondary Depot": None, "Depot": None, "Marker": None,
        "SESTA | GT7 anywhere": None, "NONA | GT10 replaces the Det. d'Armée": None,
        "DECIMA | GT19 anywhere": None,
        "Treno/31": "Treno/31 | GT10 anywhere | | 30: within 5 hexes of the 44th Division",
        "Treno/34": "Treno/34 | GT7 anywhere | | 30: within 5 hexes of brigade 81 or 82",
        "Treno/6R": "Treno/6R | GT6 within 20 16.36 | | 30: at least 10 hexes from any German unit",
        "61r/6R": "61r/6R | GT6 within 20 16.36 | 6R | 30: at least 6 hexes from any German unit",
        "62r": "62r | GT6 within 20 16.36 | | 30: at least 6 hexes from any German unit",
        "77": "77 | GT10 replaces 44 & 2 Col + Ch | | 30: combined substitution with 76/31",
        "76/31": "76/31 | GT10 replaces 44 & 2 Col + Ch | 31 | 30: combined substitution with 77",
        "Benzino (XX)": "Benzino (XX) | GT13 replaces Benzino (X) & Dame | | combined substitution",
        "Belfort sud": "Belfort sud | GT23 replaces Belfort 57r | | the rulebook says \"Belfort\" without saying which counter (NOTES.md)",
        "81t / 82t / 84t / 88t": "\n".join(f"{u}t | GT18 replaces {u}t/GDT | | 22.3.4" for u in (81, 82, 84, 88)),
        "Paris Central / Paris Est / Paris Nord / Paris Ouest": "\n".join(
            f"{u} | {PARIS_DISTRICT_HEX[u]} | Ind/PARIS | 30: in Paris, own district (22.2.2)"
            for u in ("Paris Central", "Paris Est", "Paris Nord", "Paris Ouest")),
        "6 RIT, 8 RIT": "6 RIT | GT19 replaces Dunkerque | |\n8 RIT | GT19 replaces Dunkerque | |",
        "Army RIT units: PRIMA, SECONDA, TERZA, QUARTA, QUINTA, SESTA, NONA, DECIMA, GQG": "\n".join(
            f"RIT {a} | GT{gt} depot {a if a != 'GQG' else ''} | | 30: special RIT reinforcement".replace("depot  |", "depot |")
            for gt, a in [(22, "PRIMA"), (22, "SECONDA"), (22, "TERZA"), (25, "QUARTA"), (25, "QUINTA"),
                          (25, "SESTA"), (28, "NONA"), (28, "DECIMA"), (28, "GQG")]),
        "2 R-Ez": "2 R-Ez | GT99 replaces Brussel 2 | | 25.4.1: three GTs after Antwerpen surrenders",
        "Eichhorn": "Eichhorn | GT6 replaces 1 B.Lw & 2 B.Lw | | 25.5 / 16.3.2: available from GT 6",
        "Marine": "Marine | GT99 replaces BELGIEN (Marine) (Formation) | | 25.4.1: three GTs after Antwerpen surrenders",
        "27 Lw, 29 Lw": "27 Lw | GT3 64.28 | | schedule 7.2.2\n29 Lw | GT3 64.28 | | schedule 7.2.2",
        "Jaeger 4": "Jaeger 4 | GT7 on 4 CC | | 30: arrives with 4 CC when it is created",
        "Metz 14": "Metz 14 | 54.48 | | 30: any Metz Fortress (Metz B 54.48 chosen)",
        "Metz 30": "Metz 30 | 54.49 | | 30: any Metz Fortress (Metz B 54.49 chosen)",
        "1 kMK": "1 kMK | 62.50 | | with Siege Train 2",
        "1 sKM": "1 sKM | 59.29 | | with Siege Train 1",
        "Pionier-R.": "Pionier-R. | 59.29 | | with Siege Train 1",
        "SESTA | ?? 60.51, with its Strategic Plan marker (26.6.2)": "SESTA | 60.51 | | with its Strategic Plan marker (26.6.2)",
        "SETTIMA": "SETTIMA | 64.58 | | printed 65.26 (misprint); Lorraine has 64.58",
        # only the depot row (printed "see 25.5"): the four BELGIEN LOC units keep their own rows
        # (GT 5 at 58.28; GT 7, 9 and 11 at 54.23 or 58.28 — schedule 7.2.2)
        'BELGIEN | ?? GT 5: see 25.4 (printed "25.5")': "BELGIEN | GT5 58.28 | | 25.4: on the Brussel-Liège line",
        "STRAßBURG Gaede": "STRAßBURG Gaede | GT10 within 5 65.62 |",
        "STRAßBURG Falkenhausen": "STRAßBURG Falkenhausen | GT13 within 5 65.62 |",
    }
    # depots of the French/German tables need the depot category; handled below by position
    body = process(draft, fixes, nat_of)
    # the depot rows come first in the French and German parts: mark them
    out, i = [], 0
    fr_depots = ["ALSACE", "PRIMA", "SECONDA", "Det. d'Armée", "TERZA", "QUARTA", "QUINTA"]
    de_depots = ["PRIMA (with Truck marker, 25.3)", "SECONDA (with Truck marker)", "TERZA (with Truck marker)",
                 "QUARTA", "QUINTA", "SESTA", "SETTIMA", "BELGIEN", "STRAßBURG Gaede", "STRAßBURG Falkenhausen", "METZ"]
    section = "FR"
    for line in body:
        if line.startswith("[FR corps]") and not out:
            pass
        out.append(line)
    lines = []
    state = "FR-depots"
    lines += fortress_block("FR")
    lines += ["[FR fort]"] + [f"{n} | {h} | |" for n, h in [("Bourlemont", "44.55"), ("Calais", "26.09"),
                                                          ("Dunkerque", "31.11"), ("Les Ayvelles", "44.35"),
                                                          ("Montmédy", "49.41"), ("Pagny", "46.53"),
                                                          ("Reims", "35.39")]]
    lines += ["[FR depot]"]
    it = iter(out)
    first_header = None
    for line in it:
        if line.startswith("["):
            first_header = line
            break
        lines.append(line)
    lines += ["SESTA | GT7 anywhere | |", "NONA | GT10 replaces Det. d'Armée | | 17.2.2",
              "DECIMA | GT19 anywhere | |", first_header]
    # move the depot lines before the first header: they were appended above
    rest = list(it)
    lines += rest
    # insert French artillery, Belgian, British, German extras
    txt = "\n".join(lines)
    txt = txt.replace("[FR cavalry]", "[FR cavalry]", 1)
    fr_art = ["[FR artillery]",
              "Toul (artillery) | GT7 48.53 | | printed 48.353",
              "Toul (artillery) | GT9 48.53 | |",
              "Verdun (artillery) | GT13 47.45 | |",
              "GQG (artillery) | GT15 depot | |"] + [
              f"{a} (artillery) | GT{gt} depot {a} | | special artillery reinforcement"
              for gt, a in [(19, "PRIMA"), (19, "SECONDA"), (22, "TERZA"), (22, "QUARTA"), (25, "QUINTA"),
                            (25, "SESTA"), (28, "NONA"), (28, "DECIMA")]]
    be = fortress_block("BE") + [
        "[BE fort]", "Antwerpen | 51.17 | |", "Antwerpen | 52.16 | |",
        "[BE depot]", "Antwerpen BELGA | 52.21 | | inactive until GT 2", "BELGA | GT5 51.16 | |",
        "[BE indep]"]
    be_units = []
    gb = ["[GB depot]", "BEF | GT3 36.26 | |", "[GB corps]"]
    gb_extra = ["Treno/4 | GT22 port | | or GT 23 at entry I (Rail Mode)",
                "7/4 | GT22 port | | or GT 23 at entry I (Rail Mode)",
                "8/4 | GT30 port | |",
                "Treno/IND | GT25 entry H | |", "Lhr/IND | GT25 entry H | |",
                "Mrt/IND | GT27 entry H | |", "Sd c/IND | GT27 entry H | |",
                "[GB support]",
                "1 Naval | GT20 port | |", "2 Naval | GT20 port | |", "19 | GT4 37.24 | |",
                "GHQ | GT3 36.26 | |", "Det. Marine | GT7 31.11 | |", "Marine | GT16 replaces Det. Marine | |",
                "[GB cavalry]",
                "Cc [x2] | GT21 replaces 1c & 2c | | combined substitution",
                "Cav. Div. | GT3 42.27 | |", "1c | GT10 replaces Cav. Div. & 5 bd | | combined substitution",
                "2c | GT10 replaces Cav. Div. & 5 bd | | combined substitution",
                "3c | GT21 port | | or GT 22 at entry I (Rail Mode)", "5 bd | GT3 39.27 | |",
                "Samson | GT7 31.11 | |",
                "[GB artillery]", "R.G.A. | GT16 depot BEF | | set-up sheet says GT 13", "Naval | GT21 port | |"]
    de_head = fortress_block("DE") + ["[DE fort]", "Bitsch | 65.54 | |", "Hüningen | 57.73 | |",
                                      "Neuenburg | 58.70 | |", "[DE depot]"]
    de_art = ["[DE artillery]", "Metz (artillery) | GT12 54.48 | |", "N. Braisach (artillery) | GT2 59.68 | |",
              "OHL | GT99 depot | | 25.4.1: placed three GTs after Antwerpen surrenders",
              "[DE hq]", "Siege Train 1 | 59.29 | |", "Siege Train 2 | 62.50 | |"]
    # split the text by nationality blocks
    final = []
    nat = "FR"
    in_be_indep = False
    lines2 = txt.split("\n")
    k = 0
    while k < len(lines2):
        line = lines2[k]
        if line == "[FR cavalry]":
            # FR cavalry rows follow, then Belgian rows (no header) until "[GB corps]"
            final.append(line)
            k += 1
            while k < len(lines2) and not lines2[k].startswith("1 [x2]"):
                final.append(lines2[k])
                k += 1
            final += fr_art + be
            while k < len(lines2) and not lines2[k].startswith("["):
                final.append(lines2[k])
                k += 1
            final += ["[BE support]", "Antwerpen (support) | 52.16 | |",
                      "Gd Civique | GT6 44.15 | |", "Gd Civique | GT6 44.15 | |",
                      "[BE cavalry]", "1c | 56.22 | |", "1+2c | GT20 replaces 1c | |", "LOC c | GT5 40.11 | |"]
            continue
        if line == "[GB corps]":
            final += gb
            k += 1
            while k < len(lines2) and not lines2[k].startswith("["):
                final.append(lines2[k])
                k += 1
            final += gb_extra + de_head
            # German depot rows come next (no header), until [DE corps]
            continue
        if line.startswith("[DE siege]") and "marker" not in line:
            final += de_art
        final.append(line)
        k += 1
    # the British schedule rows (Treno/3, 4/3, 6/3) came out with "on BEF Depot"
    return final


def rts() -> list[str]:
    draft = open(os.path.join(HERE, "draft_race_to_the_sea.txt"), encoding="utf-8").read().split("\n")
    cut = next(i for i, l in enumerate(draft) if "French Fortresses" in l)
    draft = draft[:cut]

    def nat_of(line):
        for k, v in [("French set-up", "FR"), ("Belgian set-up", "BE"), ("British set-up", "GB"),
                     ("German set-up", "DE")]:
            if k in line:
                return v
        return None

    fixes = {
        "> boundary": None, "Secondary": None, "ALSACE": None, "PRIMA | NIP": None,
        "QUINTA | ?? **not listed in the extracted text (omission).** 5th Army corps are assigned (Treno/1, /3, /18, /4R), so it is in play; its depot hex must come from the physical set-up card":
            "QUINTA | 31.40 | | not printed: placed with Treno/1 (reconstructed)",
        "Treno/GDT": "Treno/GDT | 17.33 | GDT | Extended mode; withdrawn GT 18",
        "81t / 82t / 84t / 88t": "\n".join(f"{u}t | GT18 replaces {u}t/GDT | | 22.3.4" for u in (81, 82, 84, 88)),
        "Le Havre": "Le Havre | 01.21 | Ind/PARIS | printed ambiguously (NOTES.md)",
        "Paris Central, Est, NE, Nord, Ouest, Sud": "\n".join(
            f"{u} | {h} | Ind/PARIS | 31: in Paris, own district" for u, h in PARIS_DISTRICT_HEX.items()),
        "6 RIT, 8 RIT": "6 RIT | GT19 replaces Dunkerque | |\n8 RIT | GT19 replaces Dunkerque | |",
        "Army RIT units": "\n".join(
            f"RIT {a} | GT{gt} depot {a if a != 'GQG' else ''} | | 31: special RIT reinforcement".replace("depot  |", "depot |")
            for gt, a in [(22, "PRIMA"), (22, "SECONDA"), (25, "TERZA"), (25, "QUARTA"), (25, "QUINTA"),
                          (28, "SESTA"), (28, "NONA"), (28, "DECIMA")]),
        "5 [x2]": "5 [x2] | 52.18+53.18 | |",
        "Treno/4 | ?? GT 22: any Port or +1 GT at I (Rail Mode)": "Treno/4 | GT22 port | | or GT 23 at entry I (Rail Mode)",
        "7/4": "7/4 | GT22 port | | or GT 23 at entry I (Rail Mode)",
        "2 R-Ez": "2 R-Ez | GT99 replaces Brussel 2 | | 25.4.1",
        "Benzino (XX)": "Benzino (XX) | GT21 55.46 | | schedule 7.3.2",
        "Dame": None, "Eichhorn": None,
        "Marine": "Marine | GT99 replaces BELGIEN (Marine) (Formation) | | 25.4.1",
        "Gd Ez+": "Gd Ez+ | GT18 56.54 | | schedule 7.3.2",
        "Bodungen": None, "Ferling": None, "Germersheim": None,
    }
    body = process(draft, fixes, nat_of)
    out = fortress_block("FR", rts=True) + [
        "[FR fort]", "Calais | 26.09 | |", "Dunkerque | 31.11 | |", "Pagny | 46.53 | |",
        "Reims | 33.41 | | reversed side (31)", "[FR depot]"]
    k = 0
    while not body[k].startswith("["):
        out.append(body[k])
        k += 1
    body = body[k:]
    final = []
    k = 0
    while k < len(body):
        line = body[k]
        if line == "[FR cavalry]":
            final.append(line)
            k += 1
            while k < len(body) and not body[k].startswith("1 [x2]"):
                final.append(body[k])
                k += 1
            final += ["[FR artillery]", "GQG (artillery) | GT15 depot | |", "Toul (artillery) | 52.53 | |",
                      "Toul (artillery) | 49.53 | |", "Verdun (artillery) | 47.45 | |"] + [
                f"{a} (artillery) | GT{gt} depot {a} | | special artillery reinforcement"
                for gt, a in [(19, "SECONDA"), (22, "TERZA"), (22, "QUARTA"), (25, "QUINTA"), (25, "SESTA"),
                              (28, "NONA"), (28, "DECIMA")]]
            final += fortress_block("BE", rts=True) + [
                "[BE fort]", "Antwerpen | 51.17 | |", "Antwerpen | 52.16 | |",
                "[BE depot]", "Antwerpen BELGA | 52.16 | |", "BELGA | 49.16 | |", "[BE indep]"]
            while k < len(body) and not body[k].startswith("["):
                final.append(body[k])
                k += 1
            final += ["[BE support]", "Antwerpen (support) | 55.19 | | as printed",
                      "Gd Civique | 44.15 | |", "Gd Civique | 41.16 | |",
                      "[BE cavalry]", "1c | 45.19 | |", "1+2c | GT20 replaces 1c | |", "LOC c | 42.18 | |"]
            continue
        if line == "[GB corps]":
            final += ["[GB depot]", "BEF | 27.38 | |", "[GB corps]"]
            k += 1
            while k < len(body) and not body[k].startswith("["):
                final.append(body[k])
                k += 1
            final += ["[GB support]", "1 Naval | GT20 port | |", "2 Naval | GT20 port | |",
                      "19 | 29.35 | |", "GHQ | 27.38 | |", "Det. Marine | naval | | in the Naval Box (23.3.1)",
                      "Marine | GT16 replaces Det. Marine | |",
                      "[GB cavalry]", "Cc [x2] | GT21 replaces 1c & 2c | |", "1c | 29.36 | Ind/BEF |",
                      "2c | 29.36 | Ind/BEF |", "3c | GT21 port | | or GT 22 at entry I", "Samson | 31.11 | |",
                      "[GB artillery]", "R.G.A. | GT16 depot BEF | |", "Naval | GT21 port | |"]
            final += fortress_block("DE", rts=True) + [
                "[DE fort]", "Bitsch | 65.54 | |",     # Hüningen 57.73 and Neuenburg 58.70 lie on the small map only
                "[DE depot]", "PRIMA | 32.28 | |", "SECONDA | 37.31 | |", "TERZA | 43.34 | |",
                "QUARTA | 46.37 | |", "QUINTA | 49.41 | |", "SESTA | 60.51 | |", "SETTIMA | 32.28 | |",
                "BELGIEN | 54.23 | |", "STRAßBURG Falkenhausen | 57.53 | |",
                "METZ | GT14 within 5 54.49 | |"]
            continue
        if line.startswith("[DE siege]"):
            final += ["[DE locf]", "10 Lw | 29.31 | |", "11 Lw | 30.26 | |", "25 Lw | 33.33 | |",
                      "27 Lw | 29.29 | |", "29 Lw | 40.36 | |", "47 Lw | 38.39 | Ind/TERZA |",
                      "49 Lw | 41.41 | Ind/QUARTA |",
                      "[DE artillery]", "Metz (artillery) | 53.50 | |",
                      "OHL | GT99 depot | | 25.4.1: three GTs after Antwerpen surrenders",
                      "[DE hq]", "Siege Train 1 | 41.26 | |", "Siege Train 2 | 54.49 | |"]
        final.append(line)
        k += 1
    final += ["[DE siegemarker]", "1 kMK | 54.49 | | with Siege Train 2", "2 kMK | GT16 on Siege Train 1 | |",
              "1 sKM | 41.26 | | with Siege Train 1", "Pionier-R. | 41.26 | | with Siege Train 1"]
    return out + final


def lorraine() -> list[str]:
    draft = open(os.path.join(HERE, "draft_lorraine.txt"), encoding="utf-8").read().split("\n")

    def nat_of(line):
        if "French set-up" in line:
            return "FR"
        if "German set-up" in line:
            return "DE"
        return None

    fixes = {
        "Treno/21 | ?? \"56.29\"": "Treno/21 | 56.60 | PRIMA | printed 56.29 (misprint); the Grand Campaign has 56.60",
        "39/15": "39/15 | 63.60 @2 | 15/SETTIMA | the Grand Campaign has 62.60",
        "*Independent infantry*": None, "*Infantry Support*": None, "*Cavalry*": None,
        "*Independent Formations*": None, "*Siege Train*": None,
        "43/21": "43/21 | 59.60 | 21/PRIMA | box missing in the text",
        "Toul A | GT4 48.53": "Toul A | GT4 48.53 | |",
        "4 Ez": "4 Ez | GT3 58.49 | |", "10 ez": "10 Ez | GT3 60.49 | |",
        "Germersheim": "Germersheim | GT3 on Treno/1 BR | |",
        "Treno/EZ": "Treno/EZ | GT3 depot SESTA | |",
        "Siege Train 2": None,
    }
    body = process(draft, fixes, nat_of)
    out = ["[FR fortress]", "Frouard | 51.53 | |", "Manonviller | 55.57 | |", "Pont St. Vincent | 50.54 | |",
           "Toul | 48.52 | |", "Toul | 48.53 | |", "Toul | 49.53 | |",
           "[FR depot]", "PRIMA | 53.60 | |", "SECONDA | 51.54 | |", "[FR corps]"]
    # the draft has one flat list per side; re-section it by the unit names
    side = "FR"
    section = "corps"
    for line in body:
        unit = line.split(" | ")[0]
        if unit == "Treno/14":
            out += ["[DE fortress]", "Metz (2) | 53.50 | |", "Metz (3) | 54.50 | |", "Metz (4) | 55.50 | |",
                    "[DE depot]", "SESTA | 60.51 | |", "SETTIMA | 64.58 | |", "[DE corps]"]
            side = "DE"
        if side == "FR" and unit == "18/9":
            out.append("[FR indep]")
        if side == "FR" and unit == "23,27 Ch":
            out.append("[FR support]")
        if side == "FR" and unit == "2c":
            out.append("[FR cavalry]")
        if side == "DE" and unit in ("H Metz (33r)", "H. Metz (33r)"):
            out.append("[DE indep]")
        if side == "DE" and unit == "7c":
            out.append("[DE cavalry]")
        if line.startswith("["):
            continue
        out.append(line)
    out += ["[DE hq]", "Siege Train 2 | 62.50 | |"]
    return out


def main():
    for name, fn in [("campaign", campaign), ("race_to_the_sea", rts), ("lorraine", lorraine)]:
        lines = fn()
        lines = [l for l in lines if l != "[GB cavalry]" or True]
        # the British cavalry are written out by hand: drop the draft's own header (it would
        # otherwise label the German depot rows that follow it)
        cleaned, seen_gb_cav = [], False
        for l in lines:
            if l == "[GB cavalry]":
                if seen_gb_cav:
                    continue
                seen_gb_cav = True
            cleaned.append(l)
        lines = cleaned
        lines = [l for i, l in enumerate(lines)
                 if not (l.startswith("[") and (i + 1 == len(lines) or lines[i + 1].startswith("[")))]
        with open(os.path.join(HERE, f"setup_{name}.txt"), "w", encoding="utf-8") as f:
            f.write(f"# set-up of scenario {name} (generated by finalize_setup.py from the digest's §7;\n"
                    "# format in extract_setup.py). Rulebook: scenario rules 29-31.\n")
            f.write("\n".join(lines) + "\n")
        print(name, len(lines))


if __name__ == "__main__":
    main()
