"""The printed Paths of Glory Deluxe map, space by space and line by line: the expected facts.

Restated in this file's own structure from the public facts of the printed map
(shared/facts/pog_map_facts.md), and checked against a module by :func:`disagreements`. The
test ``test_paths_of_glory_printed_map.py`` runs it on the built module; ``python -m
tools.pog_map_check`` counts what any module source folder gets wrong.

SPACES, one row a space:
  id  map  nation  side  terrain  fort  vp  port  cap  sup  printed name
  map: E = the Europe map, N = the Near East map.  side: the side the space's colour shows.
  vp: a VP space as printed (the Deluxe map prints the Historical set, 5.7.2).  port: AP/CP =
  whose port.  cap: a capital.  sup: a supply source.  ``.`` = no.
LINES, one row per space: the spaces it joins that sort after it; ``x[RU]`` or ``x[ANA+TU]`` =
a restricted (dotted) line usable only by those nations.

Where the rulebook speaks and disagrees, the rulebook wins (RULEBOOK below, each cited); the
spaces of the nations neutral at the start begin neutral whatever their colour (NEUTRAL_AT_START).
"""
from __future__ import annotations

import re
import unicodedata

SPACES = """
aachen             E  GE    CP  clear     0  vp  .   .    .    Aachen
adana              N  TU    CP  mountain  0  .   .   .    .    Adana
adapazari          N  TU    CP  clear     0  .   .   .    .    Adapazari
adrianople         E  TU    CP  clear     0  .   .   .    .    Adrianople
ahwaz              N  PE    AP  clear     0  .   .   .    .    Ahwaz
aleppo             N  TU    CP  clear     0  .   .   .    .    Aleppo
alexandria         N  EG    AP  clear     0  vp  AP  .    .    Alexandria
amiens             E  FR    AP  clear     0  vp  .   .    .    Amiens
amman              N  TU    CP  clear     0  .   .   .    .    Amman
an_nasiriya        N  TU    CP  desert    0  .   .   .    .    An Nasiriya
ancona             E  IT    AP  clear     0  .   .   .    .    Ancona
ankara             N  TU    CP  mountain  0  .   .   .    .    Ankara
antwerp            E  BE    AP  clear     1  vp  .   .    .    Antwerp
aqaba              N  TU    CP  desert    1  .   .   .    .    Aqaba
arabia             N  AR    AP  desert    0  .   .   .    .    Arabia
asiago             E  IT    AP  clear     0  .   .   .    .    Asiago
athens             E  GR    AP  clear     0  .   AP  cap  .    Athens
augsburg           E  GE    CP  clear     0  .   .   .    .    Augsburg
avignon            E  FR    AP  clear     0  .   .   .    .    Avignon
baghdad            N  TU    CP  clear     0  vp  .   .    .    Baghdad
baku               N  RU    AP  clear     0  vp  .   .    .    Baku
balikesir          E  TU    CP  mountain  0  .   .   .    .    Balikesir
banja_luka         E  AH    CP  mountain  0  .   .   .    .    Banja Luka
bar_le_duc         E  FR    AP  clear     0  vp  .   .    .    Bar-le-Duc
baranovichi        E  RU    AP  forest    0  .   .   .    .    Baranovichi
barlad             E  RO    AP  clear     0  .   .   .    .    Barlad
basra              N  PE    AP  clear     1  vp  AP  .    .    Basra
batum              N  RU    AP  clear     0  .   .   .    .    Batum
beersheba          N  TU    CP  desert    2  .   .   .    .    Beersheba
beirut             N  TU    CP  clear     0  .   .   .    .    Beirut
belaya_tserkov     E  RU    AP  clear     0  .   .   .    .    Belaya Tserkov
belfort            E  FR    AP  mountain  2  .   .   .    .    Belfort
belgrade           E  SB    AP  clear     1  vp  .   cap  sup  Belgrade
berlin             E  GE    CP  clear     0  vp  .   cap  .    Berlin
bialystok          E  RU    AP  clear     0  .   .   .    .    Bialystok
bitlis             N  TU    CP  mountain  0  .   .   .    .    Bitlis
bologna            E  IT    AP  clear     0  vp  .   .    .    Bologna
bordeaux           E  FR    AP  clear     0  .   AP  .    .    Bordeaux
bremen             E  GE    CP  clear     0  .   .   .    .    Bremen
breslau            E  GE    CP  clear     2  vp  .   .    sup  Breslau
brest_litovsk      E  RU    AP  clear     1  .   .   .    .    Brest Litovsk
brunn              E  AH    CP  clear     0  .   .   .    .    Brun
brussels           E  BE    AP  clear     0  vp  .   .    .    Brussels
bucharest          E  RO    AP  clear     0  vp  .   cap  .    Bucharest
budapest           E  AH    CP  clear     0  vp  .   cap  .    Budapest
burgas             E  BU    CP  clear     0  .   .   .    .    Burgas
bursa              N  TU    CP  clear     0  .   .   .    .    Bursa
caen               E  FR    AP  clear     0  .   .   .    .    Caen
cairo              N  EG    AP  clear     0  vp  .   .    .    Cairo
calais             E  FR    AP  swamp     0  vp  AP  .    .    Calais
cambrai            E  FR    AP  clear     0  vp  .   .    .    Cambrai
cana_kale          E  TU    CP  clear     0  .   .   .    .    Cana Kale
caracal            E  RO    AP  clear     0  .   .   .    .    Caracal
carte_de_arges     E  RO    AP  mountain  0  .   .   .    .    Carte de Arges
caucasus           E  RU    AP  clear     0  .   .   .    sup  Caucasus
cetinje            E  MN    AP  mountain  0  .   .   cap  .    Cetinje
chateau_thierry    E  FR    AP  clear     0  .   .   .    .    Château-Thierry
cherbourg          E  FR    AP  clear     0  .   AP  .    .    Cherbourg
chernigov          E  RU    AP  clear     0  .   .   .    .    Chernigov
cluj               E  AH    CP  clear     0  vp  .   .    .    Cluj
constanta          E  RO    AP  clear     0  .   .   .    .    Constanta
constantinople     N  TU    CP  clear     0  vp  AP  cap  sup  Constantinople
cottbus            E  GE    CP  clear     0  .   .   .    .    Cottbus
cracow             E  AH    CP  clear     2  vp  .   .    .    Cracow
czernowitz         E  AH    CP  clear     0  vp  .   .    .    Czernowitz
czestochowa        E  RU    AP  clear     0  .   .   .    .    Czestochowa
damascus           N  TU    CP  clear     0  vp  .   .    .    Damascus
danzig             E  GE    CP  clear     2  vp  CP  .    .    Danzig
debrecen           E  AH    CP  clear     0  vp  .   .    .    Debrecen
dijon              E  FR    AP  clear     0  vp  .   .    .    Dijon
dilman             N  PE    AP  mountain  0  .   .   .    .    Dilman
diyarbakir         N  TU    CP  clear     0  .   .   .    .    Diyarbakir
dresden            E  GE    CP  clear     0  .   .   .    .    Dresden
dubno              E  RU    AP  clear     1  .   .   .    .    Dubno
dvinsk             E  RU    AP  clear     0  .   .   .    .    Dvinsk
eleskirt           N  TU    CP  clear     0  .   .   .    .    Eleskirt
elizabethpol       N  RU    AP  clear     0  .   .   .    .    Elizabethpol
erfurt             E  GE    CP  clear     0  .   .   .    .    Erfurt
erivan             N  RU    AP  mountain  0  .   .   .    .    Erivan
erzerum            N  TU    CP  mountain  1  .   .   .    .    Erzerum
erzincan           N  TU    CP  mountain  0  .   .   .    .    Erzingan
eskisehir          N  TU    CP  mountain  0  .   .   .    .    Eskidor
essen              E  GE    CP  clear     0  vp  .   .    sup  Essen
florence           E  IT    AP  clear     0  vp  .   .    .    Florence
florina            E  GR    AP  mountain  0  .   .   .    .    Florina
foggia             E  IT    AP  clear     0  .   .   .    .    Foggia
frankfurt          E  GE    CP  clear     0  vp  .   .    .    Frankfurt
galatz             E  RO    AP  clear     0  .   .   .    .    Galatz
gallipoli          E  TU    CP  mountain  0  .   .   .    .    Gallipoli
gaza               N  TU    CP  desert    2  .   .   .    .    Gaza
genoa              E  IT    AP  clear     0  vp  AP  .    .    Genoa
giresun            N  TU    CP  clear     0  .   .   .    .    Giresun
gomel              E  RU    AP  clear     0  .   .   .    .    Gomel
gorlice            E  AH    CP  mountain  0  .   .   .    .    Gorlice
graz               E  AH    CP  mountain  0  .   .   .    .    Graz
grenoble           E  FR    AP  mountain  0  .   .   .    .    Grenoble
grodno             E  RU    AP  forest    1  .   .   .    .    Grodno
grozny             N  RU    AP  mountain  0  .   .   .    .    Grozny
hamadan            N  PE    AP  mountain  0  .   .   .    .    Hamadan
hamburg            E  GE    CP  clear     0  .   .   .    .    Hamburg
hannover           E  GE    CP  clear     0  .   .   .    .    Hannover
hermannstadt       E  AH    CP  mountain  0  .   .   .    .    Hermannstadt
innsbruck          E  AH    CP  mountain  0  .   .   .    .    Innsbruck
insterburg         E  GE    CP  forest    0  .   .   .    .    Insterberg
ismail             E  RU    AP  clear     0  .   .   .    .    Ismail
ivangorod          E  RU    AP  clear     1  .   .   .    .    Ivangorod
izmir              E  TU    CP  clear     0  .   .   .    .    Izmir
jassy              E  RO    AP  clear     0  .   .   .    .    Jassy
jerusalem          N  TU    CP  clear     0  .   .   .    .    Jerusalem
kamenets_podolski  E  RU    AP  clear     0  .   .   .    .    Kamenets-Podolski
kars               N  RU    AP  mountain  0  .   .   .    .    Kars
kassel             E  GE    CP  clear     0  .   .   .    .    Kassel
kavala             E  GR    AP  mountain  0  .   .   .    .    Kavala
kayseri            N  TU    CP  clear     0  .   .   .    .    Kayseri
kazanlik           E  BU    CP  mountain  0  .   .   .    .    Kazanlik
kermanshah         N  TU    CP  mountain  0  .   .   .    .    Kermanshah
kharkov            E  RU    AP  clear     0  .   .   .    sup  Kharkov
kharput            N  TU    CP  clear     0  .   .   .    .    Kharput
khorramabad        N  PE    AP  clear     0  .   .   .    .    Khorramabad
kiel               E  GE    CP  clear     0  .   CP  .    .    Kiel
kiev               E  RU    AP  clear     0  vp  .   .    .    Kiev
kirkuk             N  TU    CP  clear     0  .   .   .    .    Kirkuk
kishinev           E  RU    AP  clear     0  .   .   .    .    Kishinev
koblenz            E  GE    CP  clear     0  vp  .   .    .    Koblenz
kolberg            E  GE    CP  clear     0  .   CP  .    .    Kolberg
kolin              E  AH    CP  clear     0  .   .   .    .    Kolin
konigsberg         E  GE    CP  clear     3  vp  CP  .    .    Konigsberg
konya              N  TU    CP  mountain  0  .   .   .    .    Konya
kovel              E  RU    AP  swamp     0  .   .   .    .    Kovel
kovno              E  RU    AP  clear     1  vp  .   .    .    Kovno
kronstadt          E  AH    CP  mountain  0  .   .   .    .    Kronstadt
kut                N  TU    CP  clear     0  .   .   .    .    Kut
la_rochelle        E  FR    AP  clear     0  .   AP  .    .    La Rochelle
larisa             E  GR    AP  mountain  0  .   .   .    .    Larisa
le_havre           E  FR    AP  clear     0  vp  AP  .    .    Le Havre
le_mans            E  FR    AP  clear     0  .   .   .    .    Le Mans
leipzig            E  GE    CP  clear     0  .   .   .    .    Leipzig
lemberg            E  AH    CP  clear     0  vp  .   .    .    Lemberg
libau              E  RU    AP  clear     0  .   CP  .    .    Libau
libya              N  EG    CP  clear     0  .   .   .    .    Libya
liege              E  BE    AP  clear     3  .   .   .    .    Liege
linz               E  AH    CP  clear     0  .   .   .    .    Linz
lodz               E  RU    AP  clear     0  vp  .   .    .    Lodz
lomza              E  RU    AP  clear     1  .   .   .    .    Lomza
london             E  BR    AP  clear     0  .   AP  cap  sup  London
lublin             E  RU    AP  clear     0  .   .   .    .    Lublin
lutsk              E  RU    AP  forest    1  .   .   .    .    Lutsk
lyon               E  FR    AP  clear     0  .   .   .    .    Lyon
maggiore           E  IT    AP  clear     0  .   .   .    .    Maggiore
mannheim           E  GE    CP  clear     0  .   .   .    .    Mannheim
mardin             N  TU    CP  clear     0  .   .   .    .    Mardin
marseilles         E  FR    AP  clear     0  .   AP  .    .    Marseilles
martin             E  AH    CP  clear     0  .   .   .    .    Martin
medina             N  TU    CP  desert    0  vp  .   .    .    Medina
mef1               E  NONE  AP  clear     0  .   .   .    .    MEF1
mef2               E  NONE  AP  clear     0  .   .   .    .    MEF2
mef3               E  NONE  AP  clear     0  .   .   .    .    MEF3
mef4               N  NONE  AP  clear     0  .   .   .    .    MEF4
melun              E  FR    AP  clear     0  vp  .   .    .    Melun
memel              E  GE    CP  clear     0  .   CP  .    .    Memel
metz               E  GE    CP  forest    3  vp  .   .    .    Metz
milan              E  IT    AP  clear     0  vp  .   .    .    Milan
minsk              E  RU    AP  clear     0  .   .   .    .    Minsk
miskolcz           E  AH    CP  clear     0  .   .   .    .    Miskolcz
mogilev            E  RU    AP  clear     0  .   .   .    .    Mogilev
moldechno          E  RU    AP  clear     0  .   .   .    .    Moldechno
monastir           E  SB    AP  mountain  0  .   .   .    .    Monastir
moscow             E  RU    AP  clear     0  .   .   .    sup  Moscow
mostar             E  AH    CP  mountain  0  .   .   .    .    Mostar
mosul              N  TU    CP  clear     0  vp  .   .    .    Mosul
mozyr              E  RU    AP  swamp     0  .   .   .    .    Mozyr
mulhouse           E  GE    CP  mountain  0  .   .   .    .    Mulhouse
munich             E  GE    CP  mountain  0  vp  .   .    .    Munich
munkacs            E  AH    CP  mountain  0  .   .   .    .    Munkacs
nablus             N  TU    CP  mountain  0  .   .   .    .    Nablus
nancy              E  FR    AP  clear     2  vp  .   .    .    Nancy
nantes             E  FR    AP  clear     0  .   AP  .    .    Nantes
naples             E  IT    AP  clear     0  vp  AP  .    .    Naples
nevers             E  FR    AP  clear     0  .   .   .    .    Nevers
nice               E  FR    AP  clear     0  .   .   .    .    Nice
nis                E  SB    AP  clear     0  .   .   .    .    Nis
novi_sad           E  AH    CP  clear     0  .   .   .    .    Novi Sad
nuremberg          E  GE    CP  clear     0  .   .   .    .    Nuremberg
odessa             E  RU    AP  clear     3  vp  .   .    .    Odessa
olmutz             E  AH    CP  clear     0  .   .   .    .    Olmutz
opochka            E  RU    AP  clear     0  .   .   .    .    Opochka
oppeln             E  GE    CP  clear     0  .   .   .    .    Oppeln
orleans            E  FR    AP  clear     0  vp  .   .    .    Orleans
orsha              E  RU    AP  clear     0  .   .   .    .    Orsha
ostend             E  BE    AP  swamp     0  vp  AP  .    .    Ostend
paris              E  FR    AP  clear     1  vp  .   cap  .    Paris
pecs               E  AH    CP  clear     0  .   .   .    .    Pecs
pescara            E  IT    AP  clear     0  .   .   .    .    Pescara
petrograd          E  RU    AP  clear     0  .   .   .    sup  Petrograd
petrovsk           N  RU    AP  clear     0  .   .   .    .    Petrovsk
philippopolis      E  BU    CP  mountain  0  .   .   .    .    Philippoli
pinsk              E  RU    AP  swamp     0  .   .   .    .    Pinsk
plevna             E  BU    CP  clear     0  .   .   .    .    Plevna
plock              E  RU    AP  clear     0  .   .   .    .    Plock
ploesti            E  RO    AP  mountain  0  vp  .   .    .    Ploesti
poitiers           E  FR    AP  clear     0  .   .   .    .    Poitiers
polotsk            E  RU    AP  clear     0  .   .   .    .    Polotsk
port_said          N  EG    AP  clear     0  vp  AP  .    .    Port Said
posen              E  GE    CP  clear     2  vp  .   .    .    Posen
poti               N  RU    AP  mountain  0  .   .   .    .    Poti
prague             E  AH    CP  clear     0  .   .   .    .    Prague
przemysl           E  AH    CP  clear     3  .   .   .    .    Przemysl
pskov              E  RU    AP  clear     0  .   .   .    .    Pskov
qurna              N  TU    CP  clear     0  .   .   .    .    Qurna
ravenna            E  IT    AP  clear     0  .   .   .    .    Ravenna
regensburg         E  GE    CP  clear     0  .   .   .    .    Regensburg
rennes             E  FR    AP  clear     0  .   .   .    .    Rennes
reval              E  RU    AP  clear     0  .   .   .    .    Reval
riga               E  RU    AP  clear     3  vp  CP  .    .    Riga
rize               N  TU    CP  clear     0  .   .   .    .    Rize
rome               E  IT    AP  clear     0  vp  .   cap  .    Rome
roslavl            E  RU    AP  clear     0  .   .   .    .    Roslavl
rostock            E  GE    CP  clear     0  .   CP  .    .    Rostock
rouen              E  FR    AP  clear     0  vp  .   .    .    Rouen
rovno              E  RU    AP  forest    0  .   .   .    .    Rovno
salonika           E  GR    AP  mountain  0  .   AP  .    .    Salonika
samawah            N  TU    CP  desert    0  .   .   .    .    Samawah
samsun             N  TU    CP  clear     0  .   .   .    .    Samsun
sarajevo           E  AH    CP  mountain  0  .   .   .    .    Sarajevo
sarny              E  RU    AP  swamp     0  .   .   .    .    Sarny
schossburg         E  AH    CP  mountain  0  .   .   .    .    Schossburg
sedan              E  FR    AP  forest    0  vp  .   .    .    Sedan
sinai              N  TU    CP  desert    0  .   .   .    .    Sinai
sinope             N  TU    CP  clear     0  .   .   .    .    Sinope
sivas              N  TU    CP  mountain  0  .   .   .    .    Sivas
skopje             E  SB    AP  mountain  0  .   .   .    .    Skopje
slutsk             E  RU    AP  forest    0  .   .   .    .    Slutsk
smolensk           E  RU    AP  clear     0  .   .   .    .    Smolensk
sofia              E  BU    CP  clear     0  vp  .   cap  sup  Sofia
spittal            E  AH    CP  mountain  0  .   .   .    .    Spittal
st_amand           E  FR    AP  clear     0  .   .   .    .    St. Amand
stanislau          E  AH    CP  clear     0  .   .   .    .    Stanislau
stettin            E  GE    CP  clear     0  .   CP  .    .    Stettin
strasbourg         E  GE    CP  clear     3  vp  .   .    .    Strasbourg
strumitsa          E  BU    CP  mountain  0  .   .   .    .    Strumitsa
stuttgart          E  GE    CP  clear     0  vp  .   .    .    Stuttgart
szawli             E  RU    AP  clear     0  .   .   .    .    Szawli
szeged             E  AH    CP  clear     0  .   .   .    .    Szeged
tabriz             N  PE    AP  mountain  0  .   .   .    .    Tabriz
tannenberg         E  GE    CP  forest    0  .   .   .    .    Tannenberg
taranto            E  IT    AP  clear     0  .   AP  .    .    Taranto
targu_jiu          E  RO    AP  clear     0  .   .   .    .    Targu Jiu
tarnopol           E  AH    CP  clear     0  .   .   .    .    Tarnopol
tarnow             E  AH    CP  clear     0  .   .   .    .    Tarnow
thorn              E  GE    CP  clear     2  .   .   .    .    Thorn
tiflis             N  RU    AP  mountain  0  .   .   .    .    Tbilisi
timisvar           E  AH    CP  clear     0  .   .   .    .    Timisvar
tirana             E  AL    AP  mountain  0  .   .   .    .    Tirana
tours              E  FR    AP  clear     0  .   .   .    .    Tours
trebizond          N  TU    CP  clear     1  .   .   .    .    Trebizond
trent              E  AH    CP  mountain  3  vp  .   .    .    Trent
trieste            E  AH    CP  mountain  3  vp  .   .    .    Trieste
turin              E  IT    AP  clear     0  .   .   .    .    Turin
udine              E  IT    AP  clear     0  .   .   .    .    Udine
uman               E  RU    AP  clear     0  .   .   .    .    Uman
urfa               N  TU    CP  clear     0  .   .   .    .    Urfa
uzhgorod           E  AH    CP  mountain  0  .   .   .    .    Uzhgorod
valjevo            E  SB    AP  mountain  0  .   .   .    .    Valjevo
valona             E  AL    AP  mountain  0  .   .   .    .    Valona
van                N  TU    CP  mountain  0  .   .   .    .    Van
varna              E  BU    CP  clear     0  .   .   .    .    Varna
velikiye_luki      E  RU    AP  clear     0  .   .   .    .    Velikiye Luki
venice             E  IT    AP  clear     0  .   AP  .    .    Venice
verdun             E  FR    AP  clear     3  vp  .   .    .    Verdun
verona             E  IT    AP  clear     0  .   .   .    .    Verona
vienna             E  AH    CP  clear     0  vp  .   cap  .    Vienna
villach            E  AH    CP  mountain  0  .   .   .    .    Villach
vilna              E  RU    AP  clear     0  vp  .   .    .    Vilna
vinnitsa           E  RU    AP  clear     0  .   .   .    .    Vinnitsa
vitebsk            E  RU    AP  clear     0  .   .   .    .    Vitebsk
viterbo            E  IT    AP  clear     0  .   .   .    .    Viterbo
warsaw             E  RU    AP  clear     2  vp  .   .    .    Warsaw
wilhelmshaven      E  GE    CP  clear     0  .   CP  .    .    Wilhelmshaven
zagreb             E  AH    CP  clear     0  .   .   .    .    Zagreb
zhitomir           E  RU    AP  clear     0  .   .   .    .    Zhitomir
zhmerinka          E  RU    AP  clear     0  .   .   .    .    Zhmerinka
"""

