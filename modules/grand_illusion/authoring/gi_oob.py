"""Grand Illusion counter mix: units, HQs, forts, heavy artillery, markers and VP chits.

Inputs: the rulebook (counter anatomy 2.4, fort list 9.5, units named in examples and rules,
counts of PD units, alpine units, HA, VP chits and optional units) and the historical order of
battle of the Western Front in August 1914 (army assignments and assembly areas of 14-19 August,
reinforcement dates). The real counters print each unit's values and set-up or entry hex; the
rulebook does not reproduce them, so every unit value, set-up hex and entry turn below is
RECONSTRUCTED unless ``src`` cites the rulebook. How values were chosen:

* corps: German active 5-2 (DG 3-1), the rulebook's sample counter (VIII, 2.4) and XIII (CS 5,
  battle example); Guard 6-2; reserve corps 4-2; French active corps 6-2 (DG 4-1): VI and XVIII
  are CS 6 in the battle example; the II Territorial group is CS 3 (battle example);
* divisions and brigades: 2 or 3 CS, DG one less; a CS in parentheses (defend only, 2.4) for
  fortress, territorial, Landwehr-style and naval second-line formations;
* cavalry divisions 2-3 (DG 1-1); every DG unit has MA 1 (2.4); HQs MA 4, reduced 2;
* German HA bombardment factors (Krupp 420 = 5, Skoda 305 = 4) reconstructed from how fast the
  Belgian and French forts fell in 1914;
* marker counts other than the VP chits (3.1.2) are reconstructed, and the Control marker count
  is chosen so that the whole mix totals the rulebook's 406 counters (2.3).
"""
from __future__ import annotations

R = "reconstructed: 1914 order of battle (assembly area 14-19 Aug 1914 or arrival date), values by type"


class Unit:
    def __init__(self, pid, name, nat, utype, size, cs, ma, dg=None, *, designation="",
                 army="", colour="", setup=None, turn=0, entry=None, stack=None,
                 defend_only=False, red_circle=False, alpine=False, optional=False, option="",
                 face=0, pd="", src=R, note="", **extra):
        self.id, self.name, self.nat, self.utype, self.size = pid, name, nat, utype, size
        self.cs, self.ma = cs, ma
        self.dg = (max(cs - 2, 1) if size == "corps" else max(cs - 1, 1)) if dg is None else dg
        self.designation, self.army, self.colour = designation or name, army, colour
        self.setup, self.turn, self.entry = setup, turn, entry
        self.stack = stack if stack is not None else (1.0 if size == "corps" else 0.5)
        self.defend_only, self.red_circle, self.alpine = defend_only, red_circle, alpine
        self.optional, self.option, self.face, self.pd = optional, option, face, pd
        self.src, self.note, self.extra = src, note, extra
        self.side = "german" if nat == "GE" else "allied"


UNITS: list[Unit] = []


def u(*a, **k):
    UNITS.append(Unit(*a, **k))


ROMAN = ("I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI XXII "
         "XXIII XXIV XXV XXVI XXVII").split()

# =============================================================================== French
FB, FC = "blue", "light_blue"
for hexno, army, corps in ((46, "5", "I III X XVIII"), (66, "4", "II XI XII XVII"),
                           (76, "3", "IV V VI"), (87, "2", "XX"), (97, "1", "VIII XIII XV XVI XXI"),
                           (104, "Alsace", "VII")):
    for c in corps.split():
        src = R
        if c in ("VI", "XVIII"):
            src = "rulebook §9.4.3 (battle example: CS 6); set-up hex reconstructed"
        elif c == "VIII":
            src = "rulebook §9.4.3 (battle example: French VIII Corps exists); values reconstructed"
        u(f"FR-{c}", f"French {c} Corps", "FR", "infantry", "corps", 6, 2, designation=c,
          army=army, colour=FB, setup=hexno, src=src)
u("FR-COL", "French Colonial Corps", "FR", "infantry", "corps", 6, 2, designation="COL",
  army="4", colour=FC, setup=66)
u("FR-XIV", "French XIV Corps (alpine)", "FR", "infantry", "corps", 6, 2, designation="XIV",
  army="1", colour=FB, setup=98, alpine=True,
  src="rulebook §9.3.1 b (alpine, yellow triangle); values and set-up reconstructed")
u("FR-IXm", "French IX Corps (-)", "FR", "infantry", "corps", 3, 2, 2, designation="IX (-)",
  army="4", colour=FB, turn=2, entry="66", stack=0.5, removed_at_pd=True,
  src="rulebook errata 1 (enters turn 2 at hex 66, counts as a division); §8.4.9 f; values reconstructed")
u("FR-IX-PD", "French IX Corps PD", "FR", "infantry", "corps", 6, 2, designation="IX PD",
  army="9", colour=FB, setup="box-paris-in-danger", pd="IX",
  src="rulebook §8.4.9 f (full-strength IX Corps PD); values reconstructed")
