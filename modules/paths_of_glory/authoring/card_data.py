"""Paths of Glory strategy cards (130), authored for wartable from the rulebook's card list
(digest shared/rules/paths_of_glory.md §4.15-4.17) in our own short words.

Line format: ``number | deck | name | ops | sr | flags | event``
deck: MOB, LW, TW (optional cards say OPT-MOB, OPT-LW, OPT-TW).
flags: ``cc`` (combat card), ``rm`` (asterisk: removed when played as an event), ``ws<n>`` (War
Status number), ``eo`` (event also gives OPS, yellow stripe), ``eoh`` (event also gives OPS in
the Historical scenario, 5.7.4 #7), ``once`` (CC usable in one combat per turn), ``rec``
(card text missing from the rulebook: reconstructed), ``rp=<text>`` (RP box differing from the
OPS/SR pattern the rulebook's list shows).
RP boxes follow the rulebook's pattern by OPS/SR value (digest §4.15) unless ``rp=`` is given.
"""

AP_RP = {(2, 2): "BR 1 FR 1 RU 1", (3, 4): "BR 1 FR 1 IT 1 RU 2",
         (4, 4): "A 1 BR 2 FR 2 IT 1 RU 3", (5, 5): "A 1 BR 3 FR 3 IT 2 RU 4"}
CP_RP = {(2, 2): "GE 1", (3, 4): "AH 1 GE 2 TU 1", (4, 4): "AH 2 BU 1 GE 3 TU 1",
         (5, 5): "AH 3 BU 1 GE 4 TU 2"}

