// The catalogue: one row per function, in the order of the user-facing contract.
// Request building, validation, flattening, the Excel and Apps Script wrappers, the CLI help
// and docs/functions.md are all derived from these rows.
import type { FunctionSpec } from "./function-spec";
import { COMPANIES } from "./functions/companies";
import { COMPANY_REPORT } from "./functions/company-report";
import { DAILY } from "./functions/daily";
import { FILINGS } from "./functions/filings";
import { GET } from "./functions/get";
import { INDEX } from "./functions/index-daily";
import { KLSE_REPORT } from "./functions/klse-report";
import { KLSE_TOP } from "./functions/klse-top";
import { LIST } from "./functions/list";
import { MINERAL_COMPANIES, MINING_COMPANIES } from "./functions/mining-companies";
import { MINING_COMPANY, MINING_FINANCIALS, MINING_PERFORMANCE } from "./functions/mining-company";
import { GLOBAL_COMMODITY, MINING_LICENSES, MINING_SITES } from "./functions/mining-lists";
import { NEWS } from "./functions/news";
import { QUARTERLY } from "./functions/quarterly";
import { SALES_DESTINATION } from "./functions/sales-destination";
import { SCREENER } from "./functions/screener";
import { SEGMENTS } from "./functions/segments";
import { SGX_COMPANIES } from "./functions/sgx-companies";

export const CATALOGUE: readonly FunctionSpec[] = [
  FILINGS,
  NEWS,
  COMPANIES,
  QUARTERLY,
  SEGMENTS,
  COMPANY_REPORT,
  DAILY,
  INDEX,
  SCREENER,
  SGX_COMPANIES,
  KLSE_REPORT,
  KLSE_TOP,
  MINING_COMPANIES,
  MINERAL_COMPANIES,
  MINING_COMPANY,
  MINING_FINANCIALS,
  MINING_PERFORMANCE,
  MINING_LICENSES,
  MINING_SITES,
  GLOBAL_COMMODITY,
  SALES_DESTINATION,
  LIST,
  GET,
];

const BY_NAME = new Map(CATALOGUE.map((f) => [f.name, f]));

/** The function of a name, case-insensitive; undefined when there is none. */
export const findFunction = (name: string): FunctionSpec | undefined => BY_NAME.get(name.trim().toUpperCase());
