"""Generate pieces.csv (the counter mix) of the Strafexpedition 1916 module. Standard library only.

    python3 modules/strafexpedition_1916/authoring/build_pieces.py

Inputs: the order of battle the rulebook's scenario set-ups and reinforcement schedules list
(Italian brigades and regiments, AH brigades and battalions, independents, artillery per corps,
fortresses). The rulebook prints values only for the Alpini and Finance Guard battalions named in
the set-ups and for every artillery type; every other factor (line infantry CF/MG/morale, reduced
sides, HQ initiative and command radius, fortress rows) is RECONSTRUCTED here from the rules'
examples and the unit's kind, and flagged `reconstructed` in the `values` column (see
PROVENANCE.md). Hand corrections go in the tables below, never in the CSV.
"""
from __future__ import annotations

import csv
import os

MOD = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]

# ---------------------------------------------------------------- Italian brigades (35)
# brigade: (regiments, division note); every regiment has battalions I-III (rulebook scenarios).
IT_BRIGADES = [
    ("Taro", (207, 208)), ("Roma", (79, 80)), ("Ancona", (69, 70)), ("Cagliari", (63, 64)),
    ("Sicilia", (61, 62)), ("Sesia", (201, 202)), ("Ivrea", (161, 162)), ("Lambro", (205, 206)),
    ("Salerno", (89, 90)), ("Alessandria", (155, 156)), ("Granatieri di Sardegna", (1, 2)),
    ("Etna", (223, 224)), ("Catanzaro", (141, 142)), ("Pescara", (211, 212)), ("Bisagno", (209, 210)),
    ("Novara", (153, 154)), ("Volturno", (217, 218)), ("Verona", (85, 86)), ("Puglie", (71, 72)),
    ("Sele", (219, 220)), ("Lombardia", (73, 74)), ("Padova", (117, 118)), ("Pistoia", (35, 36)),
    ("Catania", (145, 146)), ("Ravenna", (37, 38)), ("Trapani", (144, 149)), ("Modena", (41, 42)),
    ("Udine", (95, 96)), ("Liguria", (157, 158)), ("Piacenza", (111, 112)),
    # The rulebook prints Bari as 223/224, Etna's numbers (a misprint): the historical Brigata
    # Bari was the 139th and 140th Infantry; used here (NOTES.md).
    ("Bari", (139, 140)), ("Barletta", (137, 138)), ("Sassari", (151, 152)), ("Piemonte", (3, 4)),
    ("Forli", (43, 44)),
]
ELITE_IT = {"Granatieri di Sardegna": (4, 2, 6, 4), "Sassari": (4, 2, 6, 4)}
LINE_IT = (3, 2, 6, 3)          # CF, MG, MA, morale (reconstructed)

ALPINI_GIVEN = {"Val Leogra": (3, 2, 6), "M. Berico": (4, 2, 6), "Vicenza": (4, 3, 6)}  # rulebook Sc 1
ALPINI = ["Val Leogra", "M. Berico", "Vicenza", "Aosta", "V. d'Adige", "Mercantour", "Cividale",
          "M. Clapier", "Val Natisone", "Matajur", "Adamello", "Exilles", "Monte Suello", "Cervino",
          "Levanna", "Val Maira", "Monviso", "Monte Argentera", "Morbegno", "Cenischia",
          "Saccarello", "Bassano", "Sette Comuni"]
BERSAGLIERI = [("42", "Bersaglieri"), ("II", "Ciclisti"), ("V", "Ciclisti"), ("VI", "Ciclisti"),
               ("VII", "Ciclisti"), ("IX", "Ciclisti"), ("XII", "Ciclisti"),
               ("XIV", "5 Rgt"), ("XXII", "5 Rgt"), ("XXIV", "5 Rgt"),
               ("XL", "14 Rgt"), ("LIV", "14 Rgt"), ("LXI", "14 Rgt")]
MT = {"VIII": 3, "XII": 7, "33": 3, "XVIII": 7}          # attaching brigade/regiment -> counters
RGF = [("2-0-6", 2, 0, 6, 3), ("4-2-6", 4, 2, 6, 1)]     # values, cf, mg, ma, count (rulebook)