AP_CARDS = """
1|MOB|British Reinforcements|4|4|rm ws1|BR 2nd Army and 1 BR corps arrive. Not playable on turn 1.
2|MOB|Blockade|4|4|rm ws2|From now on the VP level drops by 1 in the War Status Phase of every Winter turn.
3|MOB|Russian Reinforcements|3|4|rm|RU 11th Army and 1 RU corps arrive.
4|MOB|Pleve|2|2|cc rm|One Russian attack or defence gets +1 drm.
5|MOB|Putnik|2|2|cc|Playable only in 1914 and 1915: a Serbian attack or defence gets +1 drm (attack or defence, once per Action Round).
6|MOB|Withdrawal|2|2|cc rm|The defender cancels one corps step loss (or, if none, one army step loss) and must then retreat one space; full-strength attackers may advance (12.6).
7|MOB|Severe Weather|2|2|cc rm|Defenders in a mountain space in Fall or Winter, or in a swamp space in Spring or Fall, get +2 drm.
8|MOB|Russian Reinforcements|2|2|rm|2 RU corps arrive.
9|MOB|Moltke|3|4|rm|Only in August or September 1914: until Falkenhayn is played, CP activation in Belgium and France costs 1 OPS per unit, and every unit in an activated space must be paid for.
10|MOB|French Reinforcements|3|4|rm|FR 10th Army arrives.
11|MOB|Russian Reinforcements|3|4|rm|RU 9th and 10th Armies arrive.
12|MOB|Entrench|3|4|rm|Put a level-1 trench in a space holding a supplied friendly army; from now on both sides may dig trenches. Only one player may ever play Entrench as an event.
13|MOB|Rape of Belgium|4|4|rm ws2|Only after Guns of August, and only while the Allied commitment is still Mobilization: -1 VP.
14|MOB|British Reinforcements|4|4|rm ws1|BR 1st Army and 1 BR corps arrive. Not playable on turn 1.
15|LW|British Reinforcements|3|4|rm|BR 4th Army and 1 BR corps arrive.
16|LW|Romania|5|5|rm ws1|Neutral entry: Romania joins the Allies. Not playable after Fall of the Tsar.
17|LW|Italy|5|5|rm ws2 rp=A 1 BR 3 FR 3 RU 4|Neutral entry: Italy joins the Allies. While it is unplayed after the Allies reach Total War, +1 VP every War Status Phase.
18|LW|Hurricane Barrage|2|2|cc|A British attack gets +1 drm (ANA, AUS, CND and PT do not count as British).
19|LW|Air Superiority|2|2|cc|A British or French attack gets +1 drm (ANA, AUS, CND and PT do not count as British).
20|LW|British Reinforcements|2|2|rm|The AUS corps and the CND corps arrive.
21|LW|Phosgene Gas|2|2|cc rm|A French attack gets +1 drm.
22|LW|Italian Reinforcements|3|4|rm|Only once Italy is at war: IT 5th Army arrives.
23|LW|Cloak and Dagger|2|2|rm eo|Look at every card in the CP hand, then conduct operations with this card.
24|LW|French Reinforcements|3|4|rm|FR 7th Army arrives.
25|LW|Russian Reinforcements|3|4|rm|RU 6th and 7th Armies and 2 RU corps arrive.
26|LW|Lusitania|3|4|rm ws2|Only after Blockade and before Zimmermann Telegram: -1 VP.
27|LW|The Great Retreat|3|4|rm ws1|This turn Russian units that are attacked may fall back one space instead of fighting (announced before flank attempts and cards); full-strength attackers may advance. Forts and non-Russian units there are still attacked; cancelled attacks still count for MOs.
28|LW|Landships|4|4|rm eoh|Makes Royal Tank Corps playable.
29|LW|Yudenitch|4|4|rm|Place the RU CAU Army in any supplied space in Russia or on the Near East map, even before Turkey enters the war.
30|LW|Salonika|4|4|rm ws1|Strategically redeploy 1 to 3 British or French corps (from Allied ports or the Reserve Box) to Salonika only; this counts as an SR play. The neutral Greek units are placed. Playable after Greek entry if Salonika is Allied.
31|LW|MEF|4|4|rm ws1|Only if Turkey is at war and before Salonika: place the BR MEF Army and the beachhead marker in an MEF space (9.5.3.5).
32|LW|Russian Reinforcements|2|2|rm|RU 12th Army arrives.
33|LW|Grand Fleet|2|2|rm|Playable as an event only as the Allied action right after High Seas Fleet: that card is cancelled.
34|LW|British Reinforcements|3|4|rm|BR 3rd Army and 2 BR corps arrive.
35|TW|Yanks and Tanks|4|4|rm eo|Conduct operations with this card; every combat involving a US unit this Action Round gets +2 drm.
36|TW|Mine Attack|2|2|cc once|A British attack on an entrenched CP defender gets +1 drm; one combat per turn (ANA, AUS, CND and PT do not count as British).
37|TW|Independent Air Force|2|2|rm ws1|Walter Rathenau's extra German RP are cancelled, or prevented, for the rest of the game.
38|TW|US Reinforcements|2|2|rm|Only after Over There: 1 US corps arrives.
39|TW|They Shall Not Pass|2|2|cc|A losing defence in a French fort space holding a French unit does not retreat; the card stays in play until the Allies lose a combat.
40|TW|14 Points|2|2|rm|Only after Zimmermann Telegram: for the rest of the game only the Allies may offer Peace Terms. -1 VP.
41|TW|Arab Northern Army|3|4|rm|Only if Turkey is at war: place the BR ANA corps in Arabia.
42|TW|British Reinforcements|3|4|rm|BR 5th Army, 1 BR corps and the PT corps arrive.
43|TW|US Reinforcements|3|4|rm|Only after Over There: US 1st Army and 2 US corps arrive.
44|TW|Greece|3|4|rm ws1|Neutral entry: Greece joins the Allies. Does not prevent MEF or Salonika.
45|TW|Kerensky Offensive|3|4|rm eo|Only after Fall of the Tsar and before Bolshevik Revolution: conduct operations with this card; one Russian attack on a space with AH, BU or TU units gets +2 drm (announced before defensive cards).
46|TW|Brusilov Offensive|4|4|rm ws2 eo|Conduct operations with this card: every Russian attack this Action Round gets +1 drm, and one Russian attack on non-German CP units only ignores all trench effects (announced before the flank step).
47|TW|US Reinforcements|4|4|rm|Only after Over There: US 2nd Army and 1 US corps arrive.
48|TW|Royal Tank Corps|4|4|cc once|Only after Landships: a British attack on a clear space in France, Belgium or Germany ignores trench column shifts (not their effect on flank attacks, Fortified Machine Guns or retreat cancelling); one combat per turn.
49|TW|Sinai Pipeline|4|4|rm|Allied units no longer suffer the -3 drm for attacking from Sinai (the summer desert rule still applies); place the marker in Sinai. Makes Allenby playable.
50|TW|Allenby|4|4|rm ws1|Only after Sinai Pipeline: place the BR NE Army in Alexandria (9.5.3.4).
51|TW|Everyone Into Battle|4|4|rm ws1|Only after Blucher, Michael or Peace Offensive: for the rest of the turn Allied units in Italy, France and Belgium activate as one nationality (12.1.11 still applies).
52|TW|Convoy|4|4|rm|Only after U-Boats Unleashed: its effects end. -1 VP.
53|TW|Army of the Orient|5|5|rm|Place the FR Army of the Orient in Salonika if the Allies control it, within stacking limits (9.5.3.4).
54|TW|Zimmermann Telegram|5|5|rm ws2 eoh|Only when the US Entry marker is in its Zimmermann Telegram Allowed box: the US joins the Allies. -1 VP. Over There becomes playable in a later turn.
55|TW|Over There|5|5|rm eoh|In any turn after Zimmermann Telegram: US reinforcement cards become playable and every Allied RP play also yields 1 US RP.
56|OPT-MOB|Paris Taxis|2|2|rm|1 extra RP, spent at once to flip a reduced French army in or next to Paris to full strength (not to rebuild eliminated units).
57|OPT-MOB|Russian Cavalry|3|4|rm|Place the two RU cavalry corps in spaces in Russia holding a supplied RU army, within stacking limits. They may not operate in the Near East nor replace an eliminated RU army.
58|OPT-LW|Russian Guards|2|2|cc rm|A Russian attack gets +1 drm.
59|OPT-LW|Alpine Troops|2|2|cc|An attack by Italian units only gets +1 drm.
60|OPT-LW|Czech Legion|3|4|rm rec|Reconstructed: the Czech Legion corps enters the Allied Reserve Box.
61|OPT-LW|Maude|4|4|cc rm rec|One attack made by British units that trace supply to Basra may fire on the Army Fire Table.
62|OPT-TW|The Sixtus Affair|2|2|rm ws1 rec|War Status card (War Status Table: 1, optional). Reconstructed effect: Austria-Hungary's secret peace feelers become known; no Austro-Hungarian unit may attack this turn.
63|OPT-TW|Backs to the Wall|3|4|cc rm rec|Reconstructed: only after Michael, Blucher or Peace Offensive, a British or French defence in France or Belgium gets +1 drm.
64|OPT-TW|USA Reinforcements|3|4|rm rec|Reconstructed: only after Over There, 1 further US corps arrives.
65|OPT-TW|Influenza|4|4|rm rec|Neither side may take replacement (RP) actions for the rest of this turn (effect as stated by the rulebook's Replacement Cost Table note; card values reconstructed).
"""

