// The provider's own Excel add-in (supertypeai/sectors_excel_addin, June 2026: 34 functions on the
// live API) beside MDQ: for each of its functions, the MDQ call that gives the same data. Rendered
// into docs/functions.md; a test checks that every MDQ call here is a valid call of the live edition.

import { type CellValue, exampleCall, findFunction } from "../shared";

export interface Counterpart {
  /** The provider's function, as its docs write it. */
  theirs: string;
  /** The MDQ function and arguments that give the same data. */
  name: string;
  args: CellValue[];
  /** What differs, where it matters. */
  note?: string;
}

export const PROVIDER_ADDIN: readonly Counterpart[] = [
  {
    theirs: 'SCREEN("sub_sector = \'banks\' and pe_ttm < 15", "-market_cap", 10)',
    name: "SCREENER",
    args: ["sub_sector = 'banks' and pe_ttm < 15", "-market_cap", "", "limit=10"],
    note: "up to 1,000 rows (pages followed); the values the query used as columns",
  },
  {
    theirs: 'SCREEN_NL("top 5 companies by dividend yield in financials sector")',
    name: "SCREENER_NL",
    args: ["top 5 companies by dividend yield in financials sector"],
  },
  { theirs: 'FREE_FLOAT("banks")', name: "FREE_FLOAT", args: ["banks"], note: "also by sector, industry or sub-industry" },
  {
    theirs: 'COMPANY_OVERVIEW("BBCA")',
    name: "COMPANY_REPORT",
    args: ["BBCA", "overview"],
    note: "every field of the section, not a fixed dozen",
  },
  { theirs: 'COMPANY_VALUATION("BBCA")', name: "COMPANY_REPORT", args: ["BBCA", "", "historical_valuation"] },
  { theirs: 'COMPANY_FINANCIALS("BBCA")', name: "COMPANY_REPORT", args: ["BBCA", "", "historical_financials"] },
  { theirs: 'COMPANY_DIVIDEND("BBCA")', name: "COMPANY_REPORT", args: ["BBCA", "", "historical_dividends"] },
  { theirs: 'COMPANY_OWNERSHIP("BBCA")', name: "COMPANY_REPORT", args: ["BBCA", "", "major_shareholders"] },
  { theirs: 'SUBSECTOR_STATISTICS("banks")', name: "SUBSECTOR_REPORT", args: ["banks", "statistics"] },
  { theirs: 'SUBSECTOR_MARKET_CAP("banks")', name: "SUBSECTOR_REPORT", args: ["banks", "market_cap"] },
  { theirs: 'SUBSECTOR_VALUATION("banks")', name: "SUBSECTOR_REPORT", args: ["banks", "", "historical_valuation"] },
  { theirs: 'SUBSECTOR_GROWTH("banks")', name: "SUBSECTOR_REPORT", args: ["banks", "", "growth"] },
  {
    theirs: 'QUARTERLY_FINANCIALS("BBCA", 4)',
    name: "QUARTERLY",
    args: ["BBCA", 4],
    note: "every field of the statement, as a statement or as rows",
  },
  { theirs: 'COMPANY_SEGMENTS("ASII", 2024)', name: "SEGMENTS", args: ["ASII", 2024] },
  { theirs: 'DAILY_PRICE("BBCA", "2025-01-01", "2025-03-01")', name: "DAILY", args: ["BBCA", "2025-01-01", "2025-03-01"] },
  { theirs: 'IDX_MARKET_CAP("2025-01-01", "2025-03-01")', name: "IDX_TOTAL", args: ["2025-01-01", "2025-03-01"] },
  { theirs: 'INDEX_DAILY("ihsg", "2025-01-01", "2025-03-01")', name: "INDEX", args: ["ihsg", "2025-01-01", "2025-03-01"] },
  { theirs: 'MOST_TRADED("2025-01-01", "2025-01-31", 5)', name: "MOST_TRADED", args: ["2025-01-01", "2025-01-31", "", "n_stock=5"] },
  { theirs: 'TOP_MOVERS("top_gainers", "7d", 5)', name: "TOP_CHANGES", args: ["top_gainers", "7d", "", "n_stock=5"] },
  { theirs: 'IPO_PERFORMANCE("GOTO")', name: "LISTING_PERFORMANCE", args: ["GOTO"], note: "with the offering's details" },
  { theirs: "KLSE_SECTORS()", name: "LIST", args: ["klse_sectors"] },
  { theirs: 'KLSE_COMPANIES("financials")', name: "LIST", args: ["klse_companies", "sector=financials"] },
  { theirs: 'KLSE_TOP_COMPANIES("market_cap", "financials")', name: "KLSE_TOP", args: ["market_cap", "financials"] },
  { theirs: 'KLSE_OVERVIEW("1155")', name: "KLSE_REPORT", args: ["1155", "overview"] },
  { theirs: 'KLSE_VALUATION("1155")', name: "KLSE_REPORT", args: ["1155", "valuation"] },
  { theirs: 'KLSE_FINANCIALS("1155")', name: "KLSE_REPORT", args: ["1155", "financials"] },
  { theirs: 'KLSE_DIVIDEND("1155")', name: "KLSE_REPORT", args: ["1155", "dividend"] },
  { theirs: "SGX_SECTORS()", name: "LIST", args: ["sgx_sectors"] },
  { theirs: 'SGX_COMPANIES("financial-services")', name: "SGX_COMPANIES", args: ["financial-services"] },
  { theirs: 'SGX_TOP_COMPANIES("dividend_yield", "financial-services")', name: "SGX_TOP", args: ["dividend_yield", "financial-services"] },
  { theirs: 'SGX_OVERVIEW("D05")', name: "SGX_REPORT", args: ["D05", "overview"] },
  { theirs: 'SGX_VALUATION("D05")', name: "SGX_REPORT", args: ["D05", "valuation"] },
  { theirs: 'SGX_FINANCIALS("D05")', name: "SGX_REPORT", args: ["D05", "", "historical_financials"] },
  { theirs: 'SGX_DIVIDEND("D05")', name: "SGX_REPORT", args: ["D05", "", "historical_dividends"] },
];