u("FR-71RD", "French 71st Reserve Division PD", "FR", "infantry", "division", 2, 2,
  designation="71 R", army="6", colour=FB, setup="box-paris-in-danger", pd="19",
  src="rulebook §8.4.9 e (71st R Division placed as printed); printed hex reconstructed as 19")
u("FR-45", "French 45th Division PD", "FR", "infantry", "division", 3, 2, designation="45",
  army="6", colour=FC, setup="box-paris-in-danger", pd="R",
  src="rulebook §8.4.9 d (two units in the PD box); identity reconstructed")
u("FR-61RD", "French 61st Reserve Division PD", "FR", "infantry", "division", 2, 2,
  designation="61 R", army="6", colour=FB, setup="box-paris-in-danger", pd="R",
  src="rulebook §8.4.9 d (two units in the PD box); identity reconstructed")
for hexno, army, divs in ((46, "5", "51 53 69"), (76, "3", "54 55 56"), (87, "2", "59 68 70"),
                          (104, "Alsace", "58 63 66")):
    for d in divs.split():
        u(f"FR-{d}RD", f"French {d}th Reserve Division", "FR", "infantry", "division", 2, 2,
          designation=f"{d} R", army=army, colour=FB, setup=hexno)
for hexno, army, d in ((76, "3", "72"), (87, "2", "73"), (104, "Alsace", "57")):
    u(f"FR-{d}FR", f"French {d}th Reserve Division (fortress)", "FR", "infantry", "division",
      2, 1, 1, designation=f"{d} FR", army=army, colour=FB, setup=hexno, defend_only=True)
u("FR-44", "French 44th Division", "FR", "infantry", "division", 3, 2, designation="44",
  army="Alsace", colour=FB, setup=104)
u("FR-CA", "French Chasseurs Alpins Brigade", "FR", "infantry", "brigade", 2, 2,
  designation="Chasseurs Alpins", army="1", colour=FB, setup=98, alpine=True,
  src="rulebook §9.3.1 b (alpine brigade, yellow triangle); values and set-up reconstructed")
u("FR-TG1", "French I Territorial Group", "FR", "infantry", "corps", 3, 2, 2,
  designation="I T", army="T", colour=FB, setup=34)
u("FR-TG2", "French II Territorial Group", "FR", "infantry", "corps", 3, 2, 2,
  designation="II T", army="T", colour=FB, setup=35,
  src="rulebook §9.4.3 (battle example: II Territorial group CS 3, came from hex 35); DG value and set-up reconstructed")
for hexno, army, cavs in ((54, "Sordet", "1 3 5"), (66, "4", "4 9"), (76, "3", "7"), (87, "2", "2"),
                          (97, "1", "6 10"), (104, "Alsace", "8")):
    for c in cavs.split():
        u(f"FR-{c}C", f"French {c} Cavalry Division", "FR", "cavalry", "division", 2, 3, 1,
          designation=f"{c} C", army=army, colour=FB, setup=hexno,
          src=("rulebook §13.1 (Allied cavalry divisions in 54); values reconstructed" if hexno == 54 else R))
# French reinforcements (turn, id, name, size, cs, ma, dg, designation, colour, extra)
for turn, d, name, cs, ma, colour, do in ((2, "37", "37th Division", 3, 2, FC, False),
                                          (2, "38", "38th Division", 3, 2, FC, False),
                                          (3, "M", "Moroccan Division", 3, 2, FC, False),
                                          (3, "62RD", "62nd Reserve Division", 2, 2, FB, False),
                                          (4, "52RD", "52nd Reserve Division", 2, 2, FB, False),
                                          (4, "60RD", "60th Reserve Division", 2, 2, FB, False),
                                          (5, "67RD", "67th Reserve Division", 2, 2, FB, False),
                                          (7, "92DT", "92nd Territorial Division", 2, 2, FB, True),
                                          (11, "87DT", "87th Territorial Division", 2, 2, FB, True),
                                          (11, "89DT", "89th Territorial Division", 2, 2, FB, True)):
    des = d.replace("RD", " R").replace("DT", " T")
    u(f"FR-{d}", f"French {name}", "FR", "infantry", "division", cs, ma, designation=des,
      colour=colour, turn=turn, entry="?", defend_only=do)
u("FR-MAR", "French Marine Brigade", "FR", "infantry", "brigade", 2, 2, designation="Marine",
  colour=FB, turn=10, entry="?", src="rulebook §13.3 a 3 (Marine Brigade, turn 10); values reconstructed")
# French HQs
for hexno, army, name in ((97, "1", "1st Army (Dubail)"), (87, "2", "2nd Army (Castelnau)"),
                          (76, "3", "3rd Army (Ruffey)"), (66, "4", "4th Army (de Langle)"),
                          (46, "5", "5th Army (Lanrezac)")):
    src = "rulebook §13.1 (French 5th Army in 46); HQ values reconstructed" if army == "5" else R
    u(f"FR-HQ{army}", f"French {name} HQ", "FR", "hq", "army", 0, 4, 2, designation=army,
      army=army, colour=FB, setup=hexno, stack=0.0, src=src)