# ---------------------------------------------------------------- AH brigades (27)
# (id, name, corps, kind, [(regiment, [battalions])] ); kind: mtn | kj | lw | ldsch | inf
AH_BRIGADES = [
    ("6m", "6th Mountain Bde", "VIII", "mtn", [("", ["6", "38", "42", "50", "81"])]),
    ("10m", "10th Mountain Bde", "VIII", "mtn", [("", ["48", "62", "90", "92", "1Bh"])]),
    ("18m", "18th Mountain Bde", "VIII", "mtn", [("", ["3", "15", "26", "31", "50"])]),
    ("58", "58th (KJ) Bde", "XX", "kj", [("3KJ", ROMAN[:3]), ("4KJ", ROMAN[:4])]),
    ("180", "180th Kaiserjaeger Bde", "XX", "kj", [("1KJ", ROMAN[:4]), ("2KJ", ROMAN[:3])]),
    ("5", "5th Bde", "XX", "inf", [("59", ROMAN[:4]), ("21", ROMAN[:3])]),
    ("15", "15th Bde", "XX", "inf", [("14", ["I", "II", "III", "IV", "X"]), ("50", ROMAN[:4])]),
    ("11m", "11th Mountain Bde", "48 Div", "mtn", [("", ["3", "10", "20", "21", "77", "3Bh"])]),
    ("12m", "12th Mountain Bde", "48 Div", "mtn", [("", ["3", "37", "57", "93", "100"])]),
    ("9m", "9th Mountain Bde", "48 Div", "mtn", [("", ["12", "49", "74", "84", "87"])]),
    ("55", "55th Bde", "III", "inf", [("87", ROMAN[:3]), ("96", ROMAN[:3]), ("FJB", ["24"])]),
    ("56", "56th Bde", "III", "inf", [("47", ROMAN[:4]), ("37", ["IV"]), ("FJB", ["11"])]),
    ("43lw", "43rd Landwehr Bde", "III", "lw", [("3", ROMAN[:3]), ("26", ROMAN[:3])]),
    ("18", "18th Infantry Bde", "III", "inf", [("11", ROMAN[:3]), ("73", ROMAN[:4])]),
    ("11", "11th Infantry Bde", "III", "inf", [("27", ROMAN[:3]), ("2Bh", ROMAN[:3])]),
    ("12", "12th Infantry Bde", "III", "inf", [("17", ROMAN[:3]), ("FJB", ["7", "9", "22"])]),
    # "(70, 76, 101, Fjb, 8)": read as three battalions and Feldjaeger bn 8 (NOTES.md)
    ("2m", "2nd Mountain Bde", "", "mtn", [("", ["70", "76", "101"]), ("FJB", ["8"])]),
    ("88ls", "88th Landesschuetzen Bde", "", "ldsch", [("1LS", ROMAN[:3]), ("2LS", ROMAN[:4])]),
    ("98ls", "98th Landesschuetzen Bde", "", "ldsch", [("3LS", ["I", "II", "III", "IV", "ILds"])]),
    ("44lw", "44th Landwehr Bde", "", "lw", [("1", ROMAN[:3]), ("2", ROMAN[:3])]),
    ("87lw", "87th Landwehr Bde", "", "lw", [("2", ROMAN[:3]), ("26", ROMAN[:3]), ("59", ["X"])]),
    ("67", "67th Infantry Bde", "", "inf", [("29", ROMAN[:3]), ("101", ROMAN[:4])]),
    ("68", "68th Infantry Bde", "", "inf", [("33", ROMAN[:3]), ("FJB", ["23", "28"])]),
    ("59", "59th Infantry Bde", "", "inf", [("24", ["I", "II"]), ("41", ROMAN[:4])]),
    ("86lw", "86th Landwehr Bde", "", "lw", [("20", ROMAN[:3]), ("22", ROMAN[:3])]),
    ("20", "20th Infantry Bde", "", "inf", [("18", ROMAN[:3]), ("98", ROMAN[:3]), ("FJB", ["12"])]),
    ("21", "21st Infantry Bde", "", "inf", [("15", ROMAN[:4]), ("55", ROMAN[:4])]),
]
AH_VALUES = {  # kind -> CF, MG, MA, morale, mountain (reconstructed)
    "mtn": (4, 2, 6, 4, True), "kj": (4, 3, 6, 5, True), "ldsch": (4, 2, 6, 4, True),
    "lw": (3, 2, 6, 3, False), "inf": (3, 2, 6, 4, False), "fjb": (3, 3, 6, 4, False),
}

