// What the natural-language translator knows of each screener's universe: the taxonomy names it
// can filter on (display names, as the screener compares them, and slugs) and the metrics it can
// rank by, written in the screener's own fields.
import { displayName } from "../data/display-names";
import { IDX_COMPANIES } from "../data/idx-companies";
import { fullYears } from "../data/idx-financials";
import { SGX_SECTORS } from "../data/sgx";
import { yearOf } from "../dates";
import { memo } from "../memo";
import type { Group, Metric, Vocabulary } from "../screener/natural";

const MARKET_CAP: Metric = { words: ["market cap", "market capitalization", "market capitalisation", "mcap", "size"], field: "market_cap" };

const IDX_METRICS: Metric[] = [
  MARKET_CAP,
  { words: ["revenue", "sales", "turnover"], field: "revenue", yearly: true },
  { words: ["earnings", "profit", "net profit", "net income"], field: "earnings", yearly: true },
  { words: ["dividend yield", "yield", "dividend"], field: "yield_ttm", positive: true },
  { words: ["pe", "p/e", "pe ratio", "p/e ratio", "pe ttm", "price to earnings", "price earnings"], field: "pe_ttm", ascending: true },
];

const group = (field: string, slug: string): Group => ({ names: [displayName(slug), slug], field, value: displayName(slug) });

/** Broad levels first, so "basic materials" (a sector and a sub-sector) reads as the sector. */
const IDX_GROUPS: Group[] = (["sector", "subSector", "industry", "subIndustry"] as const).flatMap((level) =>
  [...new Set(IDX_COMPANIES.map((c) => c[level]))].map((slug) =>
    group(
      level.replace(/[A-Z]/, (m) => `_${m.toLowerCase()}`),
      slug,
    ),
  ),
);

export const idxVocabulary = memo(
  (today: string): Vocabulary => ({
    groups: IDX_GROUPS,
    metrics: IDX_METRICS,
    latestYear: fullYears(today).at(-1) ?? yearOf(today) - 1,
    help: { groups: "a sector, sub-sector or industry", examples: ["top 5 banks by market cap", "energy companies"] },
  }),
);

/** The SGX screener has sectors and market caps only. */
export const SGX_VOCABULARY: Vocabulary = {
  groups: SGX_SECTORS.map((s) => group("sector", s)),
  metrics: [MARKET_CAP],
  help: { groups: "a sector", examples: ["top 5 financial services by market cap", "technology companies"] },
};
