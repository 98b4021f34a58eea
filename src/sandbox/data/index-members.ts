// Constituents behind /v1/index/{index}/. IDX indices draw on the sandbox's IDX universe
// (state-owned names for BUMN20, sharia-compliant non-banks plus BRIS for JII70, ...); STI and
// STI lists Singapore blue chips from the SGX data; FTSE is read as the FTSE Indonesia large caps.
import { type INDEX_CODES, ownValue } from "../../../shared";
import { IDX_COMPANIES } from "./idx-companies";
import { sgxCompany } from "./sgx";

type Code = (typeof INDEX_CODES)[number];

const ALL = IDX_COMPANIES.map((c) => c.symbol);
const STATE_OWNED = ["BBRI", "BMRI", "BBNI", "BBTN", "BRIS", "TLKM", "PTBA", "ANTM", "TINS"];
const SHARIA = [
  "BRIS",
  "TLKM",
  "ISAT",
  "EXCL",
  "ASII",
  "UNVR",
  "ICBP",
  "INDF",
  "MYOR",
  "ADRO",
  "ITMG",
  "PTBA",
  "ANTM",
  "INCO",
  "TINS",
  "MDKA",
  "BRMS",
];
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
  ftse: BIG,
  lq45: ALL.filter((s) => s !== "BNGA"),
  idx30: BIG.concat("BRIS", "EXCL", "ISAT"),
  idxbumn20: STATE_OWNED,
  idxesgl: ["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "UNVR", "ICBP", "INDF", "ISAT", "EXCL"],
  idxg30: ["BBCA", "BMRI", "ASII", "ICBP", "MYOR", "ADRO", "MDKA", "BRIS", "ISAT"],
  idxhidiv20: ["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "ASII", "UNVR", "ADRO", "ITMG", "PTBA"],
  idxq30: ["BBCA", "BMRI", "TLKM", "ICBP", "INDF", "UNVR", "ASII", "MYOR"],
  idxv30: ["BBNI", "BBTN", "BNGA", "ASII", "INDF", "ADRO", "ITMG", "PTBA", "BUMI", "TINS"],
  jii70: SHARIA,
  media100: ALL,
  sminfra18: ["TLKM", "ISAT", "EXCL", "BBRI", "BMRI", "BBNI", "ASII", "PTBA"],
  srikehati: ["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "UNVR", "ICBP", "INDF", "ASII"],
  economic30: BIG.concat("BRIS", "ISAT", "EXCL", "MYOR", "BUKA", "EMTK", "TINS", "BRMS", "BBTN", "BNGA"),
  idxvesta28: ["BBCA", "BBRI", "BMRI", "TLKM", "ASII", "ICBP", "UNVR", "INDF", "ADRO", "PTBA"],
};

const SGX_BLUE_CHIPS = ["D05", "O39", "U11", "Z74", "C38U", "A17U", "F34", "Y92", "C6L", "S63", "BN4", "U96", "S68", "C09", "9CI"];

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
