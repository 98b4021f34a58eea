// Fixed vocabularies of the service, shared by argument validation, the sandbox and the docs.
// Source: the spec (sections 4 and 8) and the service facts for its open points.

export const INDEX_CODES = [
  "ftse",
  "idx30",
  "idxbumn20",
  "idxesgl",
  "idxg30",
  "idxhidiv20",
  "idxq30",
  "idxv30",
  "ihsg",
  "jii70",
  "media100",
  "lq45",
  "sminfra18",
  "srikehati",
  "sti",
  "economic30",
  "idxvesta28",
] as const;

/** The live edition's index codes, as its OpenAPI description lists them for /v2/index-daily/:
 *  the spec's list with kompas100, the real code of the index the spec calls media100. */
export const LIVE_INDEX_CODES = [
  "ftse",
  "idx30",
  "idxbumn20",
  "idxesgl",
  "idxg30",
  "idxhidiv20",
  "idxq30",
  "idxv30",
  "ihsg",
  "jii70",
  "kompas100",
  "lq45",
  "sminfra18",
  "srikehati",
  "sti",
  "economic30",
  "idxvesta28",
] as const;

/** Every code a cell may name: both editions' codes (media100 and kompas100 are one index). */
export const INDEX_CODE_CHOICES = [...INDEX_CODES, "kompas100"] as const;

/** The index code each edition's service knows for a code a cell named. */
export function indexCodeFor(edition: "spec" | "live", code: string | undefined): string | undefined {
  if (edition === "live") return code === "media100" ? "kompas100" : code;
  return code === "kompas100" ? "media100" : code;
}

export const COMPANY_SORT_KEYS = [
  "symbol",
  "company_name",
  "market_cap",
  "dividend_yield",
  "total_dividend",
  "revenue",
  "earnings",
  "pb",
  "pe",
  "ps",
] as const;

/** KLSE top classifications and the value field each ranking carries (spec 2.14). */
export const KLSE_CLASSIFICATIONS = {
  dividend_yield: "forward_dividend_yield",
  revenue: "revenue",
  earnings: "earnings",
  market_cap: "market_cap",
  pe: "pe",
} as const;
export type KlseClassification = keyof typeof KLSE_CLASSIFICATIONS;

export const KLSE_REPORT_SECTIONS = [
  "overview",
  "valuation",
  "financials",
  "dividend",
  "historical_earnings",
  "historical_revenue",
  "all",
] as const;

/** The sections of the live edition's company report (/v2/company/report/{symbol}/). */
export const COMPANY_REPORT_SECTIONS = [
  "overview",
  "valuation",
  "future",
  "peers",
  "financials",
  "dividend",
  "management",
  "ownership",
] as const;

export const TRANSACTION_TYPES = ["buy", "sell"] as const;
/** The live edition's filings also have transactions that are neither (`others`). */
export const LIVE_TRANSACTION_TYPES = [...TRANSACTION_TYPES, "others"] as const;
/** The filters of /v2/sgx/filings/, as its description lists them. */
export const SGX_TRANSACTION_TYPES = ["award", "buy", "others", "sell", "transfer"] as const;
export const SGX_HOLDER_TYPES = ["insider", "institution"] as const;
export const SITE_SORT_KEYS = ["year", "production"] as const;

// The live edition's closed filters, as its OpenAPI description lists them (a test compares each
// with src/sandbox/described/live-api.generated.json). Each path has its own list of commodities.

/** `holder_type` of /v2/filings/. */
export const HOLDER_TYPES = ["corporate-investor", "insider", "institution"] as const;
/** `extension` of /v2/news/: IDX articles (the default) or mining articles. */
export const NEWS_EXTENSIONS = ["idx", "mining"] as const;
/** `commodity_type` of /v2/news/ (mining articles only). */
export const NEWS_COMMODITIES = [
  "Bauxite",
  "Coal",
  "Copper",
  "Gold",
  "Iron",
  "Nickel",
  "Non-Metallic Mineral",
  "Sand, Stone, Gravel",
  "Tin",
] as const;
export const LIST_KINDS = [
  "subsectors",
  "industries",
  "subindustries",
  "tags",
  "index_members",
  "sgx_sectors",
  "klse_sectors",
  "klse_companies",
  "quarterly_dates",
  "commodities",
  "companies_with_segments",
  "sgx_subsectors",
  "sgx_tags",
] as const;

/** The live paths that answer what another does, with the key as a query parameter instead of a
 *  path segment: MDQ sends the path form (its description gives the twins' key as a path parameter
 *  of a path that has no place for it). */
export const QUERY_TWINS = [
  ["/v2/company/report/", "/v2/company/report/{symbol}/"],
  ["/v2/klse/company/report/", "/v2/klse/company/report/{symbol}/"],
  ["/v2/sgx/company/report/", "/v2/sgx/company/report/{symbol}/"],
  ["/v2/subsector/report/", "/v2/subsector/report/{sub_sector}/"],
] as const;

/** The service's bounds on counts, windows and dates (the spec and the service facts). */
export const SERVICE_BOUNDS = {
  nMax: 30,
  nDefault: 20,
  limitMax: 30,
  limitDefault: 20,
  nStockMax: 10,
  nStockDefault: 5,
  /** The most quarters one request of the statements asks for (MDQ's bound on n_quarters). */
  nQuartersMax: 100,
  minMcapMillionDefault: 1000,
  indexWindowDays: 90,
  indexDefaultDays: 30,
  indexFirstDate: "2019-01-02",
  expiringSoonDays: 365,
} as const;

/** The broker registry's classifications (/v2/brokers/); the rankings also take `all`. */
export const BROKER_COHORTS = ["institutional", "mixed", "retail", "unknown"] as const;
export const BROKER_ORIGINS = ["domestic", "foreign"] as const;
/** What TOP_BROKERS ranks by: buys plus sells, or the absolute net. */
export const BROKER_METRICS = ["gross", "net"] as const;
/** The most brokers a ranking returns (`n_brokers`). */
export const BROKERS_MAX = 90;
