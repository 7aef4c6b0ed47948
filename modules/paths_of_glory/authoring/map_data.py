"""Paths of Glory map gazetteer: every space and connection, as authored for wartable.

INPUTS: the Italian 2018 rulebook (shared/seeds/002_...txt) through its digest
(shared/rules/paths_of_glory.md §2), which names about 120 spaces and states some facts about
them (rule numbers cited in make_module.py and provenance.csv); everything else is RECONSTRUCTED
here by the module author from real geography (approximate latitude/longitude of each town, typed
by hand from general geographic knowledge, not from any game file) and from general public
knowledge of the game (a point-to-point map of Europe plus a Near East map; roughly 280 spaces).
No file of another implementation (VASSAL module, Rally the Troops) was read or copied.

WHAT IS COMPUTED (make_module.py): x/y pixels from lat/lon (two projections: Europe and the Near
East inset in the lower right, as on the game's map), then a small relaxation that pushes apart
spaces closer than a box width; control, region and supply defaults from the nation.

HAND DECISIONS (all reconstructed, see NOTES.md): the choice of spaces, their terrain, the forts
other than Verdun/Nancy/Belfort/Liege/Belgrade/Riga (whose existence the rulebook states), the VP
spaces the rulebook does not name, ports, the Russian supply sources, the 4 MEF beaches, and every
connection not implied by the rulebook's examples.

Line format of SPACES: ``id | display name | nation | terrain | fort | lat | lon | flags``
flags: ``vp`` (VP space in the base game), ``vph`` (VP space in the Historical scenario 5.7.2),
``port``, ``cap`` (capital, 3.0), ``sup:<who>`` (supply source: CP, AP = all Allied units,
RU = the Russian/Serbian/Romanian sources of 14.2.2, SB = Serbian-only source 14.2.3),
``ctl:<AP|CP|neutral>`` (override of the nation's starting control), ``mef`` (MEF beach),
``region:<r>`` (override of the default region), ``nemain`` (on the Near East map AND reproduced
on the main map, 11.3.1), ``coast`` (the CP 1914 coastal restriction of 11.1.9),
``be_br`` (BE units may activate as British here, 9.2.3).
Nations: BR FR BE GE AH RU IT SB MN AL BU RO GR TU PE (Persia) EG (Egypt) LY (Libya).
"""