u("FR-HQALS", "French Army of Alsace HQ", "FR", "hq", "army", 0, 4, 2, designation="Alsace",
  army="Alsace", colour=FB, setup=104, stack=0.0, removed_at_pd=True,
  src="rulebook §8.4.9 c (HQ Alsace removed at Paris in Danger); values and set-up reconstructed")
for turn, army, name in ((3, "6", "6th Army (Maunoury)"), (3, "9", "9th Army (Foch)"),
                         (9, "10", "10th Army (de Maud'huy)"), (11, "8", "8th Army (d'Urbal)")):
    u(f"FR-HQ{army}", f"French {name} HQ", "FR", "hq", "army", 0, 4, 2, designation=army,
      army=army, colour=FB, turn=turn, entry="?", stack=0.0)
# French optional (orange stripe, Scenario 3)
u("FR-XXII", "French XXII Corps (optional)", "FR", "infantry", "corps", 5, 2, designation="XXII",
  colour=FB, turn=3, entry="?", optional=True, option="allied_2",
  src="rulebook §13.3 a 2 (optional XXII Corps, turn 3); values reconstructed")
u("FR-XXIII", "French XXIII Corps (optional)", "FR", "infantry", "corps", 5, 2, designation="XXIII",
  colour=FB, turn=3, entry="?", optional=True, option="allied_2",
  src="rulebook §13.3 a 2 (optional XXIII Corps, turn 3); values reconstructed")
for d in ("1", "10"):
    u(f"FR-{d}COL", f"French {'1st' if d == '1' else '10th'} Colonial Division (optional)", "FR",
      "infantry", "division", 3, 2, designation=f"{d} COL", colour=FC, turn=8, entry="?",
      optional=True, option="allied_3",
      src="rulebook §13.3 a 3 (optional 1st and 10th Colonial Divisions, turn 8); values reconstructed")

# =============================================================================== British
BK, BN = "khaki", "brown"
ORD = {"1": "1st", "2": "2nd", "3": "3rd", "5": "5th"}
for d in ("1", "2", "3", "5"):
    u(f"BR-{d}", f"British {ORD[d]} Division", "BR", "infantry", "division", 3, 2,
      designation=d, army="BEF", colour=BK, setup=45, red_circle=True,
      src="rulebook §3.1.1/§13.1 (BEF set-up hex 45, red circle §2.4); values reconstructed")
u("BR-C", "British Cavalry Division (Allenby)", "BR", "cavalry", "division", 3, 3, 2,
  designation="Cav", army="BEF", colour=BK, setup=45, red_circle=True,
  src="rulebook §12.4 (Allenby's cavalry with the BEF); values reconstructed")
u("BR-HQ", "British Expeditionary Force HQ (French)", "BR", "hq", "army", 0, 4, 2,
  designation="BEF", army="BEF", colour=BK, setup=45, stack=0.0)
u("BR-4", "British 4th Division", "BR", "infantry", "division", 3, 2, designation="4",
  army="BEF", colour=BK, turn=2, entry="45", red_circle=True)
u("BR-19", "British 19th Brigade", "BR", "infantry", "brigade", 2, 2, designation="19",
  army="BEF", colour=BK, turn=2, entry="?", red_circle=True)
u("BR-6", "British 6th Division", "BR", "infantry", "division", 3, 2, designation="6",
  army="BEF", colour=BK, turn=5, entry="?", red_circle=True)
u("BR-2C", "British 2nd Cavalry Division", "BR", "cavalry", "division", 2, 3, 1,
  designation="2 Cav", army="BEF", colour=BK, turn=6, entry="?", red_circle=True)
u("BR-RN", "British Royal Naval Division", "BR", "infantry", "division", 2, 2, 1,
  designation="RN", army="BEF", colour=BK, turn=9, entry="?", red_circle=True,
  defend_only=True, coastal_entry=True,
  src="rulebook §12.3 (RN Division, any friendly coastal hex; Antwerp supplies it); turn and values reconstructed")
u("BR-7", "British 7th Division", "BR", "infantry", "division", 3, 2, designation="7",
  army="BEF", colour=BK, turn=10, entry="?", red_circle=True, coastal_entry=True,
  src="rulebook §12.3, §13.3 a 3 (7th Division, turn 10, any friendly coastal hex); values reconstructed")
u("BR-3C", "British 3rd Cavalry Division", "BR", "cavalry", "division", 2, 3, 1,
  designation="3 Cav", army="BEF", colour=BK, turn=10, entry="?", red_circle=True,
  src="rulebook §13.3 a 3 (3rd Cavalry Division, turn 10); values reconstructed")
