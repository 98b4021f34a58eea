import { bool, choice, slug } from "../args";
import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { num, str } from "../response";
import { COMPANY_SORT_KEYS } from "../values";

export const COMPANIES = defineFunction({
  name: "COMPANIES",
  summary: "IDX companies of a sub-sector (or sub-industry), sorted by a metric.",
  path: "/v1/companies/",
  args: [
    { name: "sub_sector", kind: slug, help: 'sub-sector slug, e.g. banks (see LIST("subsectors"))' },
    { name: "sort_by", kind: choice(COMPANY_SORT_KEYS), help: "sort key (default symbol)" },
    { name: "desc", kind: bool, help: "TRUE for descending (default FALSE)" },
  ],
  options: [{ name: "sub_industry", kind: slug, help: 'sub-industry slug; overrides sub_sector (see LIST("subindustries"))' }],
  response: recordTable({ symbol: str, company_name: str, sorted_by: num }),
  layout: asDecoded,
  ttl: TTL.reference,
  output: "Columns `symbol, company_name, sorted_by` (`sorted_by` is the value of the sort key).",
  example: ["banks", "market_cap", true],
  check: (v) => (v.sub_sector || v.sub_industry ? undefined : "'sub_sector' or the option 'sub_industry' is required"),
});
