// Made by Scripts/iso3166.py (`make iso3166`): do not edit.
// Source: Debian's iso-codes 4.15.0-1, iso_3166-1.json (249 countries),
// https://salsa.debian.org/iso-codes-team/iso-codes, LGPL-2.1-or-later.

extension ISO3166 {
    /// alpha-2, alpha-3, name, official name, common name: tab-separated, one country a line.
    static let table = """
AD\tAND\tAndorra\tPrincipality of Andorra\t
AE\tARE\tUnited Arab Emirates\t\t
AF\tAFG\tAfghanistan\tIslamic Republic of Afghanistan\t
AG\tATG\tAntigua and Barbuda\t\t
AI\tAIA\tAnguilla\t\t
AL\tALB\tAlbania\tRepublic of Albania\t
AM\tARM\tArmenia\tRepublic of Armenia\t
AO\tAGO\tAngola\tRepublic of Angola\t
AQ\tATA\tAntarctica\t\t
AR\tARG\tArgentina\tArgentine Republic\t
AS\tASM\tAmerican Samoa\t\t
AT\tAUT\tAustria\tRepublic of Austria\t
AU\tAUS\tAustralia\t\t
AW\tABW\tAruba\t\t
AX\tALA\tÅland Islands\t\t
AZ\tAZE\tAzerbaijan\tRepublic of Azerbaijan\t
BA\tBIH\tBosnia and Herzegovina\tRepublic of Bosnia and Herzegovina\t
BB\tBRB\tBarbados\t\t
BD\tBGD\tBangladesh\tPeople's Republic of Bangladesh\t
BE\tBEL\tBelgium\tKingdom of Belgium\t
BF\tBFA\tBurkina Faso\t\t
BG\tBGR\tBulgaria\tRepublic of Bulgaria\t
BH\tBHR\tBahrain\tKingdom of Bahrain\t
BI\tBDI\tBurundi\tRepublic of Burundi\t
BJ\tBEN\tBenin\tRepublic of Benin\t
BL\tBLM\tSaint Barthélemy\t\t
BM\tBMU\tBermuda\t\t
BN\tBRN\tBrunei Darussalam\t\t
BO\tBOL\tBolivia, Plurinational State of\tPlurinational State of Bolivia\tBolivia
BQ\tBES\tBonaire, Sint Eustatius and Saba\tBonaire, Sint Eustatius and Saba\t
BR\tBRA\tBrazil\tFederative Republic of Brazil\t
BS\tBHS\tBahamas\tCommonwealth of the Bahamas\t
BT\tBTN\tBhutan\tKingdom of Bhutan\t
BV\tBVT\tBouvet Island\t\t
BW\tBWA\tBotswana\tRepublic of Botswana\t
BY\tBLR\tBelarus\tRepublic of Belarus\t
BZ\tBLZ\tBelize\t\t
CA\tCAN\tCanada\t\t
CC\tCCK\tCocos (Keeling) Islands\t\t
CD\tCOD\tCongo, The Democratic Republic of the\t\t
CF\tCAF\tCentral African Republic\t\t
CG\tCOG\tCongo\tRepublic of the Congo\t
CH\tCHE\tSwitzerland\tSwiss Confederation\t
CI\tCIV\tCôte d'Ivoire\tRepublic of Côte d'Ivoire\t
CK\tCOK\tCook Islands\t\t
CL\tCHL\tChile\tRepublic of Chile\t
CM\tCMR\tCameroon\tRepublic of Cameroon\t
CN\tCHN\tChina\tPeople's Republic of China\t
CO\tCOL\tColombia\tRepublic of Colombia\t
CR\tCRI\tCosta Rica\tRepublic of Costa Rica\t
CU\tCUB\tCuba\tRepublic of Cuba\t
CV\tCPV\tCabo Verde\tRepublic of Cabo Verde\t
CW\tCUW\tCuraçao\tCuraçao\t
CX\tCXR\tChristmas Island\t\t
CY\tCYP\tCyprus\tRepublic of Cyprus\t
CZ\tCZE\tCzechia\tCzech Republic\t
DE\tDEU\tGermany\tFederal Republic of Germany\t
DJ\tDJI\tDjibouti\tRepublic of Djibouti\t
DK\tDNK\tDenmark\tKingdom of Denmark\t
DM\tDMA\tDominica\tCommonwealth of Dominica\t
DO\tDOM\tDominican Republic\t\t
DZ\tDZA\tAlgeria\tPeople's Democratic Republic of Algeria\t
EC\tECU\tEcuador\tRepublic of Ecuador\t
EE\tEST\tEstonia\tRepublic of Estonia\t
EG\tEGY\tEgypt\tArab Republic of Egypt\t
EH\tESH\tWestern Sahara\t\t
ER\tERI\tEritrea\tthe State of Eritrea\t
ES\tESP\tSpain\tKingdom of Spain\t
ET\tETH\tEthiopia\tFederal Democratic Republic of Ethiopia\t
FI\tFIN\tFinland\tRepublic of Finland\t
FJ\tFJI\tFiji\tRepublic of Fiji\t
FK\tFLK\tFalkland Islands (Malvinas)\t\t
FM\tFSM\tMicronesia, Federated States of\tFederated States of Micronesia\t
FO\tFRO\tFaroe Islands\t\t
FR\tFRA\tFrance\tFrench Republic\t
GA\tGAB\tGabon\tGabonese Republic\t
GB\tGBR\tUnited Kingdom\tUnited Kingdom of Great Britain and Northern Ireland\t
GD\tGRD\tGrenada\t\t
GE\tGEO\tGeorgia\t\t
GF\tGUF\tFrench Guiana\t\t
GG\tGGY\tGuernsey\t\t
GH\tGHA\tGhana\tRepublic of Ghana\t
GI\tGIB\tGibraltar\t\t
GL\tGRL\tGreenland\t\t
GM\tGMB\tGambia\tRepublic of the Gambia\t
GN\tGIN\tGuinea\tRepublic of Guinea\t
GP\tGLP\tGuadeloupe\t\t
GQ\tGNQ\tEquatorial Guinea\tRepublic of Equatorial Guinea\t
GR\tGRC\tGreece\tHellenic Republic\t
GS\tSGS\tSouth Georgia and the South Sandwich Islands\t\t
GT\tGTM\tGuatemala\tRepublic of Guatemala\t
GU\tGUM\tGuam\t\t
GW\tGNB\tGuinea-Bissau\tRepublic of Guinea-Bissau\t
GY\tGUY\tGuyana\tRepublic of Guyana\t
HK\tHKG\tHong Kong\tHong Kong Special Administrative Region of China\t
HM\tHMD\tHeard Island and McDonald Islands\t\t
HN\tHND\tHonduras\tRepublic of Honduras\t
HR\tHRV\tCroatia\tRepublic of Croatia\t
HT\tHTI\tHaiti\tRepublic of Haiti\t
HU\tHUN\tHungary\tHungary\t
ID\tIDN\tIndonesia\tRepublic of Indonesia\t
IE\tIRL\tIreland\t\t
IL\tISR\tIsrael\tState of Israel\t
IM\tIMN\tIsle of Man\t\t
IN\tIND\tIndia\tRepublic of India\t
IO\tIOT\tBritish Indian Ocean Territory\t\t
IQ\tIRQ\tIraq\tRepublic of Iraq\t
IR\tIRN\tIran, Islamic Republic of\tIslamic Republic of Iran\tIran
IS\tISL\tIceland\tRepublic of Iceland\t
IT\tITA\tItaly\tItalian Republic\t
JE\tJEY\tJersey\t\t
JM\tJAM\tJamaica\t\t
JO\tJOR\tJordan\tHashemite Kingdom of Jordan\t
JP\tJPN\tJapan\t\t
KE\tKEN\tKenya\tRepublic of Kenya\t
KG\tKGZ\tKyrgyzstan\tKyrgyz Republic\t
KH\tKHM\tCambodia\tKingdom of Cambodia\t
KI\tKIR\tKiribati\tRepublic of Kiribati\t
KM\tCOM\tComoros\tUnion of the Comoros\t
KN\tKNA\tSaint Kitts and Nevis\t\t
KP\tPRK\tKorea, Democratic People's Republic of\tDemocratic People's Republic of Korea\tNorth Korea
KR\tKOR\tKorea, Republic of\t\tSouth Korea
KW\tKWT\tKuwait\tState of Kuwait\t
KY\tCYM\tCayman Islands\t\t
KZ\tKAZ\tKazakhstan\tRepublic of Kazakhstan\t
LA\tLAO\tLao People's Democratic Republic\t\tLaos
LB\tLBN\tLebanon\tLebanese Republic\t
LC\tLCA\tSaint Lucia\t\t
LI\tLIE\tLiechtenstein\tPrincipality of Liechtenstein\t
LK\tLKA\tSri Lanka\tDemocratic Socialist Republic of Sri Lanka\t
LR\tLBR\tLiberia\tRepublic of Liberia\t
LS\tLSO\tLesotho\tKingdom of Lesotho\t
LT\tLTU\tLithuania\tRepublic of Lithuania\t
LU\tLUX\tLuxembourg\tGrand Duchy of Luxembourg\t
LV\tLVA\tLatvia\tRepublic of Latvia\t
LY\tLBY\tLibya\tLibya\t
MA\tMAR\tMorocco\tKingdom of Morocco\t
MC\tMCO\tMonaco\tPrincipality of Monaco\t
MD\tMDA\tMoldova, Republic of\tRepublic of Moldova\tMoldova
ME\tMNE\tMontenegro\tMontenegro\t
MF\tMAF\tSaint Martin (French part)\t\t
MG\tMDG\tMadagascar\tRepublic of Madagascar\t
MH\tMHL\tMarshall Islands\tRepublic of the Marshall Islands\t
MK\tMKD\tNorth Macedonia\tRepublic of North Macedonia\t
ML\tMLI\tMali\tRepublic of Mali\t
MM\tMMR\tMyanmar\tRepublic of Myanmar\t
MN\tMNG\tMongolia\t\t
MO\tMAC\tMacao\tMacao Special Administrative Region of China\t
MP\tMNP\tNorthern Mariana Islands\tCommonwealth of the Northern Mariana Islands\t
MQ\tMTQ\tMartinique\t\t
MR\tMRT\tMauritania\tIslamic Republic of Mauritania\t
MS\tMSR\tMontserrat\t\t
MT\tMLT\tMalta\tRepublic of Malta\t
MU\tMUS\tMauritius\tRepublic of Mauritius\t
MV\tMDV\tMaldives\tRepublic of Maldives\t
MW\tMWI\tMalawi\tRepublic of Malawi\t
MX\tMEX\tMexico\tUnited Mexican States\t
MY\tMYS\tMalaysia\t\t
MZ\tMOZ\tMozambique\tRepublic of Mozambique\t
NA\tNAM\tNamibia\tRepublic of Namibia\t
NC\tNCL\tNew Caledonia\t\t
NE\tNER\tNiger\tRepublic of the Niger\t
NF\tNFK\tNorfolk Island\t\t
NG\tNGA\tNigeria\tFederal Republic of Nigeria\t
NI\tNIC\tNicaragua\tRepublic of Nicaragua\t
NL\tNLD\tNetherlands\tKingdom of the Netherlands\t
NO\tNOR\tNorway\tKingdom of Norway\t
NP\tNPL\tNepal\tFederal Democratic Republic of Nepal\t
NR\tNRU\tNauru\tRepublic of Nauru\t
NU\tNIU\tNiue\tNiue\t
NZ\tNZL\tNew Zealand\t\t
OM\tOMN\tOman\tSultanate of Oman\t
PA\tPAN\tPanama\tRepublic of Panama\t
PE\tPER\tPeru\tRepublic of Peru\t
PF\tPYF\tFrench Polynesia\t\t
PG\tPNG\tPapua New Guinea\tIndependent State of Papua New Guinea\t
PH\tPHL\tPhilippines\tRepublic of the Philippines\t
PK\tPAK\tPakistan\tIslamic Republic of Pakistan\t
PL\tPOL\tPoland\tRepublic of Poland\t
PM\tSPM\tSaint Pierre and Miquelon\t\t
PN\tPCN\tPitcairn\t\t
PR\tPRI\tPuerto Rico\t\t
PS\tPSE\tPalestine, State of\tthe State of Palestine\t
PT\tPRT\tPortugal\tPortuguese Republic\t
PW\tPLW\tPalau\tRepublic of Palau\t
PY\tPRY\tParaguay\tRepublic of Paraguay\t
QA\tQAT\tQatar\tState of Qatar\t
RE\tREU\tRéunion\t\t
RO\tROU\tRomania\t\t
RS\tSRB\tSerbia\tRepublic of Serbia\t
RU\tRUS\tRussian Federation\t\t
RW\tRWA\tRwanda\tRwandese Republic\t
SA\tSAU\tSaudi Arabia\tKingdom of Saudi Arabia\t
SB\tSLB\tSolomon Islands\t\t
SC\tSYC\tSeychelles\tRepublic of Seychelles\t
SD\tSDN\tSudan\tRepublic of the Sudan\t
SE\tSWE\tSweden\tKingdom of Sweden\t
SG\tSGP\tSingapore\tRepublic of Singapore\t
SH\tSHN\tSaint Helena, Ascension and Tristan da Cunha\t\t
SI\tSVN\tSlovenia\tRepublic of Slovenia\t
SJ\tSJM\tSvalbard and Jan Mayen\t\t
SK\tSVK\tSlovakia\tSlovak Republic\t
SL\tSLE\tSierra Leone\tRepublic of Sierra Leone\t
SM\tSMR\tSan Marino\tRepublic of San Marino\t
SN\tSEN\tSenegal\tRepublic of Senegal\t
SO\tSOM\tSomalia\tFederal Republic of Somalia\t
SR\tSUR\tSuriname\tRepublic of Suriname\t
SS\tSSD\tSouth Sudan\tRepublic of South Sudan\t
ST\tSTP\tSao Tome and Principe\tDemocratic Republic of Sao Tome and Principe\t
SV\tSLV\tEl Salvador\tRepublic of El Salvador\t
SX\tSXM\tSint Maarten (Dutch part)\tSint Maarten (Dutch part)\t
SY\tSYR\tSyrian Arab Republic\t\tSyria
SZ\tSWZ\tEswatini\tKingdom of Eswatini\t
TC\tTCA\tTurks and Caicos Islands\t\t
TD\tTCD\tChad\tRepublic of Chad\t
TF\tATF\tFrench Southern Territories\t\t
TG\tTGO\tTogo\tTogolese Republic\t
TH\tTHA\tThailand\tKingdom of Thailand\t
TJ\tTJK\tTajikistan\tRepublic of Tajikistan\t
TK\tTKL\tTokelau\t\t
TL\tTLS\tTimor-Leste\tDemocratic Republic of Timor-Leste\t
TM\tTKM\tTurkmenistan\t\t
TN\tTUN\tTunisia\tRepublic of Tunisia\t
TO\tTON\tTonga\tKingdom of Tonga\t
TR\tTUR\tTürkiye\tRepublic of Türkiye\t
TT\tTTO\tTrinidad and Tobago\tRepublic of Trinidad and Tobago\t
TV\tTUV\tTuvalu\t\t
TW\tTWN\tTaiwan, Province of China\tTaiwan, Province of China\tTaiwan
TZ\tTZA\tTanzania, United Republic of\tUnited Republic of Tanzania\tTanzania
UA\tUKR\tUkraine\t\t
UG\tUGA\tUganda\tRepublic of Uganda\t
UM\tUMI\tUnited States Minor Outlying Islands\t\t
US\tUSA\tUnited States\tUnited States of America\t
UY\tURY\tUruguay\tEastern Republic of Uruguay\t
UZ\tUZB\tUzbekistan\tRepublic of Uzbekistan\t
VA\tVAT\tHoly See (Vatican City State)\t\t
VC\tVCT\tSaint Vincent and the Grenadines\t\t
VE\tVEN\tVenezuela, Bolivarian Republic of\tBolivarian Republic of Venezuela\tVenezuela
VG\tVGB\tVirgin Islands, British\tBritish Virgin Islands\t
VI\tVIR\tVirgin Islands, U.S.\tVirgin Islands of the United States\t
VN\tVNM\tViet Nam\tSocialist Republic of Viet Nam\tVietnam
VU\tVUT\tVanuatu\tRepublic of Vanuatu\t
WF\tWLF\tWallis and Futuna\t\t
WS\tWSM\tSamoa\tIndependent State of Samoa\t
YE\tYEM\tYemen\tRepublic of Yemen\t
YT\tMYT\tMayotte\t\t
ZA\tZAF\tSouth Africa\tRepublic of South Africa\t
ZM\tZMB\tZambia\tRepublic of Zambia\t
ZW\tZWE\tZimbabwe\tRepublic of Zimbabwe\t
"""
}
