// SEARCH's ranking: which companies of the service's lists a query names, best first. Pure, so
// that every host and the tests rank alike.
//   0  the symbol itself (BBCA, D05, 5183)
//   1  a name people use for the company (search-aliases.ts: Maybank → 1155, BRI → BBRI)
//   2  a symbol starting with the query (BBC → BBCA)
//   3  the initials of the name (BCA → Bank Central Asia Tbk, TNB → Tenaga Nasional Berhad)
//   4  every word of the query starting a word of the name or of a name people use ("central
//      asia" → Bank Central Asia Tbk, "mayb" → 1155)
//   5  the query inside the name (within its words: "ntral as") or inside the symbol
// A name people use thus comes before another company that only holds the query in its name
// ("maybank": Malayan Banking before Maybank Indonesia). Names are compared without case, accents
// and the legal forms every other name carries (Tbk, PT, Bhd, Ltd): "pt bank" must not rank every
// "PT ..." company. Ties: the market, then the name.

/** The markets, in the order ties are broken (IDX is the service's home market). */
export const SEARCH_MARKETS = ["IDX", "SGX", "KLSE", "MINING"] as const;
export type SearchMarket = (typeof SEARCH_MARKETS)[number];

export interface FoundCompany {
  symbol: string;
  name: string;
  market: SearchMarket;
  sector: string;
}

import { unicodeRegExp } from "../../base/unicode";
import { SEARCH_ALIASES } from "./search-aliases";

/** Legal forms that say nothing about which company is meant. */
const LEGAL_FORMS = new Set(["tbk", "pt", "bhd", "berhad", "ltd", "limited"]);

/** Marks and the runs between words, made at the first search (unicode.ts: no \p{} literal may
 *  reach the Excel bundle, which EdgeHTML would refuse whole). */
let patterns: { marks: RegExp; between: RegExp } | undefined;

/** Lower case, accents off, words of letters and digits only. */
const wordsOf = (text: string): string[] => {
  patterns ??= { marks: unicodeRegExp("\\p{M}+", "g"), between: unicodeRegExp("[^\\p{L}\\p{N}]+") };
  return text.normalize("NFD").replace(patterns.marks, "").toLowerCase().split(patterns.between).filter(Boolean);
};

const meaningful = (words: string[]) => words.filter((w) => !LEGAL_FORMS.has(w));

/** Words an acronym skips besides the legal forms: "Bank Rakyat Indonesia (Persero) Tbk" is BRI. */
const UNSPOKEN = new Set(["persero", "dan", "and", "of", "the"]);

/** The initials people make of a name: of its words but the legal forms and UNSPOKEN ("Bank
 *  Central Asia Tbk": bca), and for a Malaysian Berhad with its B as well ("Tenaga Nasional
 *  Berhad": tnb); three letters or more, as two name too many companies to say which. */
function initialsOf(name: string[]): string[] {
  const spoken = name.filter((w) => !LEGAL_FORMS.has(w) && !UNSPOKEN.has(w)).map((w) => w[0]);
  const out = spoken.length >= 3 ? [spoken.join("")] : [];
  if (spoken.length >= 2 && (name.includes("berhad") || name.includes("bhd"))) out.push(`${spoken.join("")}b`);
  return out;
}

/** Each company's names people use, as words, by market and code; the miners listed on IDX under
 *  their IDX code. Read at the first search. */
let aliases: Map<string, string[][]> | undefined;

function aliasesOf(c: FoundCompany, symbol: string): string[][] {
  if (!aliases) {
    aliases = new Map();
    for (const [market, codes] of Object.entries(SEARCH_ALIASES))
      for (const [code, names] of Object.entries(codes))
        aliases.set(
          `${market}:${code.toLowerCase()}`,
          names.map((n) => meaningful(wordsOf(n))),
        );
  }
  return aliases.get(`${c.market === "MINING" ? "IDX" : c.market}:${symbol}`) ?? [];
}

/** A query read once for every company it is matched against. */
export interface SearchQuery {
  /** Letters and digits only, for codes; an IDX code's ".JK" dropped first (BBCA.JK is BBCA). */
  compact: string;
  words: string[];
  /** Legal forms alone ("PT", "Berhad"): they are what is looked for, in names as written. */
  forms: boolean;
}

export function readQuery(text: string): SearchQuery {
  const all = wordsOf(text.replace(/\.jk\s*$/i, ""));
  const forms = all.length > 0 && meaningful(all).length === 0;
  return { compact: all.join(""), words: forms ? all : meaningful(all), forms };
}

/** The tier of a company for a query (0 best), or undefined when the query does not name it. A
 *  name people use or initials are matched as one run of letters and digits ("a reit" is A-REIT),
 *  unless the query is legal forms alone, which no such name holds. */
export function tierOf(q: SearchQuery, c: FoundCompany): number | undefined {
  if (!q.compact) return undefined;
  const symbol = wordsOf(c.symbol.replace(/\.jk$/i, "")).join("");
  if (symbol === q.compact) return 0;
  const said = q.forms ? "" : q.words.join("");
  const known = q.forms ? [] : aliasesOf(c, symbol);
  if (said && known.some((a) => a.join("") === said)) return 1;
  if (symbol.startsWith(q.compact)) return 2;
  const all = wordsOf(c.name);
  const name = q.forms ? all : meaningful(all);
  if (said && initialsOf(all).includes(said)) return 3;
  const starts = (words: string[]) => q.words.every((w) => words.some((n) => n.startsWith(w)));
  if (starts(known.length ? [...name, ...known.flat()] : name)) return 4;
  if (` ${name.join(" ")} `.includes(q.words.join(" ")) || symbol.includes(q.compact)) return 5;
  return undefined;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The companies the query names, best first; each market's order and then the name break ties
 *  (by code unit of the lower-case name: the same order on every host, whatever its locale). */
export function rankCompanies(query: string, companies: readonly FoundCompany[]): FoundCompany[] {
  const q = readQuery(query);
  const hits: Array<{ c: FoundCompany; tier: number; key: string }> = [];
  for (const c of companies) {
    const tier = tierOf(q, c);
    if (tier !== undefined) hits.push({ c, tier, key: c.name.toLowerCase() });
  }
  hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      SEARCH_MARKETS.indexOf(a.c.market) - SEARCH_MARKETS.indexOf(b.c.market) ||
      byCodeUnit(a.key, b.key) ||
      byCodeUnit(a.c.symbol, b.c.symbol),
  );
  return hits.map((h) => h.c);
}
