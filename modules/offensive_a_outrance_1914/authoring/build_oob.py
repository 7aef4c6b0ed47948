"""Generate pieces.csv and the scenarios of 1914 Offensive a outrance (authoring tool).

Inputs: setup_lorraine.txt, setup_campaign.txt, setup_race_to_the_sea.txt (the rulebook's
set-up charts 29-31, see extract_setup.py / finalize_setup.py), and the value tables below.

What it computes
  * One piece type per distinct unit of the three set-up lists (nationality + category +
    name), with a count equal to the most copies any one scenario uses; two counters (primary
    and secondary) for the units marked [x2] (cavalry corps 8.1.1, Belgian divisions 24.2.1);
    one piece type per Fortress counter (each prints its own set-up hex, 30.2).
  * Counter values (AS, DS, PR, AV per face; base CE; division-equivalents; supply ranges;
    fortress class and strength levels; siege calibre and guns) from VALUES: reconstructed
    from unit type and quality, consistent across nations, anchored on every value the
    rulebook's examples state (digest §3.4): French active division AS 13 AV 4 PR 5 (3/2, 4/2,
    23/12), 14/7 AS 12, French reserve division 66r AS 10 AV 2 PR 4, German active division
    DS 15 AV 7 PR 5 CE 11 (11/6, 12/6), Landwehr brigade Bodungen DS 6 PR 3 AV 2 (halved, rounded
    up, to 1), fortress alone PR 5 CEL 11, fort Montmédy abandonment number 1.
  * Assignment markers (one per Formation and per Corps Train, 2.8) and the generic markers of
    digest §3.3 with reconstructed counts.
  * scenarios/<id>.csv placements and scenarios/<id>.toml.
Run with any Python 3.11:  python3 modules/offensive_a_outrance_1914/authoring/build_oob.py
"""
from __future__ import annotations

import csv
import os
import re
from collections import Counter, OrderedDict, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = os.path.dirname(HERE)
HEXRE = re.compile(r"^\d\d\.\d\d$")

SIDE = {"FR": "allied", "BE": "allied", "GB": "allied", "DE": "german", "AH": "german"}


# ----------------------------------------------------------------------------- parsing
def clean_name(raw: str) -> tuple[str, dict]:
    flags = {}
    s = raw.strip()
    if s.startswith('Paris ("Marne"'):
        s = "Paris (Marine)"
    s = re.sub(r'\s*\("[^"]*"(?:\s*\[[^\]]*\])?\)', "", s)
    s = re.sub(r"\s*\[sic[^\]]*\]", "", s)
    s = re.sub(r"\s*\(with Truck marker[^)]*\)", "", s)
    if "[x2]" in s:
        flags["two_counters"] = True
        s = s.replace("[x2]", "").strip()
    m = re.search(r"\s*×\s*(\d)$", s)
    if m:
        flags["copies"] = int(m.group(1))
        s = s[:m.start()].strip()
    for suffix, cls in ((" (Formation)", "formation"), (" (Support)", "support")):
        if s.endswith(suffix):
            s = s[: -len(suffix)]
            flags["as"] = cls
    s = re.sub(r"\s+", " ", s)
    return s, flags


def parse_setup(path: str):
    entries = []
    nat = cat = None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[(\w\w) (\w+)\]", line.strip())
        if m:
            nat, cat = m.group(1), m.group(2)
            continue
        cells = [c.strip() for c in line.split("|")]
        while len(cells) < 4:
            cells.append("")
        name, flags = clean_name(cells[0])
        entries.append(dict(nat=nat, cat=cat, name=name, flags=flags, where=cells[1],
                            box=cells[2].strip("–- "), note=cells[3]))
    return entries


# ----------------------------------------------------------------------------- classification
ALIASES = {("DE", "Bc"): "Ba. C", ("DE", "H Metz (33r)"): "H. Metz (33r)", ("FR", "70R"): "70r",
           ("DE", "8 ez"): "8 Ez", ("DE", "Gd ez"): "Gd Ez", ("DE", "10 ez"): "10 Ez", ("DE", "4 ez"): "4 Ez"}


def ident(nat, cat, name, flags=None):
    """(nationality, class, key) identifying one counter type."""
    cls = {"corps": "formation", "indep": "formation", "cavalry": "formation",
           "siegemarker": "marker"}.get(cat, cat)
    name = ALIASES.get((nat, name), name)
    if cat == "corps" and name.startswith("Treno/"):
        cls = "train"
    if flags and flags.get("as"):
        cls = flags["as"]
    key = re.sub(r"[\s.]", "", name.lower())
    return nat, cls, key