SPACES = """
# ---------------------------------------------------------------- Britain
london|London|BR|clear|0|51.51|-0.13|vp port cap sup:AP
# ---------------------------------------------------------------- France
calais|Calais|FR|clear|0|50.95|1.86|port coast be_br
amiens|Amiens|FR|clear|0|49.89|2.30|vph coast be_br
rouen|Rouen|FR|clear|0|49.44|1.10|
le_havre|Le Havre|FR|clear|0|49.49|0.11|port
caen|Caen|FR|clear|0|49.18|-0.37|
cherbourg|Cherbourg|FR|clear|0|49.64|-1.62|port
rennes|Rennes|FR|clear|0|48.11|-1.68|
brest|Brest|FR|clear|0|48.39|-4.49|port
nantes|Nantes|FR|clear|0|47.22|-1.55|port
le_mans|Le Mans|FR|clear|0|48.00|0.20|
tours|Tours|FR|clear|0|47.39|0.69|
orleans|Orleans|FR|clear|0|47.90|1.91|
paris|Paris|FR|clear|2|48.86|2.35|vp vph cap
melun|Melun|FR|clear|0|48.54|2.66|
chateau_thierry|Chateau-Thierry|FR|clear|0|49.05|3.40|
cambrai|Cambrai|FR|clear|0|50.18|3.23|vp vph
sedan|Sedan|FR|forest|0|49.70|4.94|vph
verdun|Verdun|FR|clear|3|49.16|5.38|vp vph
bar_le_duc|Bar-le-Duc|FR|clear|0|48.77|5.16|
nancy|Nancy|FR|clear|2|48.69|6.18|vp vph
epinal|Epinal|FR|forest|0|48.17|6.45|
belfort|Belfort|FR|mountain|2|47.64|6.86|vp vph
dijon|Dijon|FR|clear|0|47.32|5.04|
besancon|Besancon|FR|forest|0|47.24|6.02|
nevers|Nevers|FR|clear|0|46.99|3.16|
lyon|Lyon|FR|clear|0|45.76|4.84|
grenoble|Grenoble|FR|mountain|0|45.19|5.72|
clermont_ferrand|Clermont-Ferrand|FR|mountain|0|45.78|3.08|
limoges|Limoges|FR|clear|0|45.83|1.26|
la_rochelle|La Rochelle|FR|clear|0|46.16|-1.15|port
bordeaux|Bordeaux|FR|clear|0|44.84|-0.58|port
toulouse|Toulouse|FR|clear|0|43.60|1.44|
avignon|Avignon|FR|clear|0|43.95|4.81|
marseilles|Marseilles|FR|clear|0|43.30|5.37|port
nice|Nice|FR|mountain|0|43.70|7.27|
# ---------------------------------------------------------------- Belgium
ostend|Ostend|BE|clear|0|51.23|2.92|port coast be_br
antwerp|Antwerp|BE|clear|1|51.22|4.40|vp vph port be_br
brussels|Brussels|BE|clear|0|50.85|4.35|vp vph cap
liege|Liege|BE|clear|3|50.63|5.57|
# ---------------------------------------------------------------- Germany (west)
essen|Essen|GE|clear|0|51.46|7.01|vp vph sup:CP
aachen|Aachen|GE|clear|0|50.78|6.08|vph
koblenz|Koblenz|GE|forest|0|50.36|7.59|vph
metz|Metz|GE|clear|3|49.12|6.18|vp vph
strasbourg|Strasbourg|GE|clear|2|48.58|7.75|vp vph
mulhouse|Mulhouse|GE|clear|0|47.75|7.34|
frankfurt|Frankfurt|GE|clear|0|50.11|8.68|
mannheim|Mannheim|GE|clear|0|49.49|8.47|
stuttgart|Stuttgart|GE|forest|0|48.78|9.18|
munich|Munich|GE|clear|0|48.14|11.58|vp vph
nuremberg|Nuremberg|GE|clear|0|49.45|11.08|
kassel|Kassel|GE|forest|0|51.31|9.48|
hannover|Hannover|GE|clear|0|52.37|9.73|
bremen|Bremen|GE|clear|0|53.08|8.80|port
hamburg|Hamburg|GE|clear|0|53.55|9.99|vp vph port
kiel|Kiel|GE|clear|0|54.32|10.13|port
# ---------------------------------------------------------------- Germany (east)
leipzig|Leipzig|GE|clear|0|51.34|12.37|
dresden|Dresden|GE|clear|0|51.05|13.74|
berlin|Berlin|GE|clear|0|52.52|13.40|vp vph cap
stettin|Stettin|GE|clear|0|53.43|14.55|port
danzig|Danzig|GE|clear|0|54.35|18.65|port
konigsberg|Konigsberg|GE|clear|2|54.71|20.51|vp vph port
insterburg|Insterburg|GE|clear|0|54.63|21.81|
lotzen|Lotzen|GE|swamp|0|54.03|21.76|
tannenberg|Tannenberg|GE|forest|0|53.50|20.13|
thorn|Thorn|GE|clear|0|53.01|18.60|
posen|Posen|GE|clear|0|52.41|16.93|
breslau|Breslau|GE|clear|0|51.11|17.04|vp vph sup:CP
oppeln|Oppeln|GE|clear|0|50.67|17.93|
# ---------------------------------------------------------------- Russia (Europe)
petrograd|Petrograd|RU|clear|0|59.94|30.31|vp vph port sup:RU
narva|Narva|RU|clear|0|59.38|28.19|
reval|Reval|RU|clear|0|59.44|24.75|port
pskov|Pskov|RU|forest|0|57.82|28.33|
riga|Riga|RU|clear|2|56.95|24.11|vp vph port
mitau|Mitau|RU|clear|0|56.65|23.72|
libau|Libau|RU|clear|0|56.51|21.01|port
szawli|Szawli|RU|clear|0|55.93|23.31|
dvinsk|Dvinsk|RU|clear|0|55.87|26.53|
velikiye_luki|Velikiye Luki|RU|forest|0|56.34|30.53|
kovno|Kovno|RU|clear|2|54.90|23.90|vph
vilna|Vilna|RU|clear|0|54.69|25.28|
grodno|Grodno|RU|forest|1|53.68|23.83|
bialystok|Bialystok|RU|forest|0|53.13|23.16|
lomza|Lomza|RU|clear|0|53.18|22.06|
mlawa|Mlawa|RU|clear|0|53.11|20.38|
novogeorgievsk|Novogeorgievsk|RU|clear|2|52.43|20.69|
warsaw|Warsaw|RU|clear|0|52.23|21.01|vp vph
lodz|Lodz|RU|clear|0|51.76|19.46|vp vph
kalisz|Kalisz|RU|clear|0|51.76|18.09|
czestochowa|Czestochowa|RU|clear|0|50.81|19.12|
ostrowiec|Ostrowiec|RU|clear|0|50.93|21.39|
ivangorod|Ivangorod|RU|clear|1|51.56|21.85|
lublin|Lublin|RU|clear|0|51.25|22.57|
brest_litovsk|Brest-Litovsk|RU|clear|1|52.10|23.69|
baranovichi|Baranovichi|RU|forest|0|53.13|26.01|
pinsk|Pinsk|RU|swamp|0|52.12|26.10|
kovel|Kovel|RU|swamp|0|51.21|24.71|
lutsk|Lutsk|RU|clear|0|50.75|25.33|
rovno|Rovno|RU|clear|0|50.62|26.25|
dubno|Dubno|RU|clear|0|50.42|25.74|
proskurov|Proskurov|RU|clear|0|49.42|26.98|
kamenets_podolski|Kamenets-Podolski|RU|clear|0|48.68|26.58|
zhmerinka|Zhmerinka|RU|clear|0|49.04|28.11|
kishinev|Kishinev|RU|clear|0|47.01|28.86|
ismail|Ismail|RU|clear|0|45.35|28.84|
odessa|Odessa|RU|clear|0|46.48|30.73|vp port
nikolaev|Nikolaev|RU|clear|0|46.97|32.00|
sevastopol|Sevastopol|RU|clear|0|44.62|33.52|port
zhitomir|Zhitomir|RU|forest|0|50.25|28.66|
berdichev|Berdichev|RU|clear|0|49.90|28.60|
uman|Uman|RU|clear|0|48.75|30.22|
kiev|Kiev|RU|clear|0|50.45|30.52|vp vph
chernigov|Chernigov|RU|forest|0|51.49|31.29|
poltava|Poltava|RU|clear|0|49.59|34.55|
kharkov|Kharkov|RU|clear|0|49.99|36.23|sup:RU
ekaterinoslav|Ekaterinoslav|RU|clear|0|48.46|35.05|
rostov|Rostov|RU|clear|0|47.24|39.71|
tsaritsyn|Tsaritsyn|RU|clear|0|48.71|44.51|
caucasus|Caucasus|RU|mountain|0|45.04|41.97|sup:RU
kursk|Kursk|RU|clear|0|51.73|36.19|
orel|Orel|RU|clear|0|52.97|36.07|
bryansk|Bryansk|RU|forest|0|53.24|34.36|
moscow|Moscow|RU|clear|0|55.75|37.62|sup:RU
smolensk|Smolensk|RU|forest|0|54.78|32.05|
vitebsk|Vitebsk|RU|forest|0|55.19|30.20|
polotsk|Polotsk|RU|forest|0|55.49|28.79|
minsk|Minsk|RU|clear|0|53.90|27.57|vp
mogilev|Mogilev|RU|clear|0|53.89|30.33|
bobruisk|Bobruisk|RU|swamp|0|53.14|29.22|
gomel|Gomel|RU|swamp|0|52.44|30.98|
# ---------------------------------------------------------------- Austria-Hungary
cracow|Cracow|AH|clear|2|50.06|19.94|vp vph
tarnow|Tarnow|AH|clear|0|50.01|20.99|
przemysl|Przemysl|AH|clear|3|49.78|22.77|vp vph
lemberg|Lemberg|AH|clear|0|49.84|24.03|vp vph
tarnopol|Tarnopol|AH|clear|0|49.55|25.59|
stanislau|Stanislau|AH|clear|0|48.92|24.71|
czernowitz|Czernowitz|AH|clear|0|48.29|25.94|vp vph
uzhgorod|Uzhgorod|AH|mountain|0|48.62|22.30|
munkacs|Munkacs|AH|mountain|0|48.44|22.72|
bistritz|Bistritz|AH|mountain|0|47.13|24.50|
cluj|Cluj|AH|clear|0|46.77|23.60|
debrecen|Debrecen|AH|clear|0|47.53|21.63|
hermannstadt|Hermannstadt|AH|mountain|0|45.79|24.15|
kronstadt|Kronstadt|AH|mountain|0|45.66|25.61|
budapest|Budapest|AH|clear|0|47.50|19.04|vp vph cap
szeged|Szeged|AH|clear|0|46.25|20.15|
timisvar|Timisvar|AH|clear|0|45.75|21.23|
novi_sad|Novi Sad|AH|clear|0|45.27|19.83|
vienna|Vienna|AH|clear|0|48.21|16.37|vp vph cap
brunn|Brunn|AH|clear|0|49.20|16.61|
prague|Prague|AH|clear|0|50.08|14.44|vp vph
linz|Linz|AH|clear|0|48.31|14.29|
graz|Graz|AH|mountain|0|47.07|15.44|
innsbruck|Innsbruck|AH|mountain|0|47.27|11.40|region:italy
trent|Trent|AH|mountain|2|46.07|11.12|vp vph region:italy
villach|Villach|AH|mountain|0|46.61|13.85|region:italy
trieste|Trieste|AH|clear|0|45.65|13.78|vp vph port region:italy
laibach|Laibach|AH|mountain|0|46.05|14.51|region:italy
zagreb|Zagreb|AH|clear|0|45.81|15.98|
sarajevo|Sarajevo|AH|mountain|0|43.86|18.41|
mostar|Mostar|AH|mountain|0|43.34|17.81|
cattaro|Cattaro|AH|mountain|0|42.42|18.77|port
# ---------------------------------------------------------------- Serbia, Montenegro, Albania
belgrade|Belgrade|SB|clear|1|44.79|20.45|vp vph cap sup:RU
valjevo|Valjevo|SB|mountain|0|44.27|19.89|
kragujevac|Kragujevac|SB|clear|0|44.01|20.91|
nis|Nis|SB|clear|0|43.32|21.90|
novi_pazar|Novi Pazar|SB|mountain|0|43.14|20.51|
skopje|Skopje|SB|mountain|0|42.00|21.43|
monastir|Monastir|SB|mountain|0|41.03|21.33|
cetinje|Cetinje|MN|mountain|0|42.39|18.92|vp vph cap
scutari|Scutari|AL|mountain|0|42.07|19.51|
durazzo|Durazzo|AL|clear|0|41.32|19.45|port
valona|Valona|AL|clear|0|40.47|19.49|port
koritza|Koritza|AL|mountain|0|40.62|20.78|
# ---------------------------------------------------------------- Bulgaria, Romania, Greece
sofia|Sofia|BU|clear|0|42.70|23.32|vp vph cap sup:CP
kustendil|Kustendil|BU|mountain|0|42.28|22.69|
vidin|Vidin|BU|clear|0|43.99|22.88|
rustchuk|Rustchuk|BU|clear|0|43.85|25.97|
varna|Varna|BU|clear|0|43.21|27.91|port
burgas|Burgas|BU|clear|0|42.50|27.47|port
philippopolis|Philippopolis|BU|clear|0|42.14|24.75|
bucharest|Bucharest|RO|clear|0|44.43|26.10|vp vph cap
ploesti|Ploesti|RO|clear|0|44.94|26.03|
craiova|Craiova|RO|clear|0|44.32|23.80|
turnu_severin|Turnu Severin|RO|mountain|0|44.63|22.66|
constanta|Constanta|RO|clear|0|44.18|28.63|port
galatz|Galatz|RO|clear|0|45.44|28.05|
jassy|Jassy|RO|clear|0|47.16|27.59|
athens|Athens|GR|clear|0|37.98|23.73|vp vph cap port
larisa|Larisa|GR|clear|0|39.64|22.42|
florina|Florina|GR|mountain|0|40.78|21.41|
ioannina|Ioannina|GR|mountain|0|39.67|20.85|
salonika|Salonika|GR|clear|0|40.64|22.94|vp vph port sup:SB
kavala|Kavala|GR|clear|0|40.94|24.41|port ctl:AP
# ---------------------------------------------------------------- Italy
turin|Turin|IT|clear|0|45.07|7.69|vp vph
genoa|Genoa|IT|clear|0|44.41|8.93|port
milan|Milan|IT|clear|0|45.46|9.19|vp vph
verona|Verona|IT|clear|0|45.44|10.99|
asiago|Asiago|IT|mountain|0|45.88|11.51|
venice|Venice|IT|clear|0|45.44|12.33|vp port
udine|Udine|IT|clear|0|46.06|13.24|
maggiore|Maggiore|IT|mountain|0|46.25|13.45|
bologna|Bologna|IT|clear|0|44.49|11.34|
florence|Florence|IT|mountain|0|43.77|11.26|
ancona|Ancona|IT|clear|0|43.62|13.52|port
rome|Rome|IT|clear|0|41.90|12.50|vp vph cap
naples|Naples|IT|clear|0|40.85|14.27|port
bari|Bari|IT|clear|0|41.12|16.87|port
taranto|Taranto|IT|clear|0|40.47|17.24|port
# ---------------------------------------------------------------- Turkey in Europe and the Aegean (main map)
adrianople|Adrianople|TU|clear|1|41.68|26.56|
gallipoli|Gallipoli|TU|mountain|0|40.41|26.67|
balikesir|Balikesir|TU|clear|0|39.65|27.88|
mef_suvla|MEF beach: Suvla|TU|mountain|0|40.30|26.20|mef
mef_helles|MEF beach: Cape Helles|TU|mountain|0|40.05|26.20|mef
mef_kum_kale|MEF beach: Kum Kale|TU|clear|0|39.90|26.45|mef
# ---------------------------------------------------------------- Near East map: Turkey
constantinople|Constantinople|TU|clear|0|41.01|28.98|vp vph cap port sup:CP nemain
bursa|Bursa|TU|clear|0|40.19|29.06|nemain
eskisehir|Eskisehir|TU|clear|0|39.78|30.52|
ankara|Ankara|TU|clear|0|39.93|32.86|
konya|Konya|TU|clear|0|37.87|32.48|
kayseri|Kayseri|TU|mountain|0|38.72|35.49|
sivas|Sivas|TU|mountain|0|39.75|37.02|
samsun|Samsun|TU|clear|0|41.29|36.33|port
giresun|Giresun|TU|mountain|0|40.91|38.39|
trebizond|Trebizond|TU|mountain|0|41.00|39.72|port
rize|Rize|TU|mountain|0|41.02|40.52|
erzincan|Erzincan|TU|mountain|0|39.75|39.49|
erzerum|Erzerum|TU|mountain|2|39.90|41.27|vp vph
kharput|Kharput|TU|mountain|0|38.67|39.22|vp
diyarbakir|Diyarbakir|TU|clear|0|37.91|40.23|
bitlis|Bitlis|TU|mountain|0|38.40|42.11|
van|Van|TU|mountain|0|38.49|43.38|
urfa|Urfa|TU|clear|0|37.16|38.79|
adana|Adana|TU|clear|0|37.00|35.32|
mef_alexandretta|MEF beach: Alexandretta|TU|clear|0|36.59|36.17|mef
aleppo|Aleppo|TU|clear|0|36.20|37.16|
deir_ez_zor|Deir ez-Zor|TU|desert|0|35.34|40.14|
mosul|Mosul|TU|clear|0|36.34|43.13|
kirkuk|Kirkuk|TU|clear|0|35.47|44.39|
baghdad|Baghdad|TU|clear|0|33.31|44.37|vp vph
kut|Kut|TU|clear|0|32.51|45.83|
basra|Basra|TU|swamp|0|30.51|47.81|port ctl:AP
damascus|Damascus|TU|clear|0|33.51|36.28|vp vph
beirut|Beirut|TU|clear|0|33.89|35.50|port
jerusalem|Jerusalem|TU|clear|0|31.77|35.21|vp
amman|Amman|TU|desert|0|31.95|35.93|
maan|Maan|TU|desert|0|30.19|35.73|
gaza|Gaza|TU|clear|0|31.50|34.47|
beersheba|Beersheba|TU|desert|0|31.25|34.79|
medina|Medina|TU|desert|0|24.47|39.61|
arabia|Arabia|TU|desert|0|21.90|40.20|
# ---------------------------------------------------------------- Near East map: Egypt, Libya
sinai|Sinai|EG|desert|0|30.60|33.40|
port_said|Port Said|EG|clear|0|31.26|32.30|port
cairo|Cairo|EG|clear|0|30.04|31.24|vp vph
alexandria|Alexandria|EG|clear|0|31.20|29.92|port
libya|Libya|LY|desert|0|31.00|25.50|
# ---------------------------------------------------------------- Near East map: Russian Caucasus
grozny|Grozny|RU|clear|0|43.32|45.69|region:near_east
poti|Poti|RU|clear|0|42.15|41.67|region:near_east
batum|Batum|RU|mountain|0|41.64|41.64|port region:near_east
kars|Kars|RU|mountain|1|40.60|43.10|region:near_east
tiflis|Tiflis|RU|mountain|0|41.72|44.79|region:near_east
erivan|Erivan|RU|mountain|0|40.18|44.51|region:near_east
baku|Baku|RU|clear|0|40.41|49.87|vp vph region:near_east
# ---------------------------------------------------------------- Near East map: Persia
tabriz|Tabriz|PE|mountain|0|38.08|46.29|
kazvin|Kazvin|PE|mountain|0|36.27|50.00|
tehran|Tehran|PE|clear|0|35.69|51.39|
hamadan|Hamadan|PE|mountain|0|34.80|48.52|
kermanshah|Kermanshah|PE|mountain|0|34.31|47.07|
ahwaz|Ahwaz|PE|clear|0|31.32|48.67|vp
"""

