// GET /v1/companies/: companies of a sub-sector or sub-industry listed today, sorted (spec 4.5).
// sorted_by carries the value the list is sorted on (text for symbol/company_name).
import { COMPANY_SORT_KEYS } from "../../../shared";
import { IDX_COMPANIES } from "../data/idx-companies";
import { isListedOnDate } from "../data/idx-listing";
import { idxMetrics } from "../data/idx-metrics";
import { SUBINDUSTRY_NAMES, SUBSECTOR_NAMES } from "../data/idx-taxonomy";
import type { Endpoint } from "../endpoint";
import { badRequest } from "../errors";

type SortKey = (typeof COMPANY_SORT_KEYS)[number];
// The real service lists the numeric keys first, then symbol and company_name.
const TEXT_KEYS: readonly SortKey[] = ["symbol", "company_name"];
const SORT_MESSAGE = `Invalid 'sort_by' parameter. Valid options are: ${[
  ...COMPANY_SORT_KEYS.filter((k) => !TEXT_KEYS.includes(k)),
  ...TEXT_KEYS,
].join(", ")}.`;

export const companies: Endpoint = {
  path: "/v1/companies/",
  handle({ query: q, today }) {
    q.allow(["sub_sector", "sub_industry", "sort_by", "desc"]);
    const subSector = q.str("sub_sector");
    const subIndustry = q.str("sub_industry");
    if (!subSector && !subIndustry) throw badRequest("Query parameter 'sub_sector' and/or 'sub_industry' is required.");
    const sortBy = (q.str("sort_by") ?? "symbol") as SortKey;
    if (!COMPANY_SORT_KEYS.includes(sortBy)) throw badRequest(SORT_MESSAGE);
    const desc = q.bool("desc", false);
    // sub_industry overrides sub_sector when both are sent.
    if (subIndustry && !SUBINDUSTRY_NAMES.has(subIndustry)) throw badRequest("The requested sub_industry does not exist.");
    if (!subIndustry && subSector && !SUBSECTOR_NAMES.has(subSector)) throw badRequest("The requested sub_sector does not exist.");
    const metrics = idxMetrics(today);
    const inGroup = (c: (typeof IDX_COMPANIES)[number]) => (subIndustry ? c.subIndustry === subIndustry : c.subSector === subSector);
    const rows = IDX_COMPANIES.filter((c) => inGroup(c) && isListedOnDate(c, today)).map((c) => {
      const symbol = `${c.symbol}.JK`;
      const value = sortBy === "symbol" ? symbol : sortBy === "company_name" ? c.name : metrics.get(c.symbol)![sortBy];
      return { symbol, company_name: c.name, sorted_by: value as number | string };
    });
    const sign = desc ? -1 : 1;
    return rows.sort((a, b) => sign * compare(a.sorted_by, b.sorted_by) || compare(a.symbol, b.symbol));
  },
};

function compare(a: number | string, b: number | string): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  // Case-insensitive, by code unit: independent of the host's locale, so every run sorts alike.
  const [x, y] = [String(a).toLowerCase(), String(b).toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}
