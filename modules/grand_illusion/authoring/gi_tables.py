"""Grand Illusion charts, from the rulebook appendix and rules text (cited per table).

Each entry: (id, title, rule, notes, row axis name, column axis name, header, rows). The
rulebook's printed charts were garbled by text extraction where noted; the rebuilt reading is
recorded in ``notes`` and in NOTES.md.
"""
from __future__ import annotations

import gi_oob as O  # noqa: E402  (the VP chit mix lives there, one place)

TABLES = []


def table(tid, title, rule, notes, rows_name, cols_name, header, rows):
    TABLES.append((tid, title, rule, notes, rows_name, cols_name, header, rows))


table("cap_table", "CAP Table", "5.1",
      "Exact (appendix). Extraction printed each row as 'Joffre JoffreII Moltke Falkenhayn roll'; "
      "read with the die roll last, every column rises with the roll and Falkenhayn tops at the CAP "
      "marker's maximum of 10. Used from turn 2 (turn 1: Allied 4, German 6; Scenario 3 rolls from "
      "turn 1). Joffre until the turn after the Allied General Retreat, then Joffre II; Moltke until "
      "the turn after the German General Retreat, then Falkenhayn. The CAP marker never exceeds 10.",
      "die", "column", ["die", "joffre", "joffre_ii", "moltke", "falkenhayn"],
      [[1, 4, 5, 5, 6], [2, 4, 6, 6, 7], [3, 4, 7, 7, 8], [4, 4, 8, 7, 9], [5, 5, 8, 8, 9],
       [6, 5, 9, 9, 10]])

table("cap_turn1", "Turn 1 CAP", "5.1.4", "Exact: no roll on turn 1 (Scenarios 1 and 2).",
      "side", "value", ["side", "cap"], [["allied", 4], ["german", 6]])

table("cap_costs", "CAP costs", "5.2", "Exact (5.2, 7.2, 9.7, 9.8.3, 10.1).", "action", "value",
      ["action", "cap", "rule"],
      [["activate a supplied hex (move and/or battle)", 1, "8.2"],
       ["replace an eliminated unit, back this turn", 2, "7.2"],
       ["replace an eliminated unit, back two turns later", 1, "7.2"],
       ["entrench a hex", 1, "9.7.2"],
       ["strategic movement, per unit", 1, "10.1"],
       ["remove Disorganization in one hex (max 2 hexes, then cede)", 1, "9.8.3"]])

FOW = [
    (2, "Rout", "-", "At the end of the battle the side with fewer non-Disorganized combat units (forts ignored) must retreat; on a tie nobody must, but the defender may. No effect if the battle hex is entrenched or is 102 or 103."),
    (3, "Cautious Attacker", "passes", "Cancel every battle not yet fought; the Initiative passes at once to the other player."),
    (4, "Skirmish", "-", "Forts, infantry and cavalry hit only on a 1; terrain and entrenchment do not apply (nor the defending fort's -1)."),
    (5, "German Staff", "-", "The German gains 1 CAP (the CAP marker never exceeds 10)."),
    (6, "Offensive a Outrance", "-", "Turns 1-4: attacking French Disorganized units must be put in the front line until every front-line defender is faced. After turn 4: an Allied Mandated Battle."),
    (7, "Defender's Tactical Advantage", "stays", "Only this battle is suspended. The defender may spend 1 CAP to cancel it and retreat out of the hex (no Mandated Battle credit), or 1 CAP to make it a Skirmish (which may still count as a Mandated Battle); otherwise it is fought. The Initiative stays with the roller unless this was his second consecutive activation."),
    (8, "Attacker Surprise", "-", "Ignore all terrain DRMs in this battle (entrenchment and fort DRMs still apply)."),
    (9, "Allied Staff", "-", "The Allied player gains 1 CAP (the CAP marker never exceeds 10)."),
    (10, "Counterattack", "passes", "The Initiative passes at once; the defender becomes the attacker in the battle hex at no CAP cost; terrain and entrenchment do not apply but the new attacker adds +1 to every roll."),
    (11, "Offensive a Outrance", "-", "Turns 1-4: as 6. After turn 4: a German Mandated Battle."),
    (12, "Rout", "-", "As 2."),
]
table("fortunes_of_war", "Fortunes of War (FoW) Table", "9.1.4",
      "Exact (appendix copy); 2d6 rolled by the attacker before every battle, after any HA "
      "bombardment. [@errata 9.1.1 a] A FoW Mandated Battle is ignored if the receiving side has 0 "
      "CAP or its Mandated Battle marker is on a space at or above its CAP remaining.",
      "roll", "column", ["roll", "event", "initiative", "effect"], [list(r) for r in FOW])

