// The catalogue's rows by family: the Excel engine loads each family's rows as a script of its own
// (dist/excel/rows-<family>.js) when one of its functions is first called, so that a workbook
// fetches and compiles only the rows it uses. A family holds the rows whose modules load together
// anyway: VALUE's own module reaches the rows it asks (QUARTERLY, DAILY, the reports...), so they
// are VALUE's family, and a workbook of VALUE and QUARTERLY formulas loads one script. Every row is
// in exactly one family (test/shared/catalogue/families.test.ts).
import type { FunctionSpec } from "../rows/function-spec";
import { BROKER_ACTIVITY, BROKER_ACTIVITY_TOP, BROKER_SUMMARY_TOP, BROKERS, TOP_BROKERS } from "./functions/brokers";
import { COMMODITY_PRICE } from "./functions/commodity-price";
import { COMPANIES } from "./functions/companies";
import { COMPANY } from "./functions/company";
import { BROKER_SUMMARY, CORPORATE_ACTIONS, FOREIGN_FLOW, SHAREHOLDERS } from "./functions/company-flows";
import { COMPANY_REPORT } from "./functions/company-report";
import { DAILY } from "./functions/daily";
import { FILINGS } from "./functions/filings";
import { GET } from "./functions/get";
import { FREE_FLOAT, IDX_TOTAL, LISTING_PERFORMANCE, MOST_TRADED, TOP_CHANGES } from "./functions/idx-market";
import { MARKET_CLOSE, REPORTED_SINCE, SUSPENSIONS } from "./functions/idx-universe";
import { INDEX } from "./functions/index-daily";
import { KLSE_REPORT } from "./functions/klse-report";
import { KLSE_TOP } from "./functions/klse-top";
import { LIST } from "./functions/list";
import { LICENSE_AUCTION, LICENSE_AUCTIONS } from "./functions/mining-auctions";
import { MINERAL_COMPANIES, MINING_COMPANIES } from "./functions/mining-companies";
import { MINING_COMPANY, MINING_FINANCIALS, MINING_PERFORMANCE } from "./functions/mining-company";
import { MINING_OWNERSHIP, MINING_SITE } from "./functions/mining-details";
import { GLOBAL_COMMODITY, MINING_LICENSES, MINING_SITES } from "./functions/mining-lists";
import { MINING_CONTRACTS, MINING_EXPORTS, RESOURCES_RESERVES, TOTAL_PRODUCTION } from "./functions/mining-national";
import { NEWS } from "./functions/news";
import { QUARTERLY } from "./functions/quarterly";
import { SALES_DESTINATION } from "./functions/sales-destination";
import { SCREENER, SCREENER_NL } from "./functions/screener";
import { SEARCH } from "./functions/search";
import { SEGMENTS } from "./functions/segments";
import { SGX_DAILY, SGX_REPORT, SGX_TOP } from "./functions/sgx";
import { SGX_COMPANIES } from "./functions/sgx-companies";
import { SGX_BUYBACKS, SGX_FILINGS, SGX_NEWS, SGX_SHORT_SELL } from "./functions/sgx-feeds";
import { SUBSECTOR_REPORT } from "./functions/subsector-report";
import { VALUE } from "./functions/value";

/** VALUE, QUARTERLY, COMPANY (whose fields VALUE reads) and every row VALUE's module holds: the
 *  statements, prices and reports it reads. */
export const VALUE_FAMILY: readonly FunctionSpec[] = [
  VALUE,
  QUARTERLY,
  COMPANY,
  DAILY,
  COMPANY_REPORT,
  LIST,
  MARKET_CLOSE,
  REPORTED_SINCE,
  SUSPENSIONS,
  SGX_REPORT,
  SGX_TOP,
  SGX_DAILY,
  KLSE_REPORT,
  MINING_COMPANY,
  MINING_FINANCIALS,
  MINING_PERFORMANCE,
];

/** The rest of IDX: filings and news, the market's tables, brokers and flows. */
export const IDX_FAMILY: readonly FunctionSpec[] = [
  FILINGS,
  NEWS,
  COMPANIES,
  SEGMENTS,
  INDEX,
  SCREENER,
  SCREENER_NL,
  FREE_FLOAT,
  SUBSECTOR_REPORT,
  IDX_TOTAL,
  MOST_TRADED,
  TOP_CHANGES,
  LISTING_PERFORMANCE,
  BROKER_SUMMARY,
  BROKER_SUMMARY_TOP,
  FOREIGN_FLOW,
  CORPORATE_ACTIONS,
  SHAREHOLDERS,
  BROKERS,
  TOP_BROKERS,
  BROKER_ACTIVITY,
  BROKER_ACTIVITY_TOP,
];

/** The rest of SGX and KLSE. */
export const MARKETS_FAMILY: readonly FunctionSpec[] = [SGX_COMPANIES, SGX_FILINGS, SGX_NEWS, SGX_SHORT_SELL, SGX_BUYBACKS, KLSE_TOP];

/** Mining but the company's own rows (VALUE's). */
export const MINING_FAMILY: readonly FunctionSpec[] = [
  MINING_COMPANIES,
  MINERAL_COMPANIES,
  MINING_OWNERSHIP,
  MINING_CONTRACTS,
  MINING_LICENSES,
  LICENSE_AUCTIONS,
  LICENSE_AUCTION,
  MINING_SITES,
  MINING_SITE,
  RESOURCES_RESERVES,
  TOTAL_PRODUCTION,
  MINING_EXPORTS,
  GLOBAL_COMMODITY,
  SALES_DESTINATION,
  COMMODITY_PRICE,
];

/** Any market: GET and SEARCH (SEARCH's names and ranking are its own). */
export const ANY_FAMILY: readonly FunctionSpec[] = [GET, SEARCH];

/** Each family's id (its script is rows-<id>.js) and the name of its export above. */
export const ROW_FAMILIES = [
  { id: "value", rows: "VALUE_FAMILY" },
  { id: "idx", rows: "IDX_FAMILY" },
  { id: "markets", rows: "MARKETS_FAMILY" },
  { id: "mining", rows: "MINING_FAMILY" },
  { id: "any", rows: "ANY_FAMILY" },
] as const;
