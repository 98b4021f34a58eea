// The catalogue: one row per function, in the order of the user-facing contract.
// Request building, validation, flattening, the Excel and Apps Script wrappers, the CLI help
// and docs/functions.md are all derived from these rows.
import { MdqError, show } from "../base/errors";
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

export const CATALOGUE: readonly FunctionSpec[] = [
  // IDX
  FILINGS,
  NEWS,
  COMPANIES,
  QUARTERLY,
  SEGMENTS,
  COMPANY_REPORT,
  DAILY,
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
  MARKET_CLOSE,
  REPORTED_SINCE,
  SUSPENSIONS,
  BROKERS,
  TOP_BROKERS,
  BROKER_ACTIVITY,
  BROKER_ACTIVITY_TOP,
  // SGX and KLSE
  SGX_COMPANIES,
  SGX_REPORT,
  SGX_TOP,
  SGX_DAILY,
  SGX_FILINGS,
  SGX_NEWS,
  SGX_SHORT_SELL,
  SGX_BUYBACKS,
  KLSE_REPORT,
  KLSE_TOP,
  // Mining
  MINING_COMPANIES,
  MINERAL_COMPANIES,
  MINING_COMPANY,
  MINING_FINANCIALS,
  MINING_PERFORMANCE,
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
  // Any market
  VALUE,
  COMPANY,
  LIST,
  GET,
  SEARCH,
];

const BY_NAME = new Map(CATALOGUE.map((f) => [f.name, f]));

/** The function of a name, case-insensitive; undefined when there is none. A host looks a call's
 *  function up once, at its edge, and hands the row to the engine. */
export const findFunction = (name: string): FunctionSpec | undefined => BY_NAME.get(name.trim().toUpperCase());

/** The function of a name, or the bad argument a user sees for a name there is no function of. */
export function functionNamed(name: string): FunctionSpec {
  const fn = findFunction(name);
  if (!fn) throw new MdqError("bad_argument", `there is no function ${show(name)}; see the function list`);
  return fn;
}