table("sea_retreat", "Sea Retreat Table", "9.4.5",
      "Exact (appendix copy; the copy in the rules body is garbled). 1d6 per Allied unit retreating "
      "into the sea; non-DG units are automatically Disorganized, DG units suffer nothing more. "
      "turns_ahead 0 = eliminated. Modified results below 1 or above 6 are not covered: treat as 1 and "
      "6 (inferred).",
      "die", "column", ["die", "result", "turns_ahead"],
      [[1, "Disorganized, 2 turns ahead", 2], [2, "Disorganized, 3 turns ahead", 3],
       [3, "Disorganized, 4 turns ahead", 4], [4, "Disorganized, 5 turns ahead", 5],
       [5, "Eliminated", 0], [6, "Eliminated", 0]])
table("sea_retreat_drm", "Sea Retreat DRMs", "9.4.5", "Exact (appendix).", "unit", "value",
      ["unit", "drm"], [["British", -1], ["French Territorial", 2], ["Belgian", 3]])

table("hex_entry", "Hex Entry Table", "8.4.4",
      "Exact (appendix 'Entrata negli esagoni'). Notes: (1) a friendly hex is uncontested even with "
      "a besieged enemy fort in it; (2) no leaving a contested hex across an enemy Block marker; (3) "
      "see the Exit table - never from one enemy-held occupied hex into another; (4) entering an "
      "empty enemy hex flips its control at once; (5) HQ, HA and DG units may enter an enemy-held "
      "occupied hex only in a group with non-DG combat units.",
      "case", "column", ["case", "control", "contested", "entry", "may_continue", "notes"],
      [[1, "friendly", "uncontested", "yes", "yes", "(1)"],
       [2, "friendly", "contested", "yes", "no", ""],
       [3, "enemy", "uncontested and empty", "yes / no", "yes", "(2) (4)"],
       [4, "enemy", "uncontested and occupied", "yes / no", "no", "(3) (5)"],
       [5, "enemy", "contested", "yes / no", "no", "(3)"]])
table("hex_exit", "Hex Exit Table", "8.4.4",
      "Exact (appendix 'Uscita dagli esagoni'). Notes: (1) no exit across an enemy Block marker; "
      "(2) an enemy Block marker can never sit on a hexside shared with a friendly-controlled hex.",
      "case", "column", ["case", "control", "contested", "entering", "exit", "notes"],
      [[1, "friendly", "uncontested", "any", "yes", ""],
       [2, "friendly", "contested", "any", "yes / no", "(1)"],
       [3, "enemy", "uncontested and empty", "any", "yes", ""],
       [4, "enemy", "contested", "enemy-controlled and occupied", "no", ""],
       [5, "enemy", "contested", "any friendly-occupied", "yes", "(2)"],
       [6, "enemy", "contested", "enemy-controlled, unoccupied", "yes / no", "(1)"]])

table("stacking", "Stacking limits", "8.4.6",
      "Exact. Per side per hex, counted in corps (a division or brigade is half a corps; the IX Corps "
      "(-) counts as a division, errata 1). HQs: any number (8.4.1 flip penalty). Forts and HA do not "
      "count. Limits apply only where movement or retreat ends.",
      "hex", "column", ["hex", "corps_per_side", "infantry_corps_per_side", "extra_div_or_bde",
                        "both_sides"],
      [["normal", 8, 6, 0, 16], ["102, 103 (Vosges)", "-", 3, 1, "-"]])
table("stacking_values", "Stacking value of each unit", "8.4.6",
      "Exact (8.4.6, errata 1, 9.5.4).", "unit", "value", ["unit", "corps"],
      [["corps", 1.0], ["division", 0.5], ["brigade", 0.5], ["IX Corps (-)", 0.5], ["HQ", 0.0],
       ["fort", 0.0], ["HA", 0.0]])