u("BR-3IN", "British 3rd (Lahore) Indian Division", "BR", "infantry", "division", 3, 2,
  designation="3 Ind", army="BEF", colour=BN, turn=13, entry="?", red_circle=True,
  src="rulebook §13.3 a 3 (3rd Indian Division, turn 13); values reconstructed")
u("BR-7IN", "British 7th (Meerut) Indian Division", "BR", "infantry", "division", 3, 2,
  designation="7 Ind", army="BEF", colour=BN, turn=13, entry="?", red_circle=True,
  src="rulebook §13.3 a 3 (7th Indian Division, turn 13); values reconstructed")
u("BR-1INC", "British 1st Indian Cavalry Division", "BR", "cavalry", "division", 2, 3, 1,
  designation="1 Ind Cav", army="BEF", colour=BN, turn=15, entry="?", red_circle=True)
u("BR-8", "British 8th Division (optional)", "BR", "infantry", "division", 3, 2, designation="8",
  army="BEF", colour=BK, turn=10, entry="?", red_circle=True, optional=True, option="allied_3",
  src="rulebook §13.3 a 3 (optional 8th Division, turn 10); values reconstructed")
u("BR-SEC", "British Secunderabad Cavalry Brigade (optional)", "BR", "cavalry", "brigade", 1, 3,
  1, designation="Secunderabad", army="BEF", colour=BN, turn=13, entry="?", red_circle=True,
  optional=True, option="allied_3",
  src="rulebook §13.3 a 3 (optional Secunderabad Cavalry Brigade, turn 13); values reconstructed")

# =============================================================================== Belgian
BG = "green"
u("BE-I", "Belgian I Corps", "BE", "infantry", "corps", 4, 2, designation="I", army="BE",
  colour=BG, setup=62, red_circle=True,
  src="rulebook §13.1 (Belgian army in 62), §13.3 a 5 (I Corps), §12.2 (red circle); values reconstructed")
u("BE-II", "Belgian II Corps", "BE", "infantry", "corps", 4, 2, designation="II", army="BE",
  colour=BG, setup=62, red_circle=True,
  src="rulebook §13.1 (Belgian army in 62), §13.3 a 5 (II Corps), §12.2 (red circle); values reconstructed")
u("BE-3", "Belgian 3rd Division", "BE", "infantry", "division", 2, 2, designation="3",
  army="BE", colour=BG, setup=62, face=1, red_circle=True,
  src="rulebook §13.3 a 5 (3rd Division); starts Disorganized (3.1.1 allows it) after Liege: reconstructed")
u("BE-4", "Belgian 4th Division", "BE", "infantry", "division", 2, 2, designation="4",
  army="BE", colour=BG, setup=64, red_circle=True,
  src="rulebook §12.6 (4th Division at Namur); values reconstructed")
u("BE-C", "Belgian Cavalry Division", "BE", "cavalry", "division", 1, 3, 1, designation="Cav",
  army="BE", colour=BG, setup=62,
  src="rulebook §13.3 a 5 implies Belgian cavalry; values reconstructed")
u("BE-HQ", "Belgian Army HQ", "BE", "hq", "army", 0, 4, 2, designation="BE", army="BE",
  colour=BG, setup=62, stack=0.0,
  src="rulebook §13.3 a 5 implies a Belgian HQ; values reconstructed")
for pid, name, size, cs, des in (("BE-I-O", "Belgian I Corps (optional)", "corps", 5, "I"),
                                 ("BE-II-O", "Belgian II Corps (optional)", "corps", 5, "II"),
                                 ("BE-3-O", "Belgian 3rd Division (optional)", "division", 3, "3")):
    u(pid, name, "BE", "infantry", size, cs, 2, designation=des, army="BE", colour=BG, setup=62,
      red_circle=True, optional=True, option="allied_5", replaces=pid[:-2],
      src="rulebook §13.3 a 5 (orange-stripe I, II Corps and 3rd Division); values reconstructed")

# =============================================================================== German
GG, GB = "grey", "dark_grey"
GERMAN_START = (
    (72, "1", "II III IV IX", "III IV"),
    (73, "2", "GD VII X", "GD VII X"),
    (83, "3", "XI XII XIX", "XII"),
    (84, "4", "VI VIII XVIII", "VIII XVIII"),
    (85, "5", "V XIII XVI", "V VI"),
    (96, "6", "IB IIB IIIB XXI", "IB"),
    (105, "7", "XV", ""),
    (106, "7", "XIV", "XIV"),
)


def _des(c):
    return "Gd" if c == "GD" else (c[:-1] + " B" if c.endswith("B") and c != "B" else c)


