// The live edition's helper lists: the same answers as their spec-edition twins at /v2/ paths.
import type { Endpoint } from "../endpoint";
import { companiesWithSegments } from "../endpoints/companies-with-segments";
import { industries } from "../endpoints/industries";
import { klseCompanies } from "../endpoints/klse-companies";
import { klseSectors } from "../endpoints/klse-sectors";
import { sgxSectors } from "../endpoints/sgx-sectors";
import { subindustries } from "../endpoints/subindustries";
import { subsectors } from "../endpoints/subsectors";
import { tags } from "../endpoints/tags";

const at = (endpoint: Endpoint, path: string): Endpoint => ({ ...endpoint, path });

export const LIVE_LISTS: Endpoint[] = [
  at(subsectors, "/v2/subsectors/"),
  at(industries, "/v2/industries/"),
  at(subindustries, "/v2/subindustries/"),
  at(tags, "/v2/tags/"),
  at(sgxSectors, "/v2/sgx/sectors/"),
  at(klseSectors, "/v2/klse/sectors/"),
  at(klseCompanies, "/v2/klse/companies/"),
  at(companiesWithSegments, "/v2/companies/list_companies_with_segments/"),
];