table("paris_in_danger", "Paris in Danger: effects", "8.4.9",
      "Exact (appendix box). 8.4.9 b says only 'move adjacent'; the box says 'enter or move "
      "adjacent'. No penalty is stated for failing to declare the General Retreat. Scenario 3: the "
      "General Retreat is not mandatory (13.3).",
      "item", "value", ["item", "text"],
      [["A", "From turn 3, the first time supplied German combat units enter or move next to a PD hex (9, 10, 18, 20, 28, 29) there is an Allied emergency: the Allies must declare a General Retreat that turn or the next."],
       ["B", "In the emergency turn the Allies may move one French infantry corps to Paris by Strategic Movement without spending a CAP."],
       ["C", "See 8.4.9 c-f: remove HQ Alsace; the two units in the PD box go to the next turn of the Turn Track; place the 71st R Division as printed; IX Corps PD replaces IX Corps (-), which leaves play."]])

table("general_retreat_allied", "General Retreat effects: Allied", "8.7.2",
      "Exact (appendix box).", "item", "value", ["item", "text"],
      [[1, "Put the Joffre II marker on the next turn of the Turn Track; roll on the Joffre II column from that turn."],
       [2, "All French and British (not Belgian) units on the map may move at normal MA, HQ effects included."],
       [3, "They are activated one hex at a time, without CAP."],
       [4, "They may enter only friendly-controlled uncontested hexes (no enemy units, no unbesieged enemy forts)."],
       [5, "No unit moves more than once."],
       [6, "Then the Initiative passes to the German, who starts his Action Segment."],
       [7, "Unfought Mandated Battles of turns 3 and 4 are cancelled without penalty."],
       [8, "Cost: 3 Plan 17 VP on turn 3, 2 VP from turn 4; applied at the end of the General Retreat."]])
table("general_retreat_german", "General Retreat effects: German", "8.7.3",
      "Exact (appendix box), except that the box prints '4 VP on turn 4; from turn 4 on, 3 VP': "
      "8.7.3 and 13.4 e give 3 VP from turn 5, used here.", "item", "value", ["item", "text"],
      [[1, "Put the Falkenhayn marker on the next turn of the Turn Track; roll on the Falkenhayn column from that turn."],
       [2, "Flip the No Entrenchments marker to Entrenchments Allowed."],
       [3, "All German and Bavarian units on the map may move at normal MA, HQ effects included."],
       [4, "They are activated one hex at a time, without CAP."],
       [5, "They may enter only friendly-controlled hexes without enemy units or forts (besieged enemy forts and garrisoning units ignored)."],
       [6, "No unit moves more than once."],
       [7, "Then the German may spend 1 CAP per hex to place +1 entrenchments in hexes with supplied German infantry, enemy present or not."],
       [8, "Then the Initiative passes to the Allied player."],
       [9, "Cost: 4 VP on turn 4, 3 VP from turn 5; applied at the end of the General Retreat."]])
table("general_retreat_cost", "General Retreat VP cost", "8.7.2",
      "Exact (8.7.2, 8.7.3, 13.4 d-e). No General Retreat on turns 1-2; the German may declare his "
      "only from the turn after the Allied one, so never before turn 4.",
      "turn", "column", ["turn", "allied", "german"],
      [[3, 3, "-"], [4, 2, 4], ["5+", 2, 3]])

table("allied_mandated_battles", "Allied Mandated Battles", "9.1.1",
      "Exact (appendix box). Items 5-6 are the Elan rule (9.3.5) for Allied Mandated Battles in Plan "
      "17 hexes on turns 1-4.", "item", "value", ["item", "text"],
      [[1, "The Turn Record Track gives the number of Allied Mandated Battles per turn."],
       [2, "Each Mandated Battle fought raises the Allied Plan 17 VP total by 1."],
       [3, "Each Mandated Battle not fought lowers the Allied Plan 17 VP total by 1."],
       [4, "FoW results 3, 7 and 10 count as no effect, so the battle is fought."],
       [5, "Each defending German unit applies a negative DRM equal to the battle hex's TEM (9.3.5)."],
       [6, "At the end of each Mandated Battle, if no Allied unit lost a step, the German removes a step from an Allied unit of his choice, an intact unit before a DG one (9.3.5)."]])
table("mandated_battles", "Mandated Battles per turn (Scenarios 1 and 3)", "13.1",
      "Exact (13.1 and the Turn Record Track). The Allied marker is set at the start of each of "
      "turns 1-4; the German marker at 1 at the start of each of turns 12-15 (Scenario 2 ends on "
      "turn 7).", "turn", "column", ["turn", "allied", "german"],
      [[t, {1: 1, 2: 2, 3: 1, 4: 1}.get(t, 0), 1 if t >= 12 else 0] for t in range(1, 16)])

