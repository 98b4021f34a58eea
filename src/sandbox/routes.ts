// The route table: every endpoint of the spec plus the helper lists of the service facts.
import type { Endpoint } from "./endpoint";
import { companies } from "./endpoints/companies";
import { companiesWithSegments } from "./endpoints/companies-with-segments";
import { filings } from "./endpoints/filings";
import { globalCommodity } from "./endpoints/global-commodity";
import { indexDaily } from "./endpoints/index-daily";
import { indexMembersEndpoint } from "./endpoints/index-members";
import { industries } from "./endpoints/industries";
import { klseCompanies } from "./endpoints/klse-companies";
import { klseReport } from "./endpoints/klse-report";
import { klseSectors } from "./endpoints/klse-sectors";
import { klseTop } from "./endpoints/klse-top";
import { mineralCompanies } from "./endpoints/mineral-companies";
import { miningCompanies } from "./endpoints/mining-companies";
import { miningCompany } from "./endpoints/mining-company";
import { miningFinancials } from "./endpoints/mining-financials";
import { miningLicenses } from "./endpoints/mining-licenses";
import { miningPerformance } from "./endpoints/mining-performance";
import { miningSites } from "./endpoints/mining-sites";
import { news } from "./endpoints/news";
import { quarterly } from "./endpoints/quarterly";
import { quarterlyDates } from "./endpoints/quarterly-dates";
import { salesDestination } from "./endpoints/sales-destination";
import { segments } from "./endpoints/segments";
import { sgxCompaniesEndpoint } from "./endpoints/sgx-companies";
import { sgxSectors } from "./endpoints/sgx-sectors";
import { subindustries } from "./endpoints/subindustries";
import { subsectors } from "./endpoints/subsectors";
import { tags } from "./endpoints/tags";

export const ENDPOINTS: Endpoint[] = [
  filings,
  news,
  companies,
  companiesWithSegments,
  subsectors,
  industries,
  subindustries,
  tags,
  indexMembersEndpoint,
  indexDaily,
  quarterly,
  quarterlyDates,
  segments,
  sgxSectors,
  sgxCompaniesEndpoint,
  klseSectors,
  klseCompanies,
  klseReport,
  klseTop,
  miningCompanies,
  mineralCompanies,
  miningCompany,
  miningFinancials,
  miningPerformance,
  miningLicenses,
  miningSites,
  salesDestination,
  globalCommodity,
];