/** What MDQ has that the provider's add-in has not, by function. */
const ONLY_MDQ = [
  "FILINGS",
  "NEWS",
  "COMPANIES",
  "BROKER_SUMMARY",
  "BROKER_SUMMARY_TOP",
  "BROKERS",
  "TOP_BROKERS",
  "BROKER_ACTIVITY",
  "BROKER_ACTIVITY_TOP",
  "FOREIGN_FLOW",
  "CORPORATE_ACTIONS",
  "SHAREHOLDERS",
  "MARKET_CLOSE",
  "REPORTED_SINCE",
  "SUSPENSIONS",
  "SGX_DAILY",
  "MINING_COMPANIES",
  "MINING_COMPANY",
  "MINING_FINANCIALS",
  "MINING_PERFORMANCE",
  "MINING_LICENSES",
  "MINING_SITES",
  "GLOBAL_COMMODITY",
  "SALES_DESTINATION",
  "COMMODITY_PRICE",
  "GET",
];

export function providerComparison(): string {
  const call = (c: Counterpart) => {
    const fn = findFunction(c.name);
    if (!fn) throw new Error(`no MDQ function ${c.name}`);
    return exampleCall({ ...fn, example: c.args }, "excel");
  };
  return [
    "## MDQ beside the provider's own add-in",
    "",
    `The provider's Excel add-in (Sectors, June 2026) has ${PROVIDER_ADDIN.length} functions on the live API. Each gives the same data in MDQ as below (the live edition); report parts are arguments with pick lists (\`sections\`, \`table\`), not one function per part. MDQ also has Google Sheets and a command line, a cache, retries, errors as cell errors with advice (the add-in returns them as data rows), and functions the add-in lacks: ${ONLY_MDQ.join(", ")}.`,
    "",
    "| provider add-in | MDQ | note |",
    "|---|---|---|",
    ...PROVIDER_ADDIN.map((c) => `| \`SECTORS.${c.theirs}\` | \`${call(c)}\` | ${c.note ?? ""} |`),
    "",
  ].join("\n");
}