for hexno, army, active, reserve in GERMAN_START:
    for c in active.split():
        bav = c.endswith("B")
        cs = 6 if c == "GD" else 5
        src = R
        if c == "VIII":
            src = "rulebook §2.4 (sample counter VIII 5-2, DG 3-1, set-up hex 84)"
        elif c == "XIII":
            src = "rulebook §9.4.3 (battle example: XIII Corps CS 5); set-up reconstructed"
        elif c == "XVI":
            src = "rulebook §9.4.3 (battle example: XVI Corps exists); values reconstructed"
        u(f"GE-{c}", f"German {_des(c)} Corps", "GE", "infantry", "corps", cs, 2,
          designation=_des(c), army=army, colour=GB if bav else GG, setup=hexno, src=src)
    for c in reserve.split():
        bav = c.endswith("B")
        des = _des(c) + " R" if c != "GD" else "Gd R"
        u(f"GE-{c}R", f"German {des} Corps", "GE", "infantry", "corps", 4, 2, designation=des,
          army=army, colour=GB if bav else GG, setup=hexno)
u("GE-33FR", "German 33rd Reserve Division (Metz)", "GE", "infantry", "division", 2, 1, 1,
  designation="33 FR", army="5", colour=GG, setup=86, defend_only=True)
u("GE-30FR", "German 30th Reserve Division (Strasbourg)", "GE", "infantry", "division", 2, 1, 1,
  designation="30 FR", army="7", colour=GG, setup=105, defend_only=True)
u("GE-OR", "German Upper Rhine Observation Corps", "GE", "infantry", "corps", 3, 2, 2,
  designation="OR", army="7", colour=GG, setup=107, defend_only=True,
  src="rulebook §2.7 (OR = Corpo di Osservazione dell'Alto Reno: a corps, so it stacks as a "
      "corps, 8.4.6, and counts as a corps for 9.1.1 c, 9.5.2 and 9.5.3); values 3-2 / DG 2-1, "
      "CS in parentheses, and set-up hex reconstructed (no public source prints the counter)")
for hexno, army, cavs in ((72, "1", "2 4 9"), (73, "2", "GD 5"), (85, "5", "3 6"),
                          (96, "6", "7 8 B")):
    for c in cavs.split():
        des = {"GD": "Gd C", "B": "B C"}.get(c, f"{c} C")
        u(f"GE-{c}C", f"German {des} Cavalry Division".replace(" C Cavalry", " Cavalry"),
          "GE", "cavalry", "division", 2, 3, 1, designation=des, army=army,
          colour=GB if c == "B" else GG, setup=hexno)
for e in ("GD", "4", "8", "10", "19", "B"):
    des = {"GD": "Gd E", "B": "B E"}.get(e, f"{e} E")
    u(f"GE-{e}E", f"German {des} (Ersatz) Division", "GE", "infantry", "division", 2, 2,
      designation=des, army="6", colour=GB if e == "B" else GG, turn=2, entry="?")
u("GE-IXR", "German IX R Corps", "GE", "infantry", "corps", 4, 2, designation="IX R",
  army="1", colour=GG, turn=3, entry="81")
u("GE-N", "German Naval Division", "GE", "infantry", "division", 2, 2, designation="N",
  colour=GG, turn=3, entry="81",
  src="rulebook §13.3 b 5 (Naval Division, turn 3); entry hex and values reconstructed")
u("GE-ILW", "German I LW Corps", "GE", "infantry", "corps", 3, 2, 2, designation="I LW",
  colour=GG, turn=5, entry="81",
  src="rulebook §13.3 b 5 (I LW Corps, turn 5); entry hex and values reconstructed")
for c in ("XXII", "XXIII", "XXIV", "XXVI", "XXVII"):
    u(f"GE-{c}R", f"German {c} R Corps", "GE", "infantry", "corps", 4, 2, designation=f"{c} R",
      army="4", colour=GG, turn=12, entry="81")
u("GE-6BR", "German 6th Bavarian Reserve Division", "GE", "infantry", "division", 2, 2,
  designation="6 B R", army="6", colour=GB, turn=12, entry="81")
# German HQs
for hexno, army, name in ((72, "1", "1st Army (von Kluck)"), (73, "2", "2nd Army (von Bulow)"),
                          (83, "3", "3rd Army (von Hausen)"), (84, "4", "4th Army (Albrecht)"),
                          (85, "5", "5th Army (Crown Prince Wilhelm)"),
                          (96, "6", "6th Army (Rupprecht)"), (105, "7", "7th Army (von Heeringen)")):
    src = ("rulebook §7.3 (1st, 2nd and 3rd Army HQs); values and set-up reconstructed"
           if army in "123" else R)
    u(f"GE-HQ{army}", f"German {name} HQ", "GE", "hq", "army", 0, 4, 2, designation=army,
      army=army, colour=GB if army == "6" else GG, setup=hexno, stack=0.0, src=src)
u("GE-HQNORD", "German HQ Nord", "GE", "hq", "army", 0, 4, 2, designation="Nord", army="Nord",
  colour=GG, turn=5, entry="81", stack=0.0,
  src="rulebook §13.3 b 5 (HQ Nord, turn 5); entry hex and values reconstructed")