def unit_kind(nat, cls, cat, name):
    """unit_type, size, quality for a combat or support unit."""
    n = name
    if cls == "train":
        return "corps_train", "corps", "train"
    if cls == "depot":
        return "depot", "army", "depot"
    if cls == "fortress":
        return "fortress", "", "fortress"
    if cls == "fort":
        return "fort", "", "fort"
    if cls == "hq":
        return "siege_train_hq", "", "hq"
    if cls == "siege":
        return "siege_artillery", "", "siege"
    if cls == "marker":
        return "siege_marker", "", "siegemarker"
    if cls == "artillery":
        return "artillery", "", "artillery"
    if cls == "loc":
        return "loc_infantry", "regiment", "loc"
    if cls == "locf":
        return "loc_infantry", "brigade", "landwehr"
    # cavalry
    if cat == "cavalry":
        if "LOC" in n or n == "Samson":
            return "loc_cavalry", "regiment", "loc_cav"
        if n.startswith("Jaeger"):
            return "jaeger_cavalry", "brigade", "cav"
        if "CC" in n or n.startswith("Cc") or n == "Sordet":
            return "cavalry", "corps", "cavcorps"
        if "bd" in n or n.startswith("Sd c"):
            return "cavalry", "brigade", "cav"
        return "cavalry", "division", "cav"
    if nat == "GB" and n.startswith("Sd c"):
        return "cavalry", "brigade", "cav"
    # support units
    if cls == "support":
        if "Alp" in n:
            return "alpini", "regiment", "alpini"
        if re.search(r"\bCh\b", n):
            return "chasseurs", "regiment", "chasseurs"
        if n.startswith("Jaeger"):
            return "infantry", "regiment", "jaeger"
        if "bd" in n or n in ("1 Naval", "2 Naval", "19", "Marine", "17 Ez bd"):
            return "infantry", "brigade", "support_bde" if nat != "GB" else "gb_support_bde"
        return "infantry", "regiment", "support_rgt"
    # formations
    if nat == "FR":
        if " det " in f" {n} ":
            return "infantry", "regiment", "territorial"
        if re.search(r"\bbd\b", n) or n.endswith(" RI") or n in (
                "Toul A", "Verdun A", "Belfort A", "Belfort nord", "Belfort sud", "Le Havre", "Marine",
                "Morlaincourt", "Paris Central", "Paris Est", "Paris Nord", "Paris Ouest", "Paris NE",
                "Paris Sud", "Paris", "Maubeuge", "Res/7"):
            q = "reserve" if re.search(r"\d+r\b", n) else ("colonial" if "Col" in n else
                                                            "garrison" if n.split()[0] in ("Toul", "Verdun", "Belfort", "Le", "Paris", "Maubeuge") else "active")
            return "infantry", "brigade", q
        if re.search(r"\d+t\b", n):
            return "infantry", "division", "territorial"
        if re.search(r"\d+r\b|\d+ r\b|\d+r\+", n) or n.startswith(("Toul 73", "Verdun 72", "Epinal 71", "Belfort 57")):
            return "infantry", "division", "reserve"
        if "Col" in n or n.startswith("Marocaine"):
            return "infantry", "division", "colonial"
        return "infantry", "division", "active"
    if nat == "GB":
        if "IND" in n:
            return "infantry", "division", "indian"
        return "infantry", "division", "british"
    if nat == "BE":
        if "bd" in n:
            return "infantry", "brigade", "belgian"
        return "infantry", "division", "belgian"
    # German
    if n.startswith(("1 gd", "2 gd", "3 gd", "1 gd r", "2gdr")) or n.startswith("1 gd r"):
        return "infantry", "division", "guard" if " r" not in n and "gdr" not in n else "reserve"
    m = re.match(r"(\d+)r\+?/", n)
    if m:
        return "infantry", "division", "new_reserve" if int(m.group(1)) >= 43 else "reserve"
    if re.match(r"\d+Br\+?/", n):
        return "infantry", "division", "reserve"
    if re.match(r"\d+B/", n) or re.match(r"\d+/", n):
        return "infantry", "division", "active"
    if "ez" in n.lower() and "r-ez" not in n.lower() and "bd" not in n:
        return "infantry", "division", "ersatz"
    if n in ("Eichhorn", "Benzino (XX)", "B. Lw", "6 B.R", "H. Metz (33r)", "H Metz (33r)",
             "H. Straßburg (30r)", "Marine", "BELGIEN (Marine)"):
        q = {"6 B.R": "reserve", "H. Metz (33r)": "reserve", "H Metz (33r)": "reserve",
             "H. Straßburg (30r)": "reserve", "Marine": "marine", "BELGIEN (Marine)": "marine"}.get(n, "landwehr_div")
        return "infantry", "division", q
    return "infantry", "brigade", "landwehr"


# ----------------------------------------------------------------------------- values (reconstructed)
# (AS, DS, PR, AV) front / reduced, base CE, by quality and size. Divisions are the reference;
# brigades about half, regiments about a quarter. Anchors: see the module docstring.
DIV = {
    # quality: (front, reduced, base CE)
    "guard": ((15, 16, 6, 8), (11, 12, 6, 6), 12),
    "active": ((14, 15, 5, 7), (10, 11, 5, 5), 11),          # German active (11/6: DS 15 AV 7 PR 5 CE 11)
    "reserve": ((12, 13, 5, 4), (8, 9, 5, 3), 10),           # German reserve
    "new_reserve": ((11, 11, 3, 4), (7, 8, 3, 3), 8),
    "ersatz": ((9, 10, 4, 4), (6, 7, 4, 3), 9),
    "landwehr_div": ((8, 10, 3, 3), (5, 7, 3, 2), 8),
    "marine": ((10, 11, 4, 3), (7, 8, 4, 2), 9),
    "british": ((12, 13, 6, 6), (8, 9, 6, 4), 12),
    "indian": ((10, 11, 5, 3), (7, 8, 5, 2), 10),
    "belgian": ((12, 13, 3, 4), (8, 9, 3, 3), 9),
    "territorial": ((7, 9, 3, 1), (5, 6, 3, 1), 8),
}
FR_DIV = {
    "active": ((13, 12, 5, 4), (9, 9, 5, 3), 11),            # 3/2, 4/2, 23/12: AS 13 AV 4 PR 5 CEL 11
    "colonial": ((13, 12, 5, 4), (9, 9, 5, 3), 11),
    "reserve": ((10, 10, 4, 2), (7, 7, 4, 1), 9),            # 66r: AS 10 AV 2 PR 4; back of the marker 10
    "territorial": ((7, 9, 3, 1), (5, 6, 3, 1), 9),          # GDT markers' back side CEL 10 (22.3.4)
    "garrison": ((8, 10, 4, 2), (5, 7, 4, 1), 9),
}
SPECIAL = {  # exact values stated by the rulebook's examples
    ("FR", "14/7"): ((12, 12, 5, 4), (8, 9, 5, 3), 11),       # §19 example: AS 12 AV 4 PR 5
    ("DE", "Bodungen"): ((5, 6, 3, 2), (3, 4, 3, 1), 8),     # §19 example: DS 6, PR 3, AV halves to 1
}
REGIMENT = {  # support units (size regiment), base CE printed on the counter (5.5.2)
    "chasseurs": ((3, 3, 6, 0), (2, 2, 6, 0), 10), "alpini": ((3, 4, 6, 0), (2, 2, 6, 0), 10),
    "jaeger": ((3, 3, 6, 0), (2, 2, 6, 0), 10), "support_rgt": ((2, 3, 4, 1), (1, 2, 4, 0), 9),
    "loc": ((1, 2, 2, 0), None, 7), "territorial": ((2, 2, 3, 0), None, 8),
    "support_bde": ((5, 6, 4, 1), (3, 4, 4, 0), 9), "gb_support_bde": ((4, 5, 5, 1), (2, 3, 5, 0), 10),
}
CAV = {  # nationality -> (division front, reduced, CE); corps = ~2.5 divisions
    "FR": ((3, 3, 5, 1), (2, 2, 5, 1), 10), "DE": ((4, 4, 5, 2), (3, 3, 5, 1), 10),
    "GB": ((5, 5, 6, 2), (3, 3, 6, 1), 11), "BE": ((3, 3, 4, 1), (2, 2, 4, 1), 9),
}