# ---------------------------------------------------------------- artillery (rulebook set-ups)
# (id, name, side, corps, colour, type, bf, range_battery, range_moving, ma_moving, count)
ARTILLERY = [
    ("it_art_v_mtn", "V Corps mountain artillery", "IT", "V", "green", "mountain", 4, 8, 8, 8, 10),
    ("it_art_v_fld", "V Corps field artillery", "IT", "V", "green", "field", 5, 10, 10, 6, 10),
    ("it_art_v_hvy", "V Corps heavy artillery", "IT", "V", "green", "heavy", 8, 12, 12, 4, 4),
    ("it_art_37_mtn", "37th Division mountain artillery", "IT", "37 Div", "blue", "mountain", 5, 8, 8, 8, 1),
    # printed 5-10-0 / 0-8-6 in Sc 1 (kept as printed; NOTES.md)
    ("it_art_37_fld", "37th Division field artillery", "IT", "37 Div", "blue", "field", 5, 10, 8, 6, 1),
    ("it_art_1a_mtn", "1st Army (1A) mountain artillery", "IT", "1A", "blue", "mountain", 4, 8, 8, 8, 4),
    ("it_art_xiv_fld", "XIV Corps field artillery", "IT", "XIV", "red", "field", 5, 10, 10, 6, 2),
    ("it_art_x_fld", "X Corps field artillery", "IT", "X", "black", "field", 5, 10, 10, 6, 2),
    ("ah_art_viii_mtn", "VIII Corps mountain artillery", "AH", "VIII", "red", "mountain", 4, 8, 8, 8, 4),
    ("ah_art_viii_fld", "VIII Corps field artillery", "AH", "VIII", "red", "field", 5, 10, 10, 6, 4),
    ("ah_art_viii_hvy", "VIII Corps heavy artillery", "AH", "VIII", "red", "heavy", 8, 12, 12, 4, 2),
    ("ah_art_xx_mtn", "XX Corps mountain artillery", "AH", "XX", "black", "mountain", 4, 8, 8, 8, 10),
    ("ah_art_xx_fld", "XX Corps field artillery", "AH", "XX", "black", "field", 5, 10, 10, 6, 5),
    ("ah_art_xx_hvy", "XX Corps heavy artillery", "AH", "XX", "black", "heavy", 10, 12, 12, 4, 2),
    ("ah_art_iii_mtn", "III Corps mountain artillery", "AH", "III", "green", "mountain", 4, 8, 8, 8, 12),
    ("ah_art_iii_fld", "III Corps field artillery", "AH", "III", "green", "field", 5, 10, 10, 6, 7),
    ("ah_art_iii_hvy", "III Corps heavy artillery", "AH", "III", "green", "heavy", 9, 12, 12, 4, 3),
]

# ---------------------------------------------------------------- fortresses (names/hexes: rulebook)
# (id, name, side, hex, bf, range, trench level, morale, cf, mg) - values reconstructed
FORTS = [
    ("it_fort_campomolon", "Campomolon", "IT", "3129", 0, 0, 2, 3, 1, 1),
    ("it_fort_verena", "Verena", "IT", "4246", 6, 12, 3, 4, 2, 2),
    ("it_fort_campolongo", "Campolongo", "IT", "3544", 6, 12, 3, 4, 2, 2),
    ("it_fort_corbin", "Corbin", "IT", "2443", 4, 10, 2, 4, 1, 2),
    ("it_fort_casa_ratti", "Casa Ratti", "IT", "2740", 4, 10, 2, 4, 1, 2),
    ("ah_fort_serrada", "Serrada", "AH", "3615", 6, 12, 3, 5, 2, 3),
    ("ah_fort_sommo", "Sommo", "AH", "3318", 6, 12, 3, 5, 2, 3),
    ("ah_fort_cherle", "Cherle", "AH", "3926", 6, 12, 3, 5, 2, 3),
    ("ah_fort_belvedere", "Gschwendt-Belvedere", "AH", "4032", 6, 12, 3, 5, 2, 3),
]