LINES = """
aachen: essen koblenz liege
adana: aleppo kayseri konya mef4
adapazari: constantinople sinope
adrianople: burgas constantinople gallipoli philippopolis
ahwaz: basra khorramabad qurna
aleppo: beirut damascus urfa
alexandria: cairo libya port_said
amiens: calais cambrai paris rouen
amman: arabia[ANA] damascus jerusalem
an_nasiriya: qurna samawah
ancona: pescara ravenna
ankara: eskisehir samsun sivas
antwerp: brussels ostend
aqaba: arabia[ANA] beersheba medina[ANA+TU]
arabia: jerusalem[ANA] medina[ANA]
asiago: maggiore trent venice
athens: larisa
augsburg: innsbruck nuremberg regensburg stuttgart
avignon: lyon marseilles
baghdad: kermanshah kirkuk kut samawah
baku: elizabethpol
balikesir: bursa cana_kale izmir
banja_luka: sarajevo zagreb
bar_le_duc: chateau_thierry dijon melun nancy verdun
baranovichi: grodno minsk slutsk
barlad: galatz jassy kishinev ploesti
basra: qurna
batum: kars poti rize
beersheba: gaza jerusalem sinai
beirut: nablus
belaya_tserkov: kiev uman vinnitsa zhitomir
belfort: dijon mulhouse nancy
belgrade: nis novi_sad timisvar valjevo
berlin: cottbus hannover leipzig rostock stettin
bialystok: brest_litovsk grodno lomza
bitlis: diyarbakir van
bologna: florence genoa venice verona
bordeaux: la_rochelle
bremen: essen hamburg hannover wilhelmshaven
breslau: cottbus lodz oppeln posen
brest_litovsk: kovel lublin pinsk warsaw
brunn: kolin olmutz vienna
brussels: cambrai liege ostend sedan
bucharest: caracal galatz plevna ploesti varna
budapest: martin miskolcz pecs szeged vienna
burgas: kazanlik varna
bursa: constantinople eskisehir
caen: cherbourg le_mans rouen
cairo: port_said sinai
calais: cambrai london[BR] ostend
cambrai: chateau_thierry sedan
cana_kale: mef2
caracal: carte_de_arges plevna targu_jiu
carte_de_arges: hermannstadt ploesti targu_jiu
caucasus: grozny[RU] odessa[RU] poti[RU] uman[RU]
cetinje: mostar tirana
chateau_thierry: melun paris sedan verdun
cherbourg: london[BR]
chernigov: gomel kiev
cluj: debrecen hermannstadt munkacs schossburg
constanta: galatz varna
constantinople: eskisehir gallipoli
cottbus: dresden posen
cracow: czestochowa martin oppeln tarnow
czernowitz: kamenets_podolski munkacs stanislau tarnopol
czestochowa: ivangorod lodz oppeln
damascus: nablus
danzig: kolberg tannenberg thorn
debrecen: miskolcz szeged
dijon: nevers
dilman: erivan tabriz van
diyarbakir: erzerum kharput mardin
dresden: leipzig prague
dubno: kamenets_podolski lutsk rovno tarnopol zhitomir
dvinsk: moldechno opochka polotsk riga szawli vilna
eleskirt: erivan erzerum van
elizabethpol: tiflis
erfurt: kassel leipzig nuremberg
erivan: tiflis
erzerum: erzincan kars
erzincan: kharput sivas trebizond
eskisehir: konya
essen: kassel
florence: ravenna viterbo
florina: larisa monastir salonika valona
foggia: naples pescara taranto
frankfurt: kassel koblenz mannheim
galatz: ismail
gallipoli: mef1
gaza: nablus sinai
genoa: milan turin
giresun: samsun trebizond
gomel: mogilev roslavl
gorlice: martin miskolcz tarnow uzhgorod
graz: linz vienna villach zagreb
grenoble: lyon turin
grodno: insterburg kovno vilna
grozny: petrovsk tiflis
hamadan: kermanshah khorramabad tabriz
hamburg: kiel rostock
hannover: kassel
hermannstadt: kronstadt
innsbruck: spittal trent
insterburg: konigsberg kovno memel tannenberg
ismail: kishinev odessa
ivangorod: lublin tarnow warsaw
izmir: mef3
jassy: zhmerinka
jerusalem: nablus
kamenets_podolski: tarnopol vinnitsa zhmerinka
kars: tiflis
kavala: philippopolis salonika strumitsa
kayseri: kharput sivas
kazanlik: philippopolis plevna sofia varna
kermanshah: khorramabad
kharkov: kiev[RU]
kharput: urfa
kiev: zhitomir
kirkuk: mosul
kishinev: zhmerinka
koblenz: liege metz sedan
kolberg: stettin
kolin: prague
konigsberg: tannenberg
kovel: lublin lutsk pinsk sarny
kovno: szawli vilna
kronstadt: ploesti schossburg
kut: qurna
la_rochelle: nantes poitiers
le_havre: london[BR] rouen
le_mans: nantes orleans rennes rouen tours
lemberg: lutsk przemysl stanislau tarnopol
libau: memel szawli
liege: sedan
linz: regensburg vienna
lodz: plock posen thorn warsaw
lomza: plock tannenberg warsaw
lublin: lutsk przemysl
lutsk: rovno
lyon: nevers
maggiore: udine villach
mannheim: strasbourg stuttgart
mardin: mosul urfa
marseilles: nice
martin: olmutz
melun: nevers orleans paris
memel: szawli
metz: nancy sedan strasbourg verdun
milan: turin verona
minsk: moldechno orsha slutsk
miskolcz: uzhgorod
mogilev: orsha roslavl slutsk
moldechno: polotsk vilna
monastir: salonika skopje strumitsa
moscow: smolensk[RU] velikiye_luki[RU]
mostar: sarajevo
mozyr: slutsk zhitomir
mulhouse: strasbourg
munich: regensburg spittal
munkacs: stanislau uzhgorod
nancy: strasbourg verdun
nantes: rennes tours
naples: rome
nevers: st_amand
nice: turin
nis: skopje sofia valjevo
novi_sad: pecs sarajevo szeged
nuremberg: regensburg
odessa: uman
olmutz: oppeln
opochka: polotsk pskov velikiye_luki
orleans: paris st_amand tours
orsha: polotsk smolensk vitebsk
paris: rouen
pecs: szeged zagreb
petrograd: pskov[RU] reval[RU] velikiye_luki[RU]
petrovsk: tiflis
philippopolis: strumitsa
pinsk: sarny
plevna: varna
plock: tannenberg thorn warsaw
poitiers: tours
polotsk: vitebsk
port_said: sinai
posen: thorn
przemysl: stanislau tarnow uzhgorod
ravenna: venice
reval: riga[RU]
riga: szawli
rize: trebizond
rome: viterbo
roslavl: smolensk
rostock: stettin
rovno: sarny zhitomir
salonika: strumitsa
samsun: sinope sivas
sarajevo: valjevo
sedan: verdun
skopje: sofia tirana
smolensk: vitebsk
sofia: strumitsa
spittal: villach
st_amand: tours
stanislau: tarnopol uzhgorod
szeged: timisvar
tannenberg: thorn
taranto: valona[IT]
targu_jiu: timisvar
tirana: valona
trent: verona
trieste: udine villach zagreb
udine: venice
uman: vinnitsa
velikiye_luki: vitebsk
venice: verona
vinnitsa: zhmerinka
"""