u("GE-HQDET", "German Detachment HQ", "GE", "hq", "army", 0, 4, 2, designation="Det",
  army="Det", colour=GG, turn=6, entry="?", stack=0.0,
  src="rulebook §13.1 (Det HQ, turn 6 variable reinforcement); values reconstructed")
# German heavy siege artillery
u("GE-HA420", "German HA Krupp 420 mm", "GE", "artillery", "", 0, 1, 1, designation="420",
  colour=GG, setup=73, stack=0.0, bombard=5,
  src="rulebook §9.5.4 (Krupp 420 mm exists, MA 1, FIRED back); bombardment factor and set-up reconstructed")
u("GE-HA305", "German HA Skoda 305 mm", "GE", "artillery", "", 0, 1, 1, designation="305",
  colour=GG, setup=73, stack=0.0, bombard=4,
  src="rulebook §9.5.4 (Skoda 305 mm exists, MA 1, FIRED back); bombardment factor and set-up reconstructed")
u("GE-HA-O1", "German HA Krupp 420 mm, 2nd battery (optional)", "GE", "artillery", "", 0, 1, 1,
  designation="420 (2)", colour=GG, turn=5, entry="?", stack=0.0, bombard=5, optional=True,
  option="german_2", src="rulebook §13.3 b 2 (two optional HA, turn 5); identity and values reconstructed")
u("GE-HA-O2", "German HA Beta 305 mm (optional)", "GE", "artillery", "", 0, 1, 1,
  designation="305 Beta", colour=GG, turn=5, entry="?", stack=0.0, bombard=4, optional=True,
  option="german_2", src="rulebook §13.3 b 2 (two optional HA, turn 5); identity and values reconstructed")
u("FR-HA-O", "French HA Rimailho 155 mm (optional)", "FR", "artillery", "", 0, 1, 1,
  designation="155 R", colour=FB, turn=2, entry="?", stack=0.0, bombard=4, optional=True,
  option="allied_2", src="rulebook §13.3 a 2 (optional French HA, turn 2); identity and values reconstructed")
# German optional: 5 infantry corps and the 9th Army HQ (More Troops)
for c, cs in (("I", 5), ("XVII", 5), ("XX", 5), ("IR", 4), ("XVIIR", 4)):
    des = c[:-1] + " R" if c.endswith("R") else c
    u(f"GE-O-{c}", f"German {des} Corps (optional)", "GE", "infantry", "corps", cs, 2,
      designation=des, army="9", colour=GG, turn=1, entry="?", optional=True, option="german_4",
      src="rulebook §13.3 b 4 (five optional infantry corps, turn 1); identities and values reconstructed")
u("GE-HQ9", "German 9th Army HQ (optional)", "GE", "hq", "army", 0, 4, 2, designation="9",
  army="9", colour=GG, turn=1, entry="?", stack=0.0, optional=True, option="german_4",
  src="rulebook §13.3 b 4 (optional 9th Army HQ, turn 1); values reconstructed")


# =============================================================================== forts
class Fort:
    def __init__(self, pid, name, nat, hexno, front, back, bd=0, r=None, r_bd=None,
                 garrison=False, optional=False, option="", src="", replaces=""):
        self.id, self.name, self.nat, self.hex = pid, name, nat, hexno
        self.front, self.back, self.bd = front, back, bd
        self.r = r                 # (front, back) of the R counter, or None
        self.r_bd = bd if r_bd is None else r_bd
        self.garrison, self.optional, self.option = garrison, optional, option
        self.src, self.replaces = src, replaces
        self.side = "german" if nat == "GE" else "allied"