MARKERS = [  # (id, name, count) - counts reconstructed (the rulebook states none)
    ("m_assault", "Assault", 30), ("m_activated", "Activated", 20), ("m_act", "Act", 40),
    ("m_def_fired", "Def Fired", 40), ("m_act_def_fired", "Act & Def Fired", 20),
    ("m_out_of_command", "Out of Command", 20), ("m_dp1", "Disorganization 1", 40),
    ("m_dp2", "Disorganization 2", 30), ("m_dp3", "Disorganization 3", 20),
    ("m_dp4", "Disorganization 4", 10), ("m_trench1", "Trench Level 1", 200),
    ("m_trench2", "Trench Level 2", 20), ("m_trench3", "Trench Level 3", 10),
    ("m_trench_destroyed", "Trench destroyed (white)", 10), ("m_game_turn", "Game Turn", 1),
    ("m_lp_it", "Italian LP", 2), ("m_lp_ah", "Austro-Hungarian LP", 2),
    ("m_russian_success", "Russian Success in Galicia", 1), ("m_control_ah", "AH control", 40),
]

HEADER = ["id", "name", "kind", "side", "nationality", "unit_type", "size", "symbol", "count:int", "back",
          "f0", "f0.cf:int", "f0.mg:int", "f0.ma:int", "f0.morale:int", "f0.bf:int", "f0.range:int",
          "f0.tl:int", "f0.initiative:int", "f0.radius:int",
          "f1", "f1.cf:int", "f1.mg:int", "f1.ma:int", "f1.morale:int", "f1.bf:int", "f1.range:int",
          "brigade", "regiment", "battalion", "corps", "mountain:bool", "independent:bool",
          "attached", "hex", "values"]