#: (space, attribute) -> (the module's value, the rule that overrides the printed-map fact).
RULEBOOK = {
    ("brussels", "capital"): (True, "PoG 3.0: the Belgian capital is Brussels"),
    ("salonika", "supply"): ("SB", "PoG 14.2.3: Salonika is a supply source for Serbian units"),
    ("kermanshah", "nation"): ("PE", "PoG 11.1.13: Kermanshah and 'all the other Persian spaces'"),
}
#: Nations not at war at the start: their spaces start neutral (PoG 2.6, 4.2, 16.1.3.1, 11.1.13).
NEUTRAL_AT_START = {"IT", "BU", "RO", "GR", "TU", "PE"}
#: Spaces of those nations that start Allied all the same: Kavala (PoG 9.5.2.4) and Basra (a BR
#: corps and trench set up there, 4.2).
ALLIED_AT_START = {"kavala", "basra"}
#: The six names the module may keep in its own spelling.
ALIASES = {"brunn": "Brun", "insterburg": "Insterberg", "erzincan": "Erzingan",
           "eskisehir": "Eskidor", "philippopolis": "Philippoli", "tiflis": "Tbilisi"}
SUPPLY_ANY = "sup"


def _norm(name: str) -> str:
    """A name without accents, case, spaces, dots or hyphens (spellings may differ in those)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]", "", plain)


def expected_spaces() -> dict[str, dict]:
    """id -> {name, map, nation, side, terrain, fort, vp, port, capital, supply} as printed."""
    out = {}
    for row in SPACES.strip().splitlines():
        sid, map_, nation, side, terrain, fort, vp, port, cap, sup, name = row.split(None, 10)
        out[sid] = {"name": name, "map": map_, "nation": nation, "side": side,
                    "terrain": terrain, "fort": int(fort), "vp": vp == "vp",
                    "port": "" if port == "." else port, "capital": cap == "cap",
                    "supply": sup == SUPPLY_ANY}
    return out


def expected_lines() -> dict[frozenset, frozenset]:
    """{a, b} -> the nations a restricted line allows (empty: an ordinary line)."""
    out = {}
    for row in LINES.strip().splitlines():
        a, rest = row.split(":", 1)
        for item in rest.split():
            b, _, only = item.partition("[")
            key = frozenset((a, b))
            assert key not in out, item
            out[key] = frozenset(only.rstrip("]").split("+")) if only else frozenset()
    return out


def module_value(sid: str, attr: str, printed):
    """The value the module must hold for ``attr`` of ``sid``: the printed fact, or the
    rulebook's where RULEBOOK overrides it."""
    return RULEBOOK[(sid, attr)][0] if (sid, attr) in RULEBOOK else printed