CP_CARDS = """
1|MOB|Guns of August|3|4|rm ws2|Only in the first Action Round of August 1914: the Liege fort is destroyed, GE 1st and 2nd Armies are placed in Liege, and GE 1st, 2nd and 3rd Armies are activated for combat.
2|MOB|Wireless Intercepts|2|2|cc rm|Played in the flank-attempt step: a flank attack with at least one German unit against a space holding only Russian units succeeds automatically.
3|MOB|Von Francois|2|2|cc|A German attack on Russian units (the space may hold other nationalities too) gets +1 drm.
4|MOB|Severe Weather|2|2|cc|Defenders in a mountain space in Fall or Winter, or in a swamp space in Spring or Fall, get +2 drm.
5|MOB|Landwehr|2|2|rm|2 extra RP, spent at once to flip supplied reduced German units to full strength (not to rebuild eliminated units). Not playable if Berlin is Allied-controlled or out of supply.
6|MOB|Entrench|3|4|rm|Put a level-1 trench in a space holding a supplied friendly army; from now on both sides may dig trenches. Only one player may ever play Entrench as an event.
7|MOB|German Reinforcements|3|4|rm|GE 9th Army arrives.
8|MOB|Race to the Sea|3|4|rm|CP units may now end movement in Ostend, Calais and Amiens. Still playable as an event once CP War Status is 4 or more.
9|MOB|Reichstag Truce|4|4|rm ws1|Not playable once the CP commitment is Total War: +1 VP.
10|MOB|Sud Army|3|4|rm|One AH unit and up to two German corps in one space may be activated together for 1 OPS (a different group each Action Round); a second AH unit or non-German corps makes it 2 OPS. 12.1.11 still applies.
11|MOB|Oberost|2|2|rm ws1|German units may now attack spaces holding Russian forts (they could always besiege them). Still playable for War Status later.
12|MOB|German Reinforcements|4|4|rm|GE 10th Army and 2 GE corps arrive.
13|MOB|Falkenhayn|4|4|rm ws2|In August and September 1914 only after Moltke; any time from Fall 1914. Cancels Moltke and makes Place of Execution playable.
14|MOB|Austria-Hungary Reinforcements|4|4|rm|AH 7th Army and 2 AH corps arrive.
15|LW|Chlorine Gas|2|2|cc rm|A German attack gets +1 drm.
16|LW|Liman von Sanders|2|2|cc rm|A Turkish attack or defence gets +1 drm (the SN unit does not count).
17|LW|Mata Hari|2|2|rm eo|Look at every card in the Allied hand, then conduct operations with this card.
18|LW|Fortified Machine Guns|2|2|cc|An entrenched German defender gets +1 drm.
19|LW|Flamethrowers|2|2|cc rm|A German attack gets +1 drm.
20|LW|Austria-Hungary Reinforcements|3|4|rm|AH 10th Army arrives.
21|LW|German Reinforcements|3|4|rm|GE 11th Army and 1 GE corps arrive.
22|LW|German Reinforcements|3|4|rm rec|Reconstructed (card missing from the rulebook's list; the Reinforcement Table names its units): GE 12th Army and 1 GE corps arrive.
23|LW|Austria-Hungary Reinforcements|3|4|rm|AH 11th Army arrives.
24|LW|Libyan Revolt|3|4|rm|Only if no Allied unit is in Libya: place the SN corps in Libya. It is always in supply; spaces it converts are checked normally for attrition.
25|LW|High Seas Fleet|4|4|rm|+1 VP unless the Allies play Grand Fleet as their very next action.
26|LW|Place of Execution|4|4|cc rm ws1|Only after Falkenhayn and before H-L Take Command: a German attack on a space with an intact French fort gets +2 drm. May be played alone, for War Status, once every French fort is destroyed.
27|LW|Zeppelin Raids|4|4|rm ws1|The British lose 4 RP from this turn's total (not below zero).
28|LW|Tsar Takes Command|4|4|rm ws1 eoh|Only when the Russian Capitulation marker allows it: the marker advances (16.4).
29|LW|11th Army|2|2|rm|The GE 11th Army and any CP corps may stack and be activated for 1 OPS; a second CP army there makes it 2 OPS. Playable before the 11th Army enters or after it is permanently eliminated. 12.1.11 still applies.
30|LW|Alpenkorps|2|2|cc|A German attack into or from a mountain space gets +1 drm.
31|LW|Kemal|3|4|cc once|A defending Turkish unit (not SN) with CF 1 or more lets the defence fire on the Army Fire Table; one combat per turn.
32|LW|War in Africa|3|4|rm ws1|The Allied player chooses: permanently remove one full-strength BR corps (a reduced one if none is full; ANA, AUS, CND, BEF and PT excluded) from the map or the Reserve Box, or +1 VP.
33|LW|Walter Rathenau|5|5|rm ws2|Germany gets 1 extra RP in every turn's Replacement Phase. Still playable for War Status after Independent Air Force.
34|LW|Bulgaria|5|5|rm ws2 rp=AH 3 GE 4 TU 2|Neutral entry: Bulgaria joins the Central Powers.
35|TW|Mustard Gas|2|2|cc rm|A German attack gets +1 drm.
36|TW|U-Boats Unleashed|2|2|rm ws2|Only after H-L Take Command: the British lose 1 RP every turn and US Reinforcements cannot be played, until Convoy.
37|TW|Hoffmann|2|2|rm ws1|Only after H-L Take Command: +1 to every later CP Mandated Offensive roll.
38|TW|German Reinforcements|2|2|rm|2 GE corps arrive.
39|TW|German Reinforcements|2|2|rm|2 GE corps arrive.
40|TW|Air Superiority|3|4|cc|A German attack gets +1 drm.
41|TW|German Reinforcements|3|4|rm|GE 14th Army arrives.
42|TW|Turkish Reinforcements|3|4|rm|The TU Yilderim (YLD) Army arrives.
43|TW|Von Below|3|4|cc rm|A German attack on Italian units only ignores all trench effects.
44|TW|Von Hutier|3|4|cc rm|A German attack on a space holding Russian units fires first and ignores all trench effects (played before the flank step; no trench needed).
45|TW|Treaty of Brest-Litovsk|4|4|rm ws1|Only after Bolshevik Revolution: Russian units may no longer attack and CP units may not attack them (except Turks on the Near East map); the Campaign victory levels change (16.4.9).
46|TW|German Reinforcements|4|4|rm|GE 17th and 18th Armies arrive.
47|TW|French Mutiny|4|4|rm ws1|The Allied MO marker flips to French Mutiny: French MOs become mutinies, and a French unit not stacked with US units attacking in France, Belgium or Germany in such a turn costs +1 VP for that turn (7.1.8).
48|TW|Turkish Reinforcements|4|4|rm|The TU Army of Islam (AoI) arrives.
49|TW|Michael|4|4|cc rm ws1|Only after H-L Take Command: one German attack ignores all trench effects and gets +1 drm (played before the flank step; no trench needed).
50|TW|Blucher|4|4|cc rm|Only after H-L Take Command: one German attack ignores all trench effects (played before the flank step; no trench needed).
51|TW|Peace Offensive|4|4|cc rm|Only after H-L Take Command: one German attack ignores all trench effects; -1 VP if the attackers then do not advance into the space.
52|TW|Fall of the Tsar|5|5|rm eoh|Only when the Russian Capitulation marker allows it: +1 VP (+2 more if Romania is still neutral); combat activation with Russian units costs 1 OPS per Russian unit; Russian units may no longer move between the Caucasus and the Near East (SR still allowed).
53|TW|Bolshevik Revolution|5|5|rm eoh|Only when the Russian Capitulation marker allows it: at most 1 Russian RP may be spent per turn and Russian MOs become None.
54|TW|H-L Take Command|5|5|rm ws2|Makes Michael, Blucher, Peace Offensive, Hoffmann and U-Boats Unleashed playable and Place of Execution unplayable; German MOs become None.
55|TW|Lloyd George|4|4|rm|Not after Michael, Blucher or Peace Offensive: this turn British units may not attack German units entrenched at level 2 (cancelled if one of those cards is played).
56|OPT-MOB|Withdrawal|2|2|cc rm|The defender cancels one corps step loss (or, if none, one army step loss) and must then retreat one space; full-strength attackers may advance (12.6).
57|OPT-MOB|Kaisertreu|3|4|cc rm|An Austro-Hungarian attack or defence gets +1 drm.
58|OPT-LW|Stavka Timidity|2|2||After Tsar Takes Command: this turn no Russian attack may target German units (only) that are entrenched. Reusable: discarded after use.
59|OPT-LW|Polish Restoration|3|4|rm|Only while the CP control Warsaw: -1 VP and the three Polish corps enter the CP Reserve Box (treated as German; not replaceable while Warsaw is Allied).
60|OPT-LW|Turk Determination|3|4|cc rm|A Turkish defender (not SN) in a space without a trench fights as if in a level-1 trench for this combat.
61|OPT-LW|Haig|4|4|rm|This turn entrenched German units in France, Belgium or Germany may ignore retreat results of attacks that include British units. No effect after Michael, Blucher or Peace Offensive.
62|OPT-TW|Achtung: Panzer|2|2|cc rm|A German attack on a clear space gets +1 drm.
63|OPT-TW|Russian Desertions|3|4|rm|Not after Fall of the Tsar: the CP player reduces four Russian units that are at full strength.
64|OPT-TW|Alberich|3|4|cc rm|Not if Royal Tank Corps or Yanks and Tanks is played: one Allied attack in France or Belgium is cancelled and any Allied combat card counts as not played (the attack still counts for MOs).
65|OPT-TW|Prince Max|4|4|rm ws3|Not after turn 16: War Status +3.
"""