F95 = "rulebook §9.5 (fort list [@errata])"
FG = "; garrisoned per §9.5.2 and the appendix garrison table"
FORTS = [
    Fort("FT-VERSAILLES", "Versailles", "FR", 10, 2, 1, src=F95),
    Fort("FT-PARIS", "Paris", "FR", 19, 5, 4, r=(2, 1), src=F95),
    Fort("FT-HAZEBROUCK", "Hazebrouck", "FR", 24, 3, 2, optional=True, option="allied_2",
         src=F95 + " (optional, orange stripe)"),
    Fort("FT-LILLE", "Lille", "FR", 34, 3, 2, optional=True, option="allied_2",
         src=F95 + " (optional, orange stripe)"),
    Fort("FT-MAUBEUGE", "Maubeuge", "FR", 54, 5, 4, bd=2, r=(3, 2), r_bd=1, garrison=True,
         src=F95 + FG + " (the table's hex 45 is taken as 54)"),
    Fort("FT-VERDUN67", "Verdun (hex 67)", "FR", 67, 5, 4, bd=2, r=(3, 2), garrison=True,
         src=F95 + FG + " (name as printed)"),
    Fort("FT-VERDUN", "Verdun", "FR", 76, 5, 4, bd=3, r=(3, 2), garrison=True, src=F95 + FG),
    Fort("FT-STMIHIEL", "St Mihiel", "FR", 77, 4, 3, r=(2, 1), src=F95),
    Fort("FT-LANGRES", "Langres", "FR", 79, 4, 3, r=(2, 1), src=F95),
    Fort("FT-NANCY", "Nancy", "FR", 87, 4, 3, bd=1, r=(2, 1), src=F95),
    Fort("FT-TOUL", "Toul", "FR", 87, 5, 4, bd=2, r=(3, 2), garrison=True, src=F95 + FG),
    Fort("FT-EPINAL-A", "Epinal (A)", "FR", 98, 4, 3, r=(2, 1), src=F95),
    Fort("FT-EPINAL-B", "Epinal (B)", "FR", 98, 5, 4, bd=2, r=(3, 2), garrison=True, src=F95 + FG),
    Fort("FT-BELFORT", "Belfort", "FR", 104, 5, 4, bd=2, r=(3, 2), garrison=True,
         src=F95 + FG + " (hex 104 from the garrison table)"),
    Fort("FT-ANTWERP", "Antwerp", "BE", 52, 5, 4, r=(3, 2),
         src=F95 + " (5, replaced by 3 R); back values 4 and 2 reconstructed"),
    Fort("FT-ANTWERP-O", "Antwerp (optional)", "BE", 52, 5, 4, bd=1, r=(3, 2), garrison=True,
         optional=True, option="allied_5", replaces="FT-ANTWERP",
         src=F95 + " (orange stripe 5 [+1], replaced by 3 [+1]); back values reconstructed; garrisoned per the appendix table"),
    Fort("FT-NAMUR", "Namur", "BE", 64, 3, 2, bd=1,
         src=F95 + " (3 [+1], no replacement counter); back value 2 reconstructed"),
    Fort("FT-LIEGE-O", "Liege (optional)", "BE", 72, 4, 3, bd=0, r=(2, 1), r_bd=1, optional=True,
         option="allied_5", src=F95 + " (orange stripe 4, replaced by 2 [+1]); back values reconstructed"),
    Fort("FT-METZ", "Metz", "GE", 86, 5, 4, r=(3, 2), garrison=True,
         src=F95 + " (Metz 5, replaced by Metz 3 R)" + FG + "; back values reconstructed"),
    Fort("FT-TRIER", "Trier", "GE", 94, 3, 2,
         src=F95 + " (Trier 3, no replacement counter); back value reconstructed"),
    Fort("FT-STRASBOURG", "Strasbourg", "GE", 105, 5, 4, r=(3, 2),
         src=F95 + " (Strasbourg 5, replaced by Strasbourg 3 R); back values reconstructed"),
]


# =============================================================================== markers, chits
class Marker:
    def __init__(self, pid, name, count, faces, side="", kind="marker", symbol="", back="",
                 src="", **attrs):
        self.id, self.name, self.count, self.faces = pid, name, count, faces
        self.side, self.kind, self.symbol, self.back = side, kind, symbol, back
        self.src, self.attrs = src, attrs