def disagreements(spaces: dict[str, tuple[str, dict]],
                  lines: list[tuple[str, str, str]]) -> list[str]:
    """Every way a module's map differs from the printed map (rulebook overrides applied).

    ``spaces``: id -> (display name, attributes) of every space; ``lines``: (a, b, only) with
    ``only`` the space-separated nations of a restricted line. One string per disagreement.
    """
    want = expected_spaces()
    out = [f"missing space {sid} ({d['name']})" for sid, d in want.items() if sid not in spaces]
    out += [f"space not on the printed map: {sid}" for sid in spaces if sid not in want]
    for sid, d in want.items():
        if sid not in spaces:
            continue
        name, a = spaces[sid]
        if _norm(name) != _norm(d["name"]) and ALIASES.get(sid) != d["name"]:
            out.append(f"{sid}: name {name!r}, printed {d['name']!r}")
        checks = {
            "map": ("near_east" if d["map"] == "N" else "europe",
                    "near_east" if a.get("region") == "near_east" else "europe"),
            "nation": (module_value(sid, "nation", d["nation"]), a.get("nation")),
            "side": (d["side"], a.get("map_side")),
            "terrain": (d["terrain"], a.get("terrain")),
            "fort": (d["fort"], int(a.get("fort") or 0)),
            "vp": (d["vp"], bool(a.get("vp_historical"))),
            "port": (d["port"], a.get("port_side") or ""),
            "port flag": (bool(d["port"]), bool(a.get("port"))),
            "capital": (module_value(sid, "capital", d["capital"]), bool(a.get("capital"))),
            "supply": (module_value(sid, "supply", d["supply"]),
                       a.get("supply") or False if (sid, "supply") in RULEBOOK
                       else bool(a.get("supply"))),
            "mef": (d["nation"] == "NONE", bool(a.get("mef"))),
        }
        nation = module_value(sid, "nation", d["nation"])
        start = ("AP" if sid in ALLIED_AT_START else "neutral") if nation in NEUTRAL_AT_START \
            else d["side"]
        checks["starting control"] = (start, a.get("control"))
        for what, (exp, got) in checks.items():
            if exp != got:
                out.append(f"{sid}: {what} {got!r}, printed {exp!r}")
    want_lines = expected_lines()
    have = {}
    for a, b, only in lines:
        key = frozenset((a, b))
        if key in have:
            out.append(f"line {a}-{b} written twice")
        have[key] = frozenset(only.split())
    for key, only in want_lines.items():
        a, b = sorted(key)
        if key not in have:
            out.append(f"missing line {a}-{b}")
        elif have[key] != only:
            out.append(f"line {a}-{b}: restricted to {sorted(have[key])}, printed {sorted(only)}")
    for key in have.keys() - want_lines.keys():
        a, b = sorted(key)
        out.append(f"line not on the printed map: {a}-{b}")
    return out
