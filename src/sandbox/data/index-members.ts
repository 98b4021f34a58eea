// Constituents behind /v1/index/{index}/: each index of its real size, drawn from the sandbox's
// IDX universe the way its real rules draw (liquid large caps for LQ45 and IDX30, state-owned
// names for BUMN20, sharia-compliant companies for JII70, ...), close to the real lists of 2025.
// IHSG is every listed company; STI lists the Singapore blue chips of the SGX data; FTSE is read as
// the FTSE Indonesia large caps (its size follows FTSE's free-float rules, not a fixed count).
import { type INDEX_CODES, ownValue } from "../../../shared";
import { IDX_COMPANIES } from "./idx-companies";
import { sgxCompany } from "./sgx";

type Code = (typeof INDEX_CODES)[number];

const ALL = IDX_COMPANIES.map((c) => c.symbol);

/** Largest first by the 2019 market cap: a fixed order, so a membership never moves with `today`. */
const BY_SIZE = [...IDX_COMPANIES].sort((a, b) => b.price19 * b.sharesBn - a.price19 * a.sharesBn || (a.symbol < b.symbol ? -1 : 1));

/** Not sharia-compliant: conventional banks and financiers, tobacco, and the listed investment
 *  company (its income is interest and dividends of every kind). */
const NOT_SHARIA = new Set(["HMSP", "GGRM", "BFIN", "ADMF", "SRTG"]);
const SHARIA = BY_SIZE.filter((c) => (!c.bank || c.symbol === "BRIS" || c.symbol === "BTPS") && !NOT_SHARIA.has(c.symbol)).map(
  (c) => c.symbol,
);

const BIG = [
  "BBCA",
  "BBRI",
  "BMRI",
  "BBNI",
  "TLKM",
  "ASII",
  "UNVR",
  "ICBP",
  "INDF",
  "ADRO",
  "ITMG",
  "PTBA",
  "ANTM",
  "INCO",
  "MDKA",
  "GOTO",
];