# Connections. ``a b`` = solid line; ``a b only=BR`` = dotted line usable only by the listed
# nationalities (11.1.4). Grouped by region; each connection is written once.
EDGES = """
# Britain - France (dotted, British only: rulebook 11.1.4)
london calais only=BR
# France, Belgium (west front)
calais ostend
calais amiens
ostend antwerp
ostend brussels
ostend cambrai
antwerp brussels
brussels liege
brussels sedan
brussels cambrai
liege sedan
liege aachen
liege koblenz
cambrai amiens
cambrai sedan
cambrai chateau_thierry
amiens rouen
amiens paris
rouen le_havre
rouen caen
rouen paris
caen cherbourg
caen rennes
caen le_mans
rennes brest
rennes nantes
rennes le_mans
nantes le_mans
nantes la_rochelle
le_mans tours
le_mans orleans
tours orleans
tours limoges
tours la_rochelle
la_rochelle bordeaux
bordeaux limoges
bordeaux toulouse
orleans paris
orleans melun
orleans nevers
paris melun
paris chateau_thierry
melun chateau_thierry
melun dijon
chateau_thierry sedan
chateau_thierry verdun
chateau_thierry bar_le_duc
dijon bar_le_duc
grenoble dijon
epinal bar_le_duc
bar_le_duc verdun
bar_le_duc nancy
verdun sedan
verdun metz
verdun nancy
nancy metz
nancy strasbourg
nancy epinal
epinal belfort
epinal dijon
belfort mulhouse
belfort besancon
besancon dijon
besancon lyon
dijon lyon
dijon nevers
nevers clermont_ferrand
limoges clermont_ferrand
clermont_ferrand lyon
lyon grenoble
lyon avignon
grenoble avignon
avignon marseilles
avignon toulouse
marseilles nice
grenoble turin
nice genoa
# Germany (west)
aachen koblenz
aachen essen
koblenz essen
koblenz frankfurt
koblenz metz
koblenz sedan
essen bremen
essen kassel
metz strasbourg
metz mannheim
metz sedan
strasbourg mulhouse
strasbourg mannheim
strasbourg stuttgart
frankfurt mannheim
frankfurt kassel
frankfurt nuremberg
mannheim stuttgart
stuttgart munich
stuttgart nuremberg
munich nuremberg
munich innsbruck
munich linz
nuremberg leipzig
nuremberg prague
kassel hannover
kassel leipzig
hannover bremen
hannover hamburg
hannover berlin
bremen hamburg
hamburg kiel
hamburg berlin
# Germany (east)
leipzig berlin
leipzig dresden
dresden berlin
dresden prague
dresden breslau
berlin stettin
berlin posen
berlin breslau
stettin danzig
danzig konigsberg
danzig thorn
konigsberg insterburg
konigsberg tannenberg
insterburg lotzen
insterburg kovno
insterburg szawli
lotzen tannenberg
lotzen grodno
lotzen lomza
tannenberg thorn
tannenberg mlawa
thorn posen
thorn mlawa
thorn lodz
posen kalisz
posen breslau
breslau oppeln
oppeln czestochowa
oppeln cracow
oppeln brunn
# Russian Poland, Baltic, Belorussia, Ukraine
czestochowa lodz
czestochowa kalisz
czestochowa cracow
czestochowa ostrowiec
kalisz lodz
lodz warsaw
lodz ivangorod
mlawa novogeorgievsk
mlawa lomza
lomza bialystok
lomza novogeorgievsk
novogeorgievsk warsaw
warsaw ivangorod
warsaw brest_litovsk
ivangorod ostrowiec
ivangorod lublin
ostrowiec tarnow
lublin brest_litovsk
lublin kovel
lublin przemysl
brest_litovsk kovel
brest_litovsk pinsk
brest_litovsk bialystok
brest_litovsk baranovichi
kovel pinsk
kovel lutsk
lutsk rovno
lutsk dubno
lutsk lemberg
rovno dubno
rovno zhitomir
rovno pinsk
dubno lemberg
dubno tarnopol
dubno proskurov
tarnopol kamenets_podolski
kamenets_podolski zhmerinka
kamenets_podolski proskurov
proskurov berdichev
zhmerinka berdichev
zhmerinka uman
zhmerinka kishinev
kishinev odessa
kishinev ismail
kishinev jassy
ismail odessa
ismail galatz
odessa nikolaev
nikolaev uman
nikolaev ekaterinoslav
nikolaev sevastopol
sevastopol ekaterinoslav
zhitomir kiev
zhitomir berdichev
berdichev kiev
berdichev uman
uman kiev
kiev chernigov
kiev poltava
poltava kharkov
poltava ekaterinoslav
kharkov kursk
kharkov ekaterinoslav
kharkov rostov
ekaterinoslav rostov
rostov tsaritsyn
rostov caucasus
tsaritsyn caucasus
kursk orel
orel moscow
orel bryansk
bryansk smolensk
bryansk gomel
bryansk chernigov
moscow smolensk
moscow petrograd
smolensk vitebsk
smolensk mogilev
gomel mogilev
gomel chernigov
gomel bobruisk
mogilev minsk
mogilev vitebsk
mogilev bobruisk
bobruisk minsk
bobruisk pinsk
pinsk baranovichi
baranovichi vilna
baranovichi grodno
baranovichi minsk
minsk vilna
vitebsk polotsk
vitebsk velikiye_luki
polotsk dvinsk
polotsk velikiye_luki
vilna kovno
vilna grodno
vilna dvinsk
kovno grodno
kovno szawli
grodno bialystok
szawli libau
szawli mitau
libau mitau
mitau riga
riga dvinsk
riga pskov
riga reval
dvinsk pskov
pskov petrograd
pskov velikiye_luki
reval narva
narva petrograd
# Austria-Hungary
cracow tarnow
tarnow przemysl
tarnow uzhgorod
przemysl lemberg
przemysl uzhgorod
lemberg tarnopol
lemberg stanislau
tarnopol stanislau
tarnopol czernowitz
stanislau czernowitz
stanislau munkacs
czernowitz munkacs
czernowitz kamenets_podolski
czernowitz jassy
czernowitz bistritz
munkacs cluj
munkacs uzhgorod
uzhgorod debrecen
cluj debrecen
cluj bistritz
cluj hermannstadt
bistritz kronstadt
hermannstadt kronstadt
hermannstadt timisvar
hermannstadt craiova
kronstadt ploesti
timisvar novi_sad
timisvar belgrade
timisvar szeged
timisvar turnu_severin
novi_sad belgrade
novi_sad szeged
novi_sad zagreb
szeged budapest
budapest vienna
budapest debrecen
budapest zagreb
vienna brunn
vienna graz
vienna linz
brunn prague
linz prague
graz villach
graz laibach
laibach trieste
laibach villach
laibach zagreb
zagreb sarajevo
sarajevo mostar
sarajevo valjevo
sarajevo novi_pazar
mostar cattaro
cattaro cetinje
innsbruck trent
innsbruck villach
# Italian front and Italy
trent verona
trent asiago
asiago verona
asiago udine
udine venice
udine maggiore
udine trieste
maggiore villach
maggiore trieste
verona venice
verona milan
verona bologna
milan turin
milan genoa
milan bologna
turin genoa
genoa florence
bologna florence
bologna ancona
florence rome
ancona rome
ancona bari
rome naples
naples bari
naples taranto
bari taranto
# Taranto-Valona: dotted, Italian units only (rulebook 12.1.10)
taranto valona only=IT
# Balkans
belgrade valjevo
belgrade kragujevac
valjevo kragujevac
valjevo novi_pazar
kragujevac nis
nis skopje
nis sofia
nis vidin
novi_pazar skopje
novi_pazar cetinje
cetinje scutari
scutari durazzo
scutari skopje
durazzo valona
durazzo monastir
valona koritza
valona ioannina
koritza monastir
koritza florina
skopje monastir
skopje kustendil
skopje salonika
monastir florina
florina salonika
florina larisa
larisa salonika
larisa athens
larisa ioannina
salonika kavala
salonika kustendil
kavala adrianople
kavala philippopolis
sofia kustendil
sofia vidin
sofia rustchuk
sofia philippopolis
vidin rustchuk
vidin craiova
rustchuk bucharest
rustchuk varna
varna burgas
varna constanta
burgas philippopolis
burgas adrianople
philippopolis adrianople
bucharest ploesti
bucharest craiova
bucharest constanta
ploesti galatz
galatz jassy
galatz constanta
craiova turnu_severin
# Thrace, the Straits and the Aegean coast (main map)
adrianople constantinople
adrianople gallipoli
gallipoli constantinople
gallipoli mef_suvla
gallipoli mef_helles
balikesir mef_kum_kale
balikesir bursa
# Near East map
constantinople bursa
constantinople eskisehir
bursa eskisehir
eskisehir ankara
eskisehir konya
ankara konya
ankara kayseri
ankara samsun
samsun sivas
samsun giresun
giresun trebizond
trebizond rize
trebizond erzincan
rize batum
sivas kayseri
sivas erzincan
sivas kharput
kayseri adana
konya adana
adana mef_alexandretta
adana aleppo
mef_alexandretta aleppo
kharput erzincan
kharput diyarbakir
kharput urfa
diyarbakir urfa
diyarbakir bitlis
diyarbakir mosul
bitlis van
bitlis erzerum
erzerum erzincan
erzerum kars
van erivan
van tabriz
urfa aleppo
aleppo damascus
aleppo deir_ez_zor
deir_ez_zor mosul
deir_ez_zor baghdad
mosul kirkuk
kirkuk baghdad
baghdad kut
baghdad kermanshah
kut basra
kut ahwaz
basra ahwaz
damascus beirut
damascus amman
beirut jerusalem
jerusalem amman
jerusalem gaza
jerusalem beersheba
gaza beersheba
gaza sinai
beersheba sinai
amman maan
maan sinai
maan medina
maan arabia
medina arabia
sinai port_said
port_said cairo
cairo alexandria
alexandria libya
kars batum
kars erivan
kars tiflis
batum poti
poti tiflis
tiflis erivan
tiflis baku
tiflis grozny
grozny baku
erivan tabriz
tabriz kazvin
kazvin tehran
kazvin hamadan
tehran hamadan
hamadan kermanshah
# The Caucasus link (11.3.2, 12.1.9): dotted, Russian units only
caucasus grozny only=RU
caucasus poti only=RU
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
    "grodno": "4.2 set-up", "lomza": "4.2 set-up", "ostrowiec": "4.2 set-up",
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