table("vp_schedule", "Victory Points", "13.4",
      "Exact (13.4 a-i, 3.2, 13.2.2 c). Item a vs 13.1/9.1.1 e: the module keeps both readings in "
      "the text (see NOTES.md). Item i prints 'Scenario 2' for Scenario 3.",
      "item", "column", ["item", "scenarios", "side", "vp", "text"],
      [["a", "all", "allied", 1, "Turns 1-4: +1 per Mandated Battle fought (13.1: in a Plan 17 hex)."],
       ["b", "1 2", "allied", -1, "Turns 1-5: -1 per turn in which any British unit is in a Schlieffen hex at the end of the Action Phase (12.1)."],
       ["c", "1 2", "german", -2, "Turn 3: -2 if the East Front transfer is not made (7.3)."],
       ["d", "all", "allied", -3, "Allied General Retreat: -3 on turn 3, -2 on turn 4 or later."],
       ["e", "all", "german", -4, "German General Retreat: -4 on turn 4, -3 on turn 5 or later."],
       ["f", "all", "both", -1, "-1 per Mandated Battle not fought (not those cancelled by the Allied General Retreat)."],
       ["g", "all", "allied", "chit", "+ the Plan 17 chit drawn when a Plan 17 hex becomes Allied (86 and 105 double)."],
       ["h", "all", "german", "chit", "+ the German chit drawn for a controlled VP hex (76 and 87 double); Paris is worth 10."],
       ["i", "3", "both", "cost", "Scenario 3 strategic options cost VP (13.3)."],
       ["s2.maubeuge_namur", "2", "german", 3, "End of turn 7: 54 and 64 German-controlled and both forts eliminated."],
       ["s2.antwerp", "2", "german", 2, "End of turn 7: 52 still Allied but covered by two or more German corps (12.5.2)."],
       ["s2.french_corps", "2", "german", 3, "End of turn 5: seven or more French corps eliminated."],
       ["s2.british_steps", "2", "german", 3, "End of turn 5: six or more British steps eliminated."],
       ["start", "all", "allied", 3, "The Plan 17 VP total starts at 3 (Mulhouse liberated); the German total at 0."]])

table("vp_chits", "VP chit mix (values reconstructed)", "3.1.2",
      "The NUMBER of chits is rulebook (15 German, 8 Plan 17, 3.1.2; the Paris marker is worth 10, "
      "3.2.4). Their VALUES are not in the rulebook and are reconstructed (German 15 chits, sum "
      f"{sum(v * n for v, n in O.GERMAN_VP_CHITS.items())}; Plan 17 8 chits, sum "
      f"{sum(v * n for v, n in O.PLAN17_VP_CHITS.items())}) so that the 3.2.4 thresholds can be "
      "reached historically. The rules read the chit counters' vp_value; to change the values edit "
      "GERMAN_VP_CHITS / PLAN17_VP_CHITS in authoring/gi_oob.py and run authoring/make_module.py "
      "(this table is generated from them).",
      "value", "column", ["value", "german", "plan17"],
      [[v, O.GERMAN_VP_CHITS.get(v, 0), O.PLAN17_VP_CHITS.get(v, 0)]
       for v in sorted(set(O.GERMAN_VP_CHITS) | set(O.PLAN17_VP_CHITS))])