def reduced(cf, mg):
    return max(1, (cf + 1) // 2), max(0, mg - 1)


def infantry(pid, name, side, utype, brigade, regiment, bn, cf, mg, ma, morale, mountain,
             independent=False, attached="", values="reconstructed", corps=""):
    rcf, rmg = reduced(cf, mg)
    return {"id": pid, "name": name, "kind": "unit", "side": side, "nationality": side,
            "unit_type": utype, "size": "battalion", "symbol": utype, "count:int": 1,
            "f0": "full", "f0.cf:int": cf, "f0.mg:int": mg, "f0.ma:int": ma, "f0.morale:int": morale,
            "f1": "reduced", "f1.cf:int": rcf, "f1.mg:int": rmg, "f1.ma:int": ma, "f1.morale:int": morale,
            "brigade": brigade, "regiment": regiment, "battalion": bn, "corps": corps,
            "mountain:bool": "true" if mountain else "false",
            "independent:bool": "true" if independent else "false", "attached": attached,
            "values": values}


def slug(s: str) -> str:
    return "".join(ch.lower() if ch.isalnum() else "_" for ch in s).strip("_").replace("__", "_")


def main() -> None:
    rows = []
    # Italian brigades
    for brig, regs in IT_BRIGADES:
        b = slug(brig)
        cf, mg, ma, mo = ELITE_IT.get(brig, LINE_IT)
        rows.append({"id": f"it_hq_{b}", "name": f"Brigata {brig} HQ", "kind": "hq", "side": "IT",
                     "nationality": "IT", "unit_type": "hq", "size": "brigade", "symbol": "hq",
                     "count:int": 1, "f0": "ready", "f0.initiative:int": 3, "f0.radius:int": 3,
                     "f1": "activated", "brigade": b, "values": "reconstructed"})
        for reg in regs:
            for bn in ROMAN[:3]:
                rows.append(infantry(f"it_{b}_{reg}_{bn.lower()}", f"{reg}/{bn} ({brig})", "IT",
                                     "infantry", b, str(reg), bn, cf, mg, ma, mo, False))
    # Italian independents
    for name in ALPINI:
        cf, mg, ma = ALPINI_GIVEN.get(name, (4, 2, 6))
        rows.append(infantry(f"it_alp_{slug(name)}", f"Alpini {name}", "IT", "mountain_infantry", "",
                             "", name, cf, mg, ma, 4, True, independent=True,
                             values="rulebook (CF-MG-MA), morale reconstructed" if name in ALPINI_GIVEN
                             else "reconstructed"))
    for bn, kind in BERSAGLIERI:
        utype = "bersaglieri_bicycle" if kind == "Ciclisti" else "bersaglieri"
        regiment = kind.split()[0] if kind.endswith("Rgt") else ""
        rows.append(infantry(f"it_bers_{slug(bn)}" + ("_cicl" if kind == "Ciclisti" else ""),
                             f"Bersaglieri {'Ciclisti ' if kind == 'Ciclisti' else ''}{bn}"
                             + (f" ({kind})" if regiment else ""), "IT", utype, "", regiment, bn,
                             3, 2, 6, 4, False, independent=True))
    for att, n in MT.items():
        row = infantry(f"it_mt_{slug(att)}", f"Milizia Territoriale ({att})", "IT", "militia", "", "",
                       "", 1, 0, 6, 2, False, independent=True, attached=att)
        row["count:int"] = n
        rows.append(row)
    for values, cf, mg, ma, n in RGF:
        row = infantry(f"it_rgf_{values.replace('-', '')}", f"Regia Guardia di Finanza {values}", "IT",
                       "finance_guard", "", "", "", cf, mg, ma, 3, False, independent=True,
                       values="rulebook (CF-MG-MA), morale reconstructed")
        row["count:int"] = n
        rows.append(row)
    # AH brigades
    for bid, bname, corps, kind, regs in AH_BRIGADES:
        hq_ini = 4 if kind in ("mtn", "kj") else 3
        rows.append({"id": f"ah_hq_{bid}", "name": f"{bname} HQ", "kind": "hq", "side": "AH",
                     "nationality": "AH", "unit_type": "hq", "size": "brigade", "symbol": "hq",
                     "count:int": 1, "f0": "ready", "f0.initiative:int": hq_ini, "f0.radius:int": 4,
                     "f1": "activated", "brigade": bid, "corps": corps, "values": "reconstructed"})
        for reg, bns in regs:
            k = "fjb" if reg == "FJB" else kind
            cf, mg, ma, mo, mtn = AH_VALUES[k]
            if kind == "mtn":
                mtn = True
            utype = {"mtn": "mountain_infantry", "kj": "mountain_infantry", "ldsch": "mountain_infantry",
                     "lw": "landwehr", "inf": "infantry", "fjb": "jaeger"}[k if k != "fjb" else "fjb"]
            if kind == "mtn":
                utype = "mountain_infantry"
            for bn in bns:
                label = f"{bn}" if not reg else (f"FJB {bn}" if reg == "FJB" else f"{bn}/{reg}")
                pid = f"ah_{bid}_{slug(reg) + '_' if reg else ''}{slug(bn)}"
                rows.append(infantry(pid, f"{label} ({bname})", "AH", utype, bid, reg, bn, cf, mg, ma,
                                     mo, mtn, corps=corps))
    # artillery
    for pid, name, side, corps, colour, atype, bf, rb, rm, ma, n in ARTILLERY:
        rows.append({"id": pid, "name": name, "kind": "unit", "side": side, "nationality": side,
                     "unit_type": "artillery", "size": atype, "symbol": f"artillery_{atype}",
                     "count:int": n, "f0": "moving", "f0.bf:int": 0, "f0.range:int": rm, "f0.ma:int": ma,
                     "f1": "in_battery", "f1.bf:int": bf, "f1.range:int": rb, "f1.ma:int": 0,
                     "corps": corps, "independent:bool": "true", "attached": colour,
                     "values": "rulebook (scenario set-ups)"})
    for pid, name, side, hx, bf, rng, tl, mo, cf, mg in FORTS:
        rows.append({"id": pid, "name": f"Fortress {name}", "kind": "fort", "side": side, "nationality": side,
                     "unit_type": "fortress", "size": "fortress", "symbol": "fort", "count:int": 1,
                     "f0": "front", "f0.bf:int": bf, "f0.range:int": rng, "f0.tl:int": tl,
                     "f0.morale:int": mo, "f0.cf:int": cf, "f0.mg:int": mg, "f0.ma:int": 0,
                     "independent:bool": "true", "hex": hx, "values": "name and hex rulebook; factors reconstructed"})
    for pid, name, n in MARKERS:
        rows.append({"id": pid, "name": name, "kind": "marker", "symbol": name, "count:int": n,
                     "f0": "front", "values": "count reconstructed"})

    ids = [r["id"] for r in rows]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, dup
    with open(os.path.join(MOD, "pieces.csv"), "w", newline="", encoding="utf-8") as f:
        f.write("# Strafexpedition 1916 counter mix: generated by authoring/build_pieces.py\n")
        w = csv.DictWriter(f, fieldnames=HEADER, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in HEADER})
    print(len(rows), "piece types,", sum(int(r["count:int"]) for r in rows), "counters")


if __name__ == "__main__":
    main()
