// SEARCH's ranking: which companies of the service's lists a query names, best first. Pure, so
// that every host and the tests rank alike.
//   0  the symbol itself (BBCA, D05, 5183)
//   1  a symbol starting with the query (BBC → BBCA)
//   2  every word of the query starting a word of the name ("central asia" → Bank Central Asia Tbk)
//   3  the query inside the name (within its words: "ntral as") or inside the symbol
// Names are compared without case, accents and the legal forms every other name carries (Tbk, PT,
// Bhd, Ltd): "pt bank" must not rank every "PT ..." company. Ties: the market, then the name.

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

/** The tier of a company for a query (0 best), or undefined when the query does not name it. */
export function tierOf(q: SearchQuery, c: FoundCompany): number | undefined {
  if (!q.compact) return undefined;
  const symbol = wordsOf(c.symbol.replace(/\.jk$/i, "")).join("");
  if (symbol === q.compact) return 0;
  if (symbol.startsWith(q.compact)) return 1;
  const name = q.forms ? wordsOf(c.name) : meaningful(wordsOf(c.name));
  if (q.words.every((w) => name.some((n) => n.startsWith(w)))) return 2;
  if (` ${name.join(" ")} `.includes(q.words.join(" ")) || symbol.includes(q.compact)) return 3;
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
