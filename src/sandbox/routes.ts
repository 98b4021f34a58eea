// The route table: every endpoint of the spec plus the helper lists of the service facts.
import type { Endpoint } from "./endpoint";
import { filings } from "./endpoints/filings";
import { news } from "./endpoints/news";
import { companies } from "./endpoints/companies";
import { companiesWithSegments } from "./endpoints/companies-with-segments";
import { subsectors } from "./endpoints/subsectors";
import { industries } from "./endpoints/industries";
import { subindustries } from "./endpoints/subindustries";
import { tags } from "./endpoints/tags";
import { indexMembersEndpoint } from "./endpoints/index-members";
import { indexDaily } from "./endpoints/index-daily";
import { quarterly } from "./endpoints/quarterly";
import { quarterlyDates } from "./endpoints/quarterly-dates";
import { segments } from "./endpoints/segments";
import { sgxSectors } from "./endpoints/sgx-sectors";
import { sgxCompaniesEndpoint } from "./endpoints/sgx-companies";
import { klseSectors } from "./endpoints/klse-sectors";
import { klseCompanies } from "./endpoints/klse-companies";
import { klseReport } from "./endpoints/klse-report";
import { klseTop } from "./endpoints/klse-top";
import { miningCompanies } from "./endpoints/mining-companies";
import { mineralCompanies } from "./endpoints/mineral-companies";
import { miningCompany } from "./endpoints/mining-company";
import { miningFinancials } from "./endpoints/mining-financials";
import { miningPerformance } from "./endpoints/mining-performance";
import { miningLicenses } from "./endpoints/mining-licenses";
import { miningSites } from "./endpoints/mining-sites";
import { salesDestination } from "./endpoints/sales-destination";
import { globalCommodity } from "./endpoints/global-commodity";

export const ENDPOINTS: Endpoint[] = [
  filings, news, companies, companiesWithSegments, subsectors, industries, subindustries, tags, indexMembersEndpoint,
  indexDaily, quarterly, quarterlyDates, segments, sgxSectors, sgxCompaniesEndpoint, klseSectors, klseCompanies,
  klseReport, klseTop, miningCompanies, mineralCompanies, miningCompany, miningFinancials, miningPerformance,
  miningLicenses, miningSites, salesDestination, globalCommodity,
];