const IDX_MEMBERS: Record<Exclude<Code, "sti">, string[]> = {
  ihsg: ALL,
  ftse: BIG.concat("AMRT", "UNTR", "KLBF", "CPIN", "BRPT", "TPIA", "MEDC", "AKRA", "PGAS", "SMGR"),
  lq45: [
    ...["ACES", "ADRO", "AKRA", "AMRT", "ANTM", "ARTO", "ASII", "BBCA", "BBNI", "BBRI", "BBTN", "BMRI", "BRIS", "BRPT", "CPIN"],
    ...["CTRA", "EMTK", "ESSA", "EXCL", "GOTO", "HRUM", "ICBP", "INCO", "INDF", "INKP", "INTP", "ISAT", "ITMG", "JPFA", "JSMR"],
    ...["KLBF", "MAPA", "MAPI", "MDKA", "MEDC", "PGAS", "PTBA", "SIDO", "SMGR", "SMRA", "TLKM", "TOWR", "TPIA", "UNTR", "UNVR"],
  ],
  idx30: [
    ...["ADRO", "AKRA", "AMRT", "ANTM", "ASII", "BBCA", "BBNI", "BBRI", "BMRI", "BRIS", "BRPT", "CPIN", "GOTO", "ICBP", "INCO"],
    ...["INDF", "INKP", "ISAT", "ITMG", "JPFA", "KLBF", "MDKA", "MEDC", "PGAS", "PTBA", "SMGR", "TLKM", "TOWR", "UNTR", "UNVR"],
  ],
  idxbumn20: [
    ...["BBRI", "BMRI", "BBNI", "BBTN", "BRIS", "AGRO", "TLKM", "PTBA", "ANTM", "TINS"],
    ...["SMGR", "JSMR", "PGAS", "PTPP", "WIKA", "ADHI", "WSKT", "ELSA", "KAEF", "KRAS"],
  ],
  idxesgl: [
    ...["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "UNVR", "ICBP", "INDF", "ISAT", "EXCL", "KLBF", "SIDO", "ASII", "UNTR", "AKRA"],
    ...["AMRT", "CPIN", "JPFA", "SMGR", "INTP", "CTRA", "BSDE", "PWON", "SMRA", "MAPI", "ACES", "ERAA", "TOWR", "JSMR", "PGAS"],
  ],
  idxg30: [
    ...["BBCA", "BMRI", "BBRI", "ASII", "ICBP", "INDF", "MYOR", "ADRO", "ITMG", "MDKA", "BRIS", "ISAT", "AMRT", "CPIN", "KLBF"],
    ...["SIDO", "UNTR", "AKRA", "MAPI", "MAPA", "ACES", "ERAA", "CTRA", "PWON", "SMSM", "AUTO", "TOWR", "HEAL", "MIKA", "SILO"],
  ],
  idxhidiv20: [
    ...["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "ASII", "UNVR", "ADRO", "ITMG", "PTBA"],
    ...["UNTR", "INDF", "ICBP", "HMSP", "GGRM", "KLBF", "AKRA", "SIDO", "MEDC", "INDY"],
  ],
  idxq30: [
    ...["BBCA", "BBRI", "BMRI", "BBNI", "NISP", "TLKM", "ICBP", "INDF", "UNVR", "ASII", "MYOR", "KLBF", "SIDO", "UNTR", "AMRT"],
    ...["CPIN", "AKRA", "MIKA", "SMSM", "ULTJ", "ROTI", "TOWR", "TBIG", "ITMG", "PTBA", "ADRO", "INTP", "HMSP", "MAPI", "ACES"],
  ],
  idxv30: [
    ...["BBNI", "BBTN", "BNGA", "BDMN", "PNBN", "NISP", "BJBR", "BJTM", "ASII", "INDF", "ADRO", "ITMG", "PTBA", "BUMI", "TINS"],
    ...["MEDC", "INDY", "HRUM", "TOBA", "ELSA", "PGAS", "JPFA", "BSDE", "CTRA", "PWON", "LPKR", "DMAS", "KRAS", "SSMS", "LSIP"],
  ],
  jii70: SHARIA.slice(0, 70),
  media100: BY_SIZE.slice(0, 100).map((c) => c.symbol),
  sminfra18: [
    ...["TLKM", "ISAT", "EXCL", "TOWR", "TBIG", "BBRI", "BMRI", "BBNI", "ASII"],
    ...["PTBA", "JSMR", "PGAS", "AKRA", "SMGR", "WIKA", "PTPP", "ADHI", "WSKT"],
  ],
  srikehati: [
    ...["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "UNVR", "ICBP", "INDF", "ASII", "KLBF", "SIDO", "UNTR", "AKRA"],
    ...["JSMR", "PGAS", "SMGR", "INTP", "CTRA", "BSDE", "PWON", "JPFA", "CPIN", "AMRT", "MIKA", "TOWR"],
  ],
  economic30: BIG.concat("BRIS", "ISAT", "EXCL", "MYOR", "BUKA", "EMTK", "TINS", "BRMS", "BBTN", "BNGA", "UNTR", "KLBF", "CPIN", "AMRT"),
  idxvesta28: [
    ...["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "ASII", "ICBP", "UNVR", "INDF", "ADRO", "PTBA", "UNTR", "KLBF", "AMRT"],
    ...["CPIN", "JPFA", "AKRA", "SIDO", "MYOR", "ITMG", "INTP", "SMGR", "CTRA", "PWON", "TOWR", "MAPI", "ACES", "SMSM"],
  ],
};

/** The 30 constituents of the Straits Times Index. */
const SGX_BLUE_CHIPS = [
  ...["D05", "O39", "U11", "S68", "C38U", "A17U", "9CI", "C09", "U14", "M44U", "N2IU", "ME8U", "AJBU", "BUOU", "H78"],
  ...["Z74", "S63", "BN4", "5E2", "BS6", "J36", "C07", "F34", "Y92", "D01", "G13", "C6L", "S58", "U96", "V03"],
];

/** The number of members each index has by its own rules (none for IHSG, every listed company,
 *  nor for FTSE Indonesia, whose count follows free float). */
export const INDEX_SIZES: Readonly<Partial<Record<Code | "kompas100", number>>> = {
  lq45: 45,
  idx30: 30,
  idxbumn20: 20,
  idxesgl: 30,
  idxg30: 30,
  idxhidiv20: 20,
  idxq30: 30,
  idxv30: 30,
  jii70: 70,
  media100: 100,
  kompas100: 100,
  sminfra18: 18,
  srikehati: 25,
  economic30: 30,
  idxvesta28: 28,
  sti: 30,
};

export function indexMembers(code: Code): { symbol: string; company_name: string }[] {
  if (code === "sti") {
    return SGX_BLUE_CHIPS.map((s) => ({ symbol: s, company_name: sgxCompany(s)?.name ?? s }));
  }
  // Own fields only: the code comes from a request path.
  return ownValue(IDX_MEMBERS, code)!.map((s) => {
    const c = IDX_COMPANIES.find((x) => x.symbol === s)!;
    return { symbol: `${c.symbol}.JK`, company_name: c.name };
  });
}