TURNS = [
    (1, "14-19 Aug", "-", "Allied (1 activation)", "All scenarios start. Allied: max 1 CAP for hexes 62, 45, 46; none in 66 and 76. No General Retreat. No Strategic Movement. 1 Allied Mandated Battle. The BEF fights alone. Allenby's cavalry.", "Fall of Liege; Plan 17 attack in Lorraine."),
    (2, "20-25 Aug", "G/A", "German", "No General Retreat. No Strategic Movement. 2 Allied Mandated Battles. The BEF fights alone. Allenby's cavalry.", "Fall of Namur; Lorraine attack repulsed; Battle of Mons; Ardennes attack repulsed; siege of Maubeuge begins."),
    (3, "26-31 Aug", "G/A", "German", "Limited German Strategic Movement. 1 Allied Mandated Battle. The BEF fights alone. German Emergency Supply. East Front troop transfer.", "Battle of Le Cateau."),
    (4, "1-6 Sep", "A", "roll", "Begin rolling for the Initiative. 1 Allied Mandated Battle. The BEF fights alone. German Emergency Supply. Limited German Strategic Movement.", "Allied General Retreat."),
    (5, "7-12 Sep", "G/A", "roll", "FoW 6 now becomes an Allied Mandated Battle, FoW 11 a German one. The BEF fights alone. German Emergency Supply. Remove the Rail Net Ends marker (hex 56) in the Supply Determination Phase.", "Battle of the Marne; German General Retreat; surrender of Maubeuge."),
    (6, "13-18 Sep", "G/A", "roll", "A German Det HQ may replace a German Army HQ (put the Army HQ one turn ahead on the track).", "First Battle of the Aisne."),
    (7, "19-24 Sep", "A (?)", "roll", "German combat units begin unrestricted entry into Schlieffen Plan hexes. End of Scenario 2.", ""),
    (8, "25-30 Sep", "A (?)", "roll", "Scenario 1: replacements bought with 1 CAP to enter two turns later enter Disorganized. 1 BEF infantry unit received at full strength as a replacement.", "First Battle of Albert; siege of Antwerp."),
    (9, "1-6 Oct", "A (?)", "roll", "Place and reveal the German VP markers (Scenarios 1 and 3).", "First Battle of Arras."),
    (10, "7-12 Oct", "A", "roll", "", "Fall of Antwerp."),
    (11, "13-18 Oct", "A (?)", "roll", "", "First Battle of the Yser."),
    (12, "19-24 Oct", "G", "roll", "Scenario 1: Disorganization recovery limit (fatigue). 1 German Mandated Attack. Replacements: 1 BEF unit + 1 BEF Disorganized (13.1 reads one BEF and one Belgian infantry unit).", "First Battle of Ypres."),
    (13, "25-30 Oct", "A", "roll", "Scenario 1: 1 German Mandated Attack.", ""),
    (14, "31 Oct-4 Nov", "-", "roll", "Scenario 1: 1 German Mandated Attack.", ""),
    (15, "5-11 Nov", "A", "roll", "Scenarios 1 and 3: 1 German Mandated Attack. End of Scenarios 1 and 3.", ""),
]
table("turn_record", "Turn Record Track", "4.0",
      "Rebuilt from the garbled appendix: dates and the turn 1-6 boxes are certain; turns 7-15 "
      "reinforcement labels (A = Allied, G = German) marked '(?)' cannot be placed with certainty "
      "(the extraction shows three 'Reinf. A' near turns 7-10, one 'Reinf. G' near turn 12, one "
      "'Reinf. A' near turn 15). 'history' = the italic historical notes. Also on the track: the "
      "Joffre II / Falkenhayn marker boxes (place the marker on the turn after the General Retreat).",
      "turn", "column", ["turn", "dates", "reinforcements", "initiative", "rules", "history"],
      [list(t) for t in TURNS])

table("combat_drm", "Combat die-roll modifiers", "9.3.1",
      "Exact (9.2.3 b, 9.3.1-9.3.5, 9.5.1, FoW). A hit when the modified d6 is at most the firer's "
      "CS; a natural 1 always hits, a natural 6 always misses.", "modifier", "column",
      ["modifier", "applies_to", "value", "rule"],
      [["terrain (TEM)", "attacker", "+1/+2", "9.3.1 b"],
       ["entrenchment", "attacker", "+1/+2", "9.7.2"],
       ["concentric attack", "attacker", "-1 (3-4 hexes) / -2 (5-6 hexes)", "9.2.3 b"],
       ["alpine (XIV Corps, Chasseurs Alpins in 102/103)", "attacker", "-1", "9.3.1 b"],
       ["counterattack", "counter-attacker, instead of all the above", "+1", "9.2.4"],
       ["defending fort in the battle hex", "defender (not in a Skirmish)", "-1", "9.5.1"],
       ["Elan: Allied Mandated Battle in a Plan 17 hex, turns 1-4", "defender", "-TEM", "9.3.5"],
       ["Skirmish", "everyone", "hit only on a 1", "FoW 4"],
       ["fort attacked by infantry", "attacker vs fort", "step lost only on an unmodified 1", "9.5.1"],
       ["HA bombardment", "HA roll", "+ fort bombardment number", "9.5.4"]])