def scale(vals, f):
    if vals is None:
        return None
    a, d, p, v = vals
    return (max(1, round(a * f)), max(1, round(d * f)), p, max(0, round(v * f)) if v else 0)


#: 22.3.4: the independent divisions that replace 81t/GDT, 82t/GDT, 84t/GDT, 88t/GDT in GT 18.
GDT_SUCCESSORS = ("81t", "82t", "84t", "88t")


def combat_values(nat, name, utype, size, quality):
    """(front, reduced-or-None, base CE) for infantry and cavalry units."""
    if (nat, name) in SPECIAL:
        return SPECIAL[(nat, name)]
    if utype in ("cavalry", "jaeger_cavalry", "loc_cavalry"):
        front, red, ce = CAV[nat if nat in CAV else "DE"]
        if size == "corps":
            return scale(front, 2.5), scale(red, 2.5), ce
        if size == "brigade":
            return scale(front, 0.5), None, ce
        if size == "regiment":
            return (1, 1, 3, 0), None, 8
        return front, red, ce
    if quality in REGIMENT and size in ("regiment",) or quality in ("support_bde", "gb_support_bde", "loc"):
        f, r, ce = REGIMENT[quality]
        return f, r, ce
    if nat == "FR":
        base = FR_DIV.get(quality, FR_DIV["active"])
    else:
        base = DIV.get(quality, DIV["landwehr_div"] if quality == "landwehr" else DIV["active"])
    if quality == "landwehr":
        base = ((5, 6, 3, 2), (3, 4, 3, 1), 8)
        return base
    f, r, ce = base
    if size == "brigade":
        return scale(f, 0.5), scale(r, 0.5), ce
    if size == "regiment":
        return scale(f, 0.25), None, ce
    return f, r, ce


DE_EQ = {("infantry", "division"): 1.0, ("infantry", "brigade"): 0.5, ("infantry", "regiment"): 0.25,
         ("cavalry", "corps"): 1.0, ("cavalry", "division"): 0.5, ("cavalry", "brigade"): 0.25,
         ("cavalry", "regiment"): 0.0}

FORTRESS_CLASS = {  # fortress name -> (class, strength levels) reconstructed from the fortress's age
    "Verdun": ("A", 3), "Toul": ("A", 3), "Epinal": ("A", 3), "Belfort": ("A", 3), "Metz": ("A", 4),
    "Straßburg": ("A", 4), "Diedenhofen": ("A", 2), "Kaiser W II": ("A", 3), "Istein": ("A", 2),
    "Neu-Breisach": ("C", 1), "Antwerpen": ("B", 2), "Namur": ("B", 2), "Maubeuge": ("C", 2),
    "Langres": ("C", 2), "Besançon": ("C", 2), "Paris": ("C", 2), "Manonviller": ("B", 2),
    "Longwy": ("C", 1), "Charlemont": ("C", 1),
}


def fortress_values(name):
    base = re.sub(r"\s*\(\d\)$", "", name)
    m = re.search(r"\((\d)\)$", name)
    camp = base.replace(" B", "") if base.startswith("Metz") else base
    cls, levels = FORTRESS_CLASS.get(camp, ("B", 1))
    if m:
        levels = int(m.group(1))          # "Metz (4)", "Langres (3)": the printed number (3.6)
    ds = {"A": 6, "B": 5, "C": 4}[cls]
    av = {"A": 6, "B": 4, "C": 3}[cls]
    return cls, levels, ds, av


# ----------------------------------------------------------------------------- gather
SCEN_FILES = [("campaign", "setup_campaign.txt"), ("race_to_the_sea", "setup_race_to_the_sea.txt"),
              ("lorraine", "setup_lorraine.txt")]      # the campaign's spelling of a name wins
ENTRIES = {sid: parse_setup(os.path.join(HERE, f)) for sid, f in SCEN_FILES}

TYPES: "OrderedDict[tuple, dict]" = OrderedDict()
MAXCOUNT: Counter = Counter()


def fortress_key(e):
    # one counter per fortress hex
    hexes = re.findall(r"\d\d\.\d\d", e["where"])
    return (e["nat"], "fortress", re.sub(r"[\s.]", "", e["name"].lower()) + "@" + hexes[0])


for sid, entries in ENTRIES.items():
    per = Counter()
    for e in entries:
        if e["cat"] == "fortress":
            k = fortress_key(e)
        else:
            k = ident(e["nat"], e["cat"], e["name"], e["flags"])
        e["key"] = k
        if k not in TYPES:
            TYPES[k] = dict(nat=e["nat"], cat=e["cat"], cls=k[1], name=e["name"], flags=e["flags"],
                            where=e["where"])
        per[k] += e["flags"].get("copies", 1)
        TYPES[k]["flags"] = {**e["flags"], **TYPES[k]["flags"]}
    for k, n in per.items():
        MAXCOUNT[k] = max(MAXCOUNT[k], n)

# units that only appear as the target of a substitution (e.g. "BELGIEN (Marine) (Support)")
# are already listed in their own sections; add the few that are not
EXTRA = [("FR", "support", "Paris (Marine)"), ("DE", "formation", "Straßburg")]


def slug(s: str) -> str:
    import unicodedata
    s = s.replace("ß", "ss")
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    s = re.sub(r"[^\w+]+", "_", s, flags=re.ASCII).strip("_")
    return s