MR = "reconstructed: marker count (the rulebook names the marker, not how many are printed)"
MARKERS = [
    Marker("M-TURN", "Turn", 1, ["Turn"], symbol="Turn", src="rulebook §2.8, §3.1.3"),
    Marker("M-CAP-AL", "Allied CAP Remaining", 1, ["CAP"], side="allied", symbol="CAP",
           src="rulebook §2.8, §3.1.3"),
    Marker("M-CAP-GE", "German CAP Remaining", 1, ["CAP"], side="german", symbol="CAP",
           src="rulebook §2.8, §3.1.3"),
    Marker("M-VP-GE", "German VP Total", 1, ["VP"], side="german", symbol="VP",
           src="rulebook §2.8, §3.1.3"),
    Marker("M-VP-P17", "Plan 17 VP Total", 1, ["VP"], side="allied", symbol="P17",
           src="rulebook §2.8, §3.1.3"),
    Marker("M-MB-AL", "Allied Mandated Battles", 1, ["MB"], side="allied", symbol="MB",
           src="rulebook §2.8, §3.1.3, §13.1"),
    Marker("M-MB-GE", "German Mandated Battles", 1, ["MB"], side="german", symbol="MB",
           src="rulebook §2.8, §3.1.3, §13.1"),
    Marker("M-EAST", "East Front", 1, ["East Front"], side="german", symbol="East",
           src="rulebook §3.1.3, §7.3"),
    Marker("M-JOFFRE2", "Joffre II (roll on the Joffre II column)", 1, ["Joffre II"],
           side="allied", symbol="JII", src="rulebook §3.1.3, §8.7.2"),
    Marker("M-FALK", "Falkenhayn (roll on the Falkenhayn column)", 1, ["Falkenhayn"],
           side="german", symbol="Falk", src="rulebook §3.1.3, §8.7.3"),
    Marker("M-ENTR-OK", "No Entrenchments / Entrenchments Allowed", 1,
           ["No Entrenchments", "Entrenchments Allowed"], symbol="Entr",
           src="rulebook §8.7.3 and the General Retreat box"),
    Marker("M-RAILEND", "Rail Net Ends", 1, ["Rail Net Ends"], symbol="Rail",
           src="rulebook §3.1.3, §11.2.1 d"),
    Marker("M-EMERG", "German Emergency Rail Supply (hex 44)", 1, ["Emergency Supply 44"],
           side="german", symbol="Emerg", src="rulebook §11.2.1 c, errata 2"),
    Marker("M-AUTOVIC", "Allied Automatic Victory", 1, ["German controlled", "Allied controlled"],
           side="allied", symbol="AV", src="rulebook §3.1.2, §3.2.4"),
    Marker("M-PARISVP", "German Paris VP", 1, ["Allied controlled", "German 10 VP"],
           side="german", symbol="10", src="rulebook §3.1.2, §3.2.4", vp=10),
    Marker("M-HIT-AL", "Allied Hit", 6, ["Hit"], side="allied", symbol="Hit", src=MR),
    Marker("M-HIT-GE", "German Hit", 6, ["Hit"], side="german", symbol="Hit", src=MR),
    Marker("M-BM-TEM", "TEM", 1, ["TEM +1", "TEM +2"], symbol="TEM", src="rulebook §3.1.3, §9.2.1"),
    Marker("M-BM-ENTR", "Entrenched", 1, ["Entrenched +1", "Entrenched +2"], symbol="Ent",
           src="rulebook §3.1.3, §9.2.1"),
    Marker("M-BM-SKIRM", "Skirmish / Counterattack", 1, ["Skirmish", "Counterattack"],
           symbol="Sk", src="rulebook §3.1.3, §9.2.1"),
    Marker("M-BM-ROUT", "Routed / Attacker Surprise", 1, ["Routed", "Attacker Surprise"],
           symbol="Rt", src="rulebook §3.1.3, §9.2.1"),
    Marker("M-BM-CONC", "Concentric Attack", 1, ["Concentric -1", "Concentric -2"], symbol="Conc",
           src="rulebook §3.1.3, §9.2.3 b"),
    Marker("M-BM-FORT", "Defender Fort in Battle Hex", 1, ["Defender Fort"], symbol="Fort",
           src="rulebook §3.1.3, §9.3.2"),
    Marker("M-BM-P17", "Plan 17 Mandated Attack", 1, ["Plan 17 MB"], symbol="P17",
           src="rulebook §3.1.3, §9.3.5"),
    Marker("M-BATTLE", "Battle", 5, ["Battle"], symbol="Battle", src=MR),
    Marker("M-CONTROL", "Control (Allied circle / German cross)", 0, ["Allied", "German"],
           symbol="Ctrl", src=MR + "; count chosen so that the mix totals 406 (rulebook §2.3)"),
    Marker("M-CAVCTRL", "Cavalry Control", 10, ["Allied", "German"], symbol="CavCtrl",
           src=MR + " (rulebook §8.3.4)"),
    Marker("M-OOS", "Out of Supply", 16, ["OoS"], symbol="OoS", src=MR + " (rulebook §2.8)"),
    Marker("M-BESIEGED", "Besieged", 8, ["Besieged"], symbol="Sieg", src=MR + " (rulebook §2.8)"),
    Marker("M-ENTRENCH", "Entrenchment", 20, ["+1", "+2"], symbol="Trench",
           src=MR + " (rulebook §2.8: +1 on one side, +2 on the other)"),
    Marker("M-BLOCK", "Block", 18, ["Allied (blue)", "German (grey)"], symbol="Block",
           src=MR + " (rulebook §8.4.5 b: blue Allied side, grey German side)"),
    Marker("M-FORCE-FR", "French Force", 4, ["Force"], side="allied", symbol="Force",
           src=MR + " (rulebook §8.4.6 c)", nationality="FR"),
    Marker("M-FORCE-BR", "British Force", 2, ["Force"], side="allied", symbol="Force",
           src=MR + " (rulebook §8.4.6 c)", nationality="BR"),
    Marker("M-FORCE-BE", "Belgian Force", 1, ["Force"], side="allied", symbol="Force",
           src=MR + " (rulebook §8.4.6 c)", nationality="BE"),
    Marker("M-FORCE-GE", "German Force", 6, ["Force"], side="german", symbol="Force",
           src=MR + " (rulebook §8.4.6 c)", nationality="GE"),
]
#: VP chit values: NOT in the rulebook (3.1.2 "nobody must know"); reconstructed so that the
#: German total and the Plan 17 total can reach the 3.2.4 thresholds (6 VP and twice the enemy).
GERMAN_VP_CHITS = {1: 4, 2: 6, 3: 3, 4: 2}        # value -> number of chits (15, rulebook §3.1.2)
PLAN17_VP_CHITS = {1: 3, 2: 3, 3: 2}              # value -> number of chits (8, rulebook §3.1.2)
TOTAL_COUNTERS = 406                               # rulebook §2.3