table("retreat_priority", "Retreat priority", "9.4.3",
      "Exact order (9.4.3). Never across impassable or blocked hexsides; units that cannot retreat "
      "are eliminated; over-stacked units retreat one more hex and lose a step.", "priority",
      "value", ["priority", "hex"],
      [[1, "friendly-controlled, no enemy units"], [2, "friendly-controlled, with enemy units"],
       [3, "enemy-controlled, no enemy units"],
       [4, "enemy-controlled with enemy units and no Battle marker, only if supplied friendly units or unbesieged friendly forts are there"],
       [5, "enemy-controlled with non-DG enemy cavalry but no enemy infantry: one unit loses a step"]])

table("garrisoned_forts", "Garrisoned forts", "9.5.2",
      "Exact (appendix table) with the hex the module uses: the table prints Maubeuge in 45, every "
      "other reference gives 54.", "fort", "column", ["fort", "printed_hex", "hex"],
      [["Metz (both counters)", 86, 86], ["Maubeuge", 45, 54], ["Verdun (67)", 67, 67],
       ["Verdun (76)", 76, 76], ["Toul", 87, 87], ["Epinal", 98, 98], ["Belfort", 104, 104],
       ["Antwerp (Scenario 3 option)", 52, 52]])

table("initiative", "Initiative by turn", "6.0", "Exact (6.0; 13.3 rule 3 for Scenario 3).",
      "turns", "column", ["turns", "scenarios_1_2", "scenario_3"],
      [["1", "Allied, one activation", "roll, ties German"], ["2-3", "German", "roll, ties German"],
       ["4-15", "roll, ties German", "roll, ties German"]])

table("scenario3_options", "Scenario 3 strategic options", "13.3",
      "Exact (13.3 rule 4). Each player secretly writes 0-2 options; revealed after set-up; the "
      "Allies implement first; costs come off that side's VP total.", "option", "column",
      ["option", "side", "name", "vp_cost", "effect"],
      [["allied_1", "allied", "Free deployment", 2, "Reposition up to 5 French corps, 2 French cavalry divisions and 1 French HQ anywhere in France, within stacking."],
       ["allied_2", "allied", "Better use of resources", 1, "Lille (34) and Hazebrouck (24) forts at start; optional French HA on turn 2 (German forts in 86 get +1 bombardment defence); optional XXII and XXIII Corps on turn 3."],
       ["allied_3", "allied", "Empires in Arms", 2, "British 7th Division, 3rd Cavalry Division and French Marine Brigade turn 10 -> 7; 3rd and 7th Indian Divisions 13 -> 10; add French 1st and 10th Colonial Divisions (turn 8), British 8th Division (turn 10), Secunderabad Cavalry Brigade (turn 13); +1 Allied CAP per turn from turn 10."],
       ["allied_4", "allied", "Better sea control", 1, "Amphibious landings in any coastal hex; hold back up to 4 British infantry divisions and land them from turn 10; opposed landings roll 1d6 instead of FoW (1-2 surprise, 3-6 Elan); a landed named port is a British supply source."],
       ["allied_5", "allied", "Belgian preparation", 3, "Orange-stripe Belgian I, II Corps and 3rd Division; Belgian infantry, cavalry and HQ set up freely in Belgium; add the Liege fort (72) and the orange-stripe Antwerp fort; remove the German control marker from 72; the German first gets one activation for hex 72 only."],
       ["german_1", "german", "Free deployment", 3, "Reposition up to 8 German corps, 3 German cavalry divisions and 1 HQ anywhere German-controlled, within stacking."],
       ["german_2", "german", "More is better", 3, "The two optional HA enter on turn 5 as variable reinforcements."],
       ["german_3", "german", "Better logistics", 2, "German units may trace supply up to 2 hexes from a rail hex (counting the units' hex)."],
       ["german_4", "german", "More troops", 4, "Five optional infantry corps and the optional 9th Army HQ enter on turn 1 as variable reinforcements (or, with Invade Holland, on turn 2 as a group from 42, 52, 62 or 71 for 1 CAP); +1 German CAP per turn from their entry turn."],
       ["german_5", "german", "Invade Holland", 4, "Hexsides 42/52 and 71/81 become single red diamonds; 52 becomes a German supply source with a railway to the NE edge from turn 5 (or once German with its fort gone); reinforcements for 81 may enter at 52; remove the Naval Division (turn 3), I LW Corps and HQ Nord (turn 5); Antwerp may be besieged and becomes German once besieged; British 7th and RN Divisions may arrive in Allied 52 and British units there may use sea movement."]])