PIECES = []
PID: dict[tuple, str] = {}
used_ids = set()
for k, t in TYPES.items():
    nat, cls, key = k
    name = t["name"]
    utype, size, quality = unit_kind(nat, cls, t["cat"], name)
    base = f"{nat}-{'' if cls in ('formation',) else cls + '-'}{slug(name)}"
    if cls == "fortress":
        base += "-" + key.split("@")[1].replace(".", "")
    pid = base
    n = 2
    while pid in used_ids:
        pid = f"{base}-{n}"
        n += 1
    used_ids.add(pid)
    PID[k] = pid
    rec = dict(id=pid, name=name, kind="unit", side=SIDE[nat], nationality=nat, unit_type=utype, size=size,
               symbol=utype, count=MAXCOUNT[k], back="", faces=[], attrs={})
    a = rec["attrs"]
    if cls == "fortress":
        fcls, levels, ds, av = fortress_values(name)
        hexes = key.split("@")[1]
        rec.update(kind="fort", name=f"{name} ({hexes})", count=1)
        rec["faces"] = [("outer garrison", dict(ds=ds, av=av, pr=5)), ("no outer garrison", dict(ds=ds - 2, av=av, pr=5))]
        a.update(fortress_class=fcls, levels=levels, setup_hex=hexes, fortress_type=2 if name.startswith(("Verdun", "Toul", "Epinal", "Belfort", "Metz", "Straßburg", "Antwerpen", "Paris")) else 1,
                 supply_source=name.split()[0] in ("Verdun", "Toul", "Epinal", "Belfort", "Metz", "Straßburg", "Antwerpen", "Paris", "Langres", "Besançon", "Maubeuge", "Namur"),
                 de=0.0, camp=re.sub(r"\s*\(\d\)$|\s+B$", "", name))
    elif cls == "fort":
        abandon = 1 if name == "Montmédy" else (3 if name in ("Calais", "Dunkerque", "Antwerpen", "Reims") else 2)
        rec.update(kind="fort")
        rec["faces"] = [("fort", dict(ds=3, pr=4, av=2)), ("infantry", dict(as_=1, ds=2, pr=3, av=1))]
        a.update(abandonment=abandon, base_ce=8, support=True, de=0.0)
    elif cls == "depot":
        rec.update(unit_type="depot", size="army", symbol="depot")
        rng, ext = (9, 15) if nat != "BE" else (7, 12)
        rec["faces"] = [("normal", dict(range=rng)), ("extended", dict(range=ext, ammo=6))]
        a.update(rail_only=True, de=0.0, army=name.split(" (")[0])
    elif cls == "train":
        rec.update(unit_type="corps_train", size="corps", symbol="train")
        rec["faces"] = [("normal", dict(range=4)), ("extended", dict(range=7, ammo=2))]
        a.update(de=1.0, corps=name.split("/", 1)[1])
    elif cls == "hq":
        rec.update(kind="hq", unit_type="siege_train_hq", symbol="hq")
        rec["faces"] = [("HQ", dict(as_=0, ds=1, av=0)), ("marker deploying", dict(as_=0, ds=1, av=0))]
        a.update(de=0.0)
    elif cls == "siege":
        cal = "42" if "kMK" in name else ("30.5" if "sKM" in name else "21")
        guns = 2 if "+" in name else 1
        if nat == "DE" and name == "5+6 sKM":
            rec["nationality"] = "AH"
            a["austro_hungarian"] = True
        rec["faces"] = [("mobile", dict(as_=0, ds=1, av=2)), ("deployed", dict(as_=0, ds=1, av=4 if cal == "21" else 6))]
        a.update(calibre=cal, guns=guns, de=0.0)
    elif cls == "marker" and t["cat"] == "siegemarker":
        rec.update(kind="marker", unit_type="siege_marker", symbol="siege")
        cal = "42" if "kMK" in name else ("30.5" if "sKM" in name else ("21" if name == "METZ" else ""))
        rec["faces"] = [("deployed", {})]
        if cal:
            a.update(calibre=cal, guns=4 if name == "METZ" else 1)
        if name.startswith("Pionier"):
            a.update(bombard_drm=-1)
    elif cls == "artillery":
        rec.update(unit_type="artillery", size="", symbol="artillery")
        av = 6 if any(x in name for x in ("PRIMA", "SECONDA", "TERZA", "QUARTA", "QUINTA", "SESTA", "NONA", "DECIMA", "GQG", "OHL")) else 4
        rec["faces"] = [("full", dict(as_=0, ds=1, av=av)), ("reduced", dict(as_=0, ds=1, av=av // 2))]
        a.update(de=0.0)
        if name.startswith(("Toul", "Verdun", "Metz", "N. Braisach")):
            a["garrison"] = 0
    else:
        front, red, ce = combat_values(nat, name, utype, size, quality)
        def face(v):
            return dict(as_=v[0], ds=v[1], pr=v[2], av=v[3])
        rec["faces"] = [("full", face(front))] + ([("reduced", face(red))] if red else [])
        support = cls in ("support", "loc") or (nat == "FR" and " det " in f" {name} ")
        a.update(support=support, quality=quality, de=DE_EQ.get(("cavalry" if "cavalry" in utype else "infantry", size), 0.0))
        if support or cls == "loc":
            a["base_ce"] = ce
        else:
            a["base_ce"] = ce
            if nat == "FR" and quality == "reserve":
                a["base_ce_back"] = ce + 1        # 22.4: the marker flips to a higher Base CE
            if nat == "FR" and quality == "territorial" and name.endswith("/GDT"):
                a["base_ce_back"] = 10            # 22.3.4
            if nat == "FR" and quality == "territorial" and name in GDT_SUCCESSORS:
                # 22.3.4 (rulebook): in GT 18 "girate tutti i segnalini di Assegnazione GDT sul
                # retro (ad indicare la CEL 10)"; the independent 81t, 82t, 84t, 88t that take the
                # GDT divisions' place (reading, NOTES.md) carry that marker, so Base CE 10
                a["base_ce"] = 10
        if "/" in name and not name.startswith("Treno"):
            a["corps"] = name.split("/", 1)[1]
        if utype.startswith("loc"):
            a["loc"] = True
        if name.startswith(("Toul", "Verdun", "Belfort", "Epinal", "Paris", "Le Havre", "Maubeuge", "Metz", "H. Metz", "H. Straßburg", "Straßburg", "Antwerpen", "Dunkerque")) and nat in ("FR", "DE", "BE"):
            a["garrison"] = 0 if name.startswith(("Paris", "Le Havre", "Dunkerque", "Antwerpen")) else 3
    rec["attrs"]["reconstructed"] = True
    PIECES.append(rec)
    # secondary counters (8.1.1, 24.2.1)
    if t["flags"].get("two_counters") and rec["faces"]:
        sec = dict(rec, id=pid + "-2", name=name + " (secondary)", attrs=dict(rec["attrs"], secondary_of=pid),
                   faces=[(fn, {k2: (max(1, v2 * 2 // 3) if k2 in ("as_", "ds") else v2) for k2, v2 in fv.items()})
                          for fn, fv in rec["faces"]])
        rec["attrs"]["secondary"] = pid + "-2"
        PIECES.append(sec)

# counters in the mix that no set-up list places: the Secondary Depots (15.7), one per side
for nat in ("FR", "DE"):
    PIECES.append(dict(id=f"{nat}-depot-Secondary", name="Secondary Depot", kind="unit", side=SIDE[nat],
                       nationality=nat, unit_type="depot", size="army", symbol="depot", count=1, back="",
                       faces=[("normal", dict(range=9)), ("extended", dict(range=15, ammo=6))],
                       attrs=dict(rail_only=True, de=0.0, army="Secondary", reconstructed=True)))
BY_ID = {p["id"]: p for p in PIECES}

# assignment markers: one per Formation and per Corps Train (2.8); the LOC Formations (28.1's
# "LOC formations" group) are Formations too
AM = []
for p in list(PIECES):
    a = p["attrs"]
    if p["unit_type"] == "corps_train" or (p["kind"] == "unit" and not a.get("support") and p["unit_type"] in
                                           ("infantry", "cavalry", "jaeger_cavalry", "loc_infantry")
                                           and not a.get("secondary_of")
                                           and (not a.get("loc") or "-locf-" in p["id"])):
        if re.search(r"\+$|\+/", p["name"]):
            continue       # 2.8: units whose ID ends in + use the marker without the sign
        faces = [("front", dict(ce=a.get("base_ce", 0)))]
        if a.get("base_ce_back"):
            faces.append(("back", dict(ce=a["base_ce_back"])))
        am = dict(id="AM-" + p["id"], name=f"Assignment {p['name']}", kind="marker", side=p["side"],
                  nationality=p["nationality"], unit_type="assignment", size=p["size"], symbol="assignment",
                  count=1, back="", faces=faces, attrs=dict(unit=p["id"], reconstructed=True))
        if p["unit_type"] == "corps_train":
            am["attrs"]["corps_limit"] = 2
        AM.append(am)

# generic markers (digest §3.3), counts reconstructed
GENERIC = [
    ("ce_status", "CE status", "FR DE GB BE", [("-1", {}), ("-2", {}), ("-3", {}), ("CI", {}), ("D1", {}), ("D2", {})], 40),
    ("pa", "Prepared Attack", "", [("PA", {})], 40), ("attack", "Attack", "", [("attack", {})], 20),
    ("mp_spent_ce", "MP Spent (CE recovery)", "", [("MP spent", {})], 20),
    ("mp_spent_ip", "MP Spent (IP construction)", "", [("1-8", {}), ("9-12", {})], 20),
    ("mp_spent_rr", "MP Spent (entrain/detrain)", "", [("MP spent", {})], 20),
    ("reaction_mp", "Cavalry Reaction MP Spent", "", [("MP", {})], 12),
    ("rail_mode", "Rail Mode", "", [("rail mode", {}), ("detraining", {})], 20),
    ("rail_destination", "Rail Destination", "", [("destination", {})], 40),
    ("naval_mode", "Naval Mode", "", [("naval mode", {})], 4), ("naval_destination", "Naval Destination", "", [("destination", {})], 4),
    ("two_hex", "Two-Hex Unit", "", [("two-hex", {})], 16),
    ("out_of_supply", "Out of Supply / Isolated", "", [("out of supply", {}), ("isolated", {})], 30),
    ("ammo_supplied", "Ammo Supplied", "", [("ammo", {}), ("ammo exhausted", {})], 20),
    ("ammo_shortage", "Ammo Shortage", "", [("shortage", {})], 12),
    ("blown_bridge", "Blown Bridge", "", [("blown", {})], 20),
    ("ip_fr", "Improved Position (French)", "FR", [("IP", {})], 30), ("ip_gb", "Improved Position (British)", "GB", [("IP", {})], 8),
    ("ip_be", "Improved Position (Belgian)", "BE", [("IP", {})], 8), ("ip_de", "Improved Position (German)", "DE", [("IP", {})], 30),
    ("fortress_loss", "Fortress Strength Loss", "", [("1", {}), ("2/3", {})], 20),
    ("railhead", "Railhead", "DE", [("railhead", {})], 30), ("railhead_fr", "Railhead (Allied)", "FR", [("railhead", {})], 10),
    ("bottleneck", "RR Bottleneck Capacity", "", [("capacity", {})], 6),
    ("reseau_du_nord", "Réseau du Nord", "FR", [("Réseau du Nord", {})], 2),
    ("destroyed_rr_bridge", "Destroyed RR Bridge", "", [("destroyed", {})], 10),
    ("gt", "Game Turn", "", [("GT", {})], 1), ("player_turn", "Player Turn", "", [("Allied", {}), ("German", {})], 1),
    ("vp", "Victory Points", "", [("Allied ahead", {}), ("German ahead", {})], 1),
    ("rp", "Rail Points", "", [("RP", {}), ("1/2 RP", {})], 4), ("repl", "Replacements", "", [("REPL", {})], 6),
    ("bombard_limit", "Bombardment limit (42 cm / 30.5 cm / Prep)", "DE", [("limit", {})], 3),
    ("hkk", "HKK", "DE", [("HKK", {})], 4), ("truck", "German Truck", "DE", [("2 uses", {}), ("1 use", {})], 3),
    ("army_base", "Army Base", "", [("base", {})], 3), ("base_transfer", "Base Transfer", "", [("transfer", {}), ("completed", {})], 4),
    ("antwerpen_surrender", "Antwerpen Surrender", "DE", [("surrender", {})], 1),
    ("fr_reserve_roll", "French Reserve die roll", "FR", [("roll", {})], 1),
    ("special_rp", "Special RP (Belgian / RND)", "", [("special RP", {})], 2),
    ("gdt_detachment", "GDT Detachment -4", "FR", [("-4", {})], 4), ("strength_reduction", "Strength Reduction", "", [("-2", {}), ("-4", {})], 20),
    ("prep", "Prep", "DE", [("prep", {})], 2), ("army_plan", "Army / Strategic Plan", "", [("army", {}), ("strategic plan", {})], 20),
    ("aoa_boundary", "AoA boundary", "", [("boundary", {})], 30), ("inactive", "Inactive (numeric)", "", [("2", {}), ("3", {})], 20),
    ("army_destination", "Army Destination", "", [("destination", {})], 6), ("blank", "Blank", "", [("blank", {})], 20),
    ("objective", "Strategic Objective", "", [("objective", {})], 12),
]
MARKERS = []
for mid, name, nat, faces, count in GENERIC:
    MARKERS.append(dict(id="M-" + mid, name=name, kind="marker", side="", nationality=nat if " " not in nat else "",
                        unit_type="marker", size="", symbol=mid, count=count, back="", faces=faces,
                        attrs=dict(reconstructed=True)))


# ----------------------------------------------------------------------------- resolve names
def find_piece(nat, text, prefer=("formation", "locf", "support", "loc", "train", "artillery", "depot")):
    t = text.strip()
    hint = None
    m = re.match(r"the LOC unit (.+)", t)
    if m:
        t, hint = m.group(1), "locf"
    for suffix, h in ((" (Support)", "support"), (" (cavalry)", "formation"), (" (Formation)", "formation")):
        if t.endswith(suffix):
            t, hint = t[: -len(suffix)], h
    key = re.sub(r"[\s.]", "", t.lower())
    order = ([hint] if hint else []) + [c for c in prefer if c != hint]
    for c in order:
        k = (nat, c, key)
        if k in PID:
            return PID[k]
    # fuzzy: "9 C" -> "9C", "Gd C"; "Det. d'Armée" depot
    for k, pid in PID.items():
        if k[0] == nat and k[2] == key:
            return pid
    return None


DEPOT_NAMES = {"PRIMA", "SECONDA", "TERZA", "QUARTA", "QUINTA", "SESTA", "SETTIMA", "NONA", "DECIMA", "ALSACE",
               "BEF", "BELGA", "BELGIEN", "METZ"}


#: 16.5 scheduled withdrawals (the schedules 7.2.1/7.2.2 and the set-up rows' "[withdrawn GT n]"):
#: removed in the owner's Preliminary Phase of that GT.
WITHDRAWALS = {("campaign", "FR-train-Treno_GDT"): 18, ("campaign", "DE-support-17_Ez_bd"): 12,
               ("campaign", "DE-marker-METZ"): 12, ("campaign", "DE-locf-45_Lw"): 13,
               ("race_to_the_sea", "FR-train-Treno_GDT"): 18}


def placements(sid):
    out = []
    unresolved = []
    for e in ENTRIES[sid]:
        pid = PID[e["key"]]
        w = e["where"].strip()
        attrs = OrderedDict()
        if e["box"] and not e["box"].startswith("Inactive") and e["box"] not in ("–", "-"):
            attrs["box"] = e["box"]
        if e["box"].startswith("Inactive"):
            attrs["act"] = int(re.search(r"\d+", e["box"]).group())
        if e["note"]:
            attrs["note"] = e["note"]
        count = e["flags"].get("copies", 1)
        turn = 0
        loc = None
        m = re.fullmatch(r"(\d\d\.\d\d)(?:\+(\d\d\.\d\d))?(?: @(\d))?", w)
        if m:
            loc = m.group(1)
            if m.group(2):
                attrs["two_hex"] = m.group(2)
            if m.group(3):
                attrs["act"] = int(m.group(3))
        elif w == "naval":
            loc = "box:naval"
        else:
            m = re.fullmatch(r"GT(\d+) (.*)", w)
            if not m:
                raise SystemExit(f"{sid}: cannot read {e['name']!r} where {w!r}")
            turn = int(m.group(1))
            rest = m.group(2)
            if turn == 99:
                turn = 0
                attrs["when"] = "three GTs after the surrender of Antwerpen (25.4.1)"
                loc = "box:held"
            if loc is None:
                mm = re.fullmatch(r"(\d\d\.\d\d)(?: or (\d\d\.\d\d))?", rest)
                if mm:
                    loc = mm.group(1)
                    if mm.group(2):
                        attrs["alt"] = mm.group(2)
            if loc is None and rest.startswith("entry "):
                loc = "box:entry_" + rest.split()[1]
            if loc is None and rest.startswith("depot"):
                loc = "box:depot"
                nm = rest[5:].strip()
                if nm:
                    attrs["on"] = nm
            if loc is None and rest == "port":
                loc = "box:port"
            if loc is None and rest == "anywhere":
                loc = "box:anywhere"
            if loc is None:
                mm = re.fullmatch(r"within (\d+) (\d\d\.\d\d)", rest)
                if mm:
                    loc = mm.group(2)
                    attrs["within"] = int(mm.group(1))
            if loc is None and rest.startswith("on "):
                loc = "box:on_unit"
                attrs["on"] = rest[3:]
            if loc is None and rest.startswith("replaces "):
                targets = [re.sub(r"\s*\(printed[^)]*\)", "", x).strip() for x in rest[len("replaces "):].split(" & ")]
                ids = []
                for tgt in targets:
                    if "any" in tgt and "cavalry division" in tgt:
                        parts = re.split(r"\s+and\s+", tgt)
                        for part in parts:
                            if "cavalry division" in part:
                                attrs["plus"] = part
                            else:
                                pid2 = find_piece(e["nat"], part)
                                if pid2:
                                    ids.append(pid2)
                                else:
                                    unresolved.append((sid, e["name"], part))
                        continue
                    pid2 = find_piece(e["nat"], tgt)
                    if pid2 is None:
                        unresolved.append((sid, e["name"], tgt))
                        attrs.setdefault("replaces_text", tgt)
                    else:
                        ids.append(pid2)
                loc = "box:substitution"
                if ids:
                    attrs["replaces"] = " ".join(ids)
            if loc is None:
                raise SystemExit(f"{sid}: cannot read {e['name']!r} where {w!r}")
        if (sid, pid) in WITHDRAWALS:
            attrs["withdraw"] = WITHDRAWALS[(sid, pid)]
        out.append(dict(piece_type=pid, location=loc, count=count, face=0, turn=turn, attrs=attrs))
        if e["flags"].get("two_counters"):
            sec = BY_ID.get(pid + "-2")
            if sec:
                a2 = OrderedDict((k, v) for k, v in attrs.items() if k not in ("two_hex", "act", "alt", "within"))
                a2["note"] = "secondary counter: set aside until the primary takes its second SR (8.1.1, 24.2.1)"
                out.append(dict(piece_type=pid + "-2", location="box:reserve", count=1, face=0, turn=0, attrs=a2))
    return out, unresolved


# ----------------------------------------------------------------------------- write pieces.csv
FACE_KEYS = ["as_", "ds", "pr", "av", "range", "ammo", "ce"]
ATTR_T = [("de", "float"), ("base_ce", "int"), ("base_ce_back", "int"), ("support", "bool"), ("quality", "str"),
          ("corps", "str"), ("army", "str"), ("loc", "bool"), ("garrison", "int"), ("abandonment", "int"),
          ("fortress_class", "str"), ("levels", "int"), ("fortress_type", "int"), ("supply_source", "bool"),
          ("setup_hex", "str"), ("camp", "str"), ("calibre", "str"), ("guns", "int"), ("austro_hungarian", "bool"),
          ("bombard_drm", "int"), ("rail_only", "bool"), ("secondary", "str"), ("secondary_of", "str"),
          ("unit", "str"), ("corps_limit", "int"), ("reconstructed", "bool")]
ALL_PIECES = PIECES + AM + MARKERS
nfaces = max(len(p["faces"]) for p in ALL_PIECES)
header = ["id", "name", "kind", "side", "nationality", "unit_type", "size", "symbol", "count:int", "back"]
for i in range(nfaces):
    header.append(f"f{i}")
    for k in FACE_KEYS:
        header.append(f"f{i}.{k.rstrip('_')}:int")
header += [f"{a}:{t}" if t != "str" else a for a, t in ATTR_T]
with open(os.path.join(MOD, "pieces.csv"), "w", newline="", encoding="utf-8") as f:
    f.write("# counters of 1914 Offensive a outrance (generated by authoring/build_oob.py; values reconstructed,\n"
            "# see PROVENANCE.md). f0 = front / full strength, f1 = back / reduced.\n")
    w = csv.writer(f, lineterminator="\n")
    w.writerow(header)
    for p in ALL_PIECES:
        row = [p["id"], p["name"], p["kind"], p["side"], p["nationality"], p["unit_type"], p["size"], p["symbol"],
               p["count"], p["back"]]
        for i in range(nfaces):
            if i < len(p["faces"]):
                fn, fv = p["faces"][i]
                row.append(fn)
                for k in FACE_KEYS:
                    row.append(fv.get(k, ""))
            else:
                row += [""] * (1 + len(FACE_KEYS))
        for a, t in ATTR_T:
            v = p["attrs"].get(a, "")
            if t == "bool":
                v = "true" if v is True else ("false" if v is False else "")
            row.append(v)
        w.writerow(row)


# ----------------------------------------------------------------------------- scenarios
RAILHEADS_GC = ["59.29", "60.32", "56.36", "54.41", "54.42", "54.43", "53.45", "53.47", "53.48", "52.49", "54.53",
                "58.56", "60.60", "55.69", "55.70", "55.73"]
RAILHEADS_RTS_EXTRA = ["46.19", "43.20", "41.21", "39.22", "37.23", "35.23", "33.24", "31.25", "29.26"]


def marker(pid, loc, count=1, face=0, turn=0, **attrs):
    return dict(piece_type=pid, location=loc, count=count, face=face, turn=turn, attrs=OrderedDict(attrs))


def scenario_markers(sid):
    out = []
    if sid in ("campaign", "race_to_the_sea"):
        # 15.7: each player receives one Secondary Depot counter; the set-up charts of both
        # scenarios give it as "available per 15.7" (Disponibile secondo 15.7): off the map until
        # a Supply Phase activates it
        out += [marker("FR-depot-Secondary", "box:held", note="available per 15.7"),
                marker("DE-depot-Secondary", "box:held", note="available per 15.7")]
    out += [marker("M-gt", "track:gt01" if sid != "race_to_the_sea" else "track:gt13"),
           marker("M-player_turn", "track:gt01" if sid != "race_to_the_sea" else "track:gt13",
                  face=0 if sid != "race_to_the_sea" else 1),
           marker("M-vp", "track:vp00" if sid != "race_to_the_sea" else "track:vp40", face=0 if sid != "race_to_the_sea" else 1)]
    if sid == "campaign":
        out += [marker("M-railhead", h) for h in RAILHEADS_GC]
        out += [marker("M-reseau_du_nord", h) for h in ("28.28", "30.19")]
        out += [marker("M-bottleneck", h, note="active from the start (18.6.1)") for h in ("59.29", "54.40")]
        out += [marker("M-bottleneck", "51.28", turn=18, note="placed in the 6th Interphase (18.6.1)")]
        out += [marker("M-destroyed_rr_bridge", "53.28", toward="53.29", note="30.2")]
        out += [marker("M-truck", h, note="25.3") for h in ("64.28", "61.30", "62.33")]
        out += [marker("M-army_base", "01.21", note="BEF base Le Havre (23.1)"),
                marker("M-army_base", "52.16", note="Belgian base Antwerpen (24.3)")]
        out += [marker("M-hkk", "box:displays", count=4, note="on the army markers (25.1)"),
                marker("M-fr_reserve_roll", "track:interphase3", note="22.4.1"),
                marker("M-special_rp", "track:interphase2", note="Belgian special RP (24.5)"),
                marker("M-special_rp", "track:interphase6", note="RND special RP (23.3.2)"),
                marker("M-antwerpen_surrender", "box:displays"),
                marker("M-gdt_detachment", "31.14", note="81t/GDT starts with a -4 marker (22.3.3)"),
                marker("M-gdt_detachment", "31.21"), marker("M-gdt_detachment", "35.24"),
                marker("M-two_hex", "47.37", two_hex="48.36"), marker("M-two_hex", "56.63", two_hex="57.63"),
                marker("M-two_hex", "46.35", two_hex="47.36")]
        out += [marker("M-ammo_shortage", f"track:interphase{i}", note="15.8.1") for i in range(4, 10)]
    if sid == "race_to_the_sea":
        # the Grand Campaign railheads that lie on the NW/NE maps, plus the additional ones (31.2)
        out += [marker("M-railhead", h) for h in RAILHEADS_GC + RAILHEADS_RTS_EXTRA
                if h not in ("60.60", "55.69", "55.70", "55.73")]
        out += [marker("M-bottleneck", h, note="active (31.2)") for h in ("16.18", "15.34", "08.25", "59.29", "54.40")]
        out += [marker("M-bottleneck", "51.28", turn=18, note="placed in the 6th Interphase")]
        out += [marker("M-destroyed_rr_bridge", "53.28", toward="53.29", note="31.2")]
        out += [marker("M-ip_fr", h, note="31.2") for h in ("51.52", "52.54", "53.55")]
        out += [marker("M-army_base", "02.36", note="BEF base St. Nazaire (31.2; 02.36 or 02.46)"),
                marker("M-army_base", "52.16", note="Belgian base Antwerpen")]
        out += [marker("M-two_hex", "26.27", two_hex="26.28"), marker("M-two_hex", "49.18", two_hex="50.18"),
                marker("M-two_hex", "52.18", two_hex="53.18"), marker("M-two_hex", "49.20", two_hex="50.19"),
                marker("M-two_hex", "50.46", two_hex="51.47")]
        out += [marker("M-ammo_shortage", "box:displays", note="one per Interphase from the 4th (15.8.1)"),
                marker("M-fr_reserve_roll", "box:displays", note="31.2: reserve markers start flipped"),
                marker("M-special_rp", "track:interphase6", note="RND special RP (23.3.2)")]
    return out


SCENARIOS = {
    "lorraine": dict(name="The Battle for Lorraine (introductory)", rule="29", first=1, last=4,
                     description="French 1st and 2nd Armies advance into Lorraine; the German 6th and 7th Armies counter-attack on 20 August. Small map only (hexes more than half printed: location attribute lorraine). French player turn of GT 1 to the end of GT 4.",
                     victory="French win if they achieve the 2nd Army's primary objective (Falkenberg 57.51 or Puttelangen 60.52) or control Finstingen 60.55 at the end of a player turn, and no German unit occupies Manonviller 55.57 at the end. German win if neither and a German unit occupies 55.57 at the end. Otherwise a draw (29.5).",
                     globals=dict(turn=1, player_turn="allied", vp=0, map="S",
                                  plans="FR_2nd DE_6th", plans_note="29.2: French 2nd Army plan in effect, 1st Army plan ignored; German 6th Army per 26.6.2"),
                     options=[("optional_supply", "29.4: ignore all supply rules (do not set up Depots or Corps Trains)")]),
    "campaign": dict(name="The Grand Campaign", rule="30", first=1, last=30,
                     description="16 August to 13 November 1914 on all three maps. All Strategic Plans in play; French RR bottlenecks inactive; Réseau du Nord markers at 28.28 and 30.19; German railheads as listed in 30.2; all RR bridges and tunnels along or east of the Meuse from Verdun to the Dutch border destroyed (30.3).",
                     victory="At the end a player with 10 or more VP wins; German 9 to Allied 9 is a draw. German control of Paris at the Final Interphase is an automatic German victory (30.4, 27.7).",
                     globals=dict(turn=1, player_turn="allied", vp=0, bombard_42=7, bombard_305=25, bombard_prep=5,
                                  rp_allied=0, rp_german=0, ip_allowance=0,
                                  plans="FR_1st FR_2nd FR_3rd FR_4th DE_1st DE_2nd DE_3rd DE_4th DE_5th DE_6th",
                                  inactive_until_gt2="FR QUINTA; DE PRIMA SECONDA TERZA QUARTA QUINTA; BE army",
                                  inactive_until_gt3="FR Det. d'Armée TERZA QUARTA"),
                     options=[("voluntary_withdrawal", "20.0: optional Voluntary Withdrawal"),
                              ("strength_reduction_markers", "9.10.3: optional Strength Reduction markers"),
                              ("no_6th_7th_withdrawal", "25.2.2: no Formation of the 6th or 7th Army may be withdrawn to the East")]),
    "race_to_the_sea": dict(name="The Race to the Sea", rule="31", first=13, last=30,
                            description="German player turn of GT 13 to the end of GT 30, north-west and north-east maps. No Strategic Plans; French reserve markers flipped; French bottlenecks at 16.18, 15.34, 08.25 active; IPs at 51.52, 52.54, 53.55; all orange structures with an X or a number above 13 and the red Amiens bridges destroyed (31.3).",
                            victory="The player with 10 or more VP at the end wins; otherwise a draw. The German starts with 40 VP (31.4).",
                            globals=dict(turn=13, player_turn="german", vp=40, vp_leader="german", bombard_42=1,
                                         bombard_305=10, bombard_prep=3, rp_allied=9, rp_german=7, ip_allowance=0),
                            options=[("voluntary_withdrawal", "20.0: optional Voluntary Withdrawal"),
                                     ("strength_reduction_markers", "9.10.3: optional Strength Reduction markers")]),
}

os.makedirs(os.path.join(MOD, "scenarios"), exist_ok=True)
report = {}
for sid, meta in SCENARIOS.items():
    pl, unresolved = placements(sid)
    pl += scenario_markers(sid)
    report[sid] = (len(pl), unresolved)
    keys = []
    for p in pl:
        for k in p["attrs"]:
            if k not in keys:
                keys.append(k)
    INT_ATTRS = {"act", "within", "withdraw"}
    with open(os.path.join(MOD, "scenarios", f"{sid}.csv"), "w", newline="", encoding="utf-8") as f:
        f.write(f"# scenario {sid} placements (rulebook {meta['rule']}; generated by authoring/build_oob.py)\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["piece_type", "location", "count:int", "face:int", "turn:int"] +
                   [f"{k}:int" if k in INT_ATTRS else k for k in keys])
        for p in pl:
            w.writerow([p["piece_type"], p["location"], p["count"], p["face"], p["turn"]] +
                       [p["attrs"].get(k, "") for k in keys])

    def tq(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    with open(os.path.join(MOD, "scenarios", f"{sid}.toml"), "w", encoding="utf-8") as f:
        f.write(f"# Scenario {meta['rule']} (generated by authoring/build_oob.py)\n[scenario]\n")
        f.write(f"id = {tq(sid)}\nname = {tq(meta['name'])}\nrule = {tq(meta['rule'])}\n")
        f.write(f"description = {tq(meta['description'])}\nfirst_turn = {meta['first']}\nlast_turn = {meta['last']}\n")
        f.write(f"victory = {tq(meta['victory'])}\n\n[scenario.globals]\n")
        for k, v in meta["globals"].items():
            f.write(f"{k} = {tq(v) if isinstance(v, str) else v}\n")
        for oid, text in meta["options"]:
            f.write(f"\n[[option]]\nid = {tq(oid)}\ntext = {tq(text)}\nchoices = [\"off\", \"on\"]\ndefault = \"off\"\n")

print(f"{len(PIECES)} unit/fort/supply piece types ({sum(p['count'] for p in PIECES)} counters), "
      f"{len(AM)} assignment markers, {len(MARKERS)} generic marker types "
      f"({sum(p['count'] for p in MARKERS)} markers)")
for sid, (n, unresolved) in report.items():
    print(sid, n, "placements; unresolved substitution targets:", unresolved)
