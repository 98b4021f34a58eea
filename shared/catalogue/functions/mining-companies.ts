import { recordTable } from "../../answer/flatten";
import { num, str, strList } from "../../answer/response";
import { bool, choice } from "../../input/arg-kinds";
import type { ArgSpec } from "../../input/arg-spec";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { commodityArg, keywordArg, limitArg, offsetArg } from "./common";
import { LIVE_MINING_COMPANY_COMMODITIES, MINING_COMPANY_TYPES } from "./mining-vocabulary";

const specCompanies = recordTable({ id: num, name: str, idx_ticker: str, company_type: str, key_operation: str });

/** Filters of the live edition's list only. */
const LIVE_ONLY: ArgSpec[] = [
  { name: "company_type", kind: choice(MINING_COMPANY_TYPES), help: "what the company does, e.g. Mine Owner or Contractor (live edition)" },
  {
    name: "has_financials",
    kind: bool,
    help: "TRUE: only companies with financial data, which MINING_FINANCIALS answers for (live edition)",
  },
];

export const MINING_COMPANIES: FunctionSpec = {
  name: "MINING_COMPANIES",
  group: "mining",
  summary: "Indonesian mining companies, searchable by keyword and commodity.",
  args: [keywordArg, commodityArg, limitArg, offsetArg],
  options: LIVE_ONLY,
  editions: {
    spec: endpoint({
      path: "/v2/mining/companies/",
      unsupported: LIVE_ONLY.map((o) => o.name),
      response: specCompanies,
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/mining/companies/",
      params: { commodity: "commodity_type" },
      choices: { commodity: LIVE_MINING_COMPANY_COMMODITIES },
      envelope: true,
      response: recordTable({ slug: str, name: str, symbol: str, company_type: str, key_operation: str, commodity_type: strList }),
      layout: asDecoded,
      output:
        'Columns `slug, name, symbol, company_type, key_operation, commodity_type` (joined with ", "); the slug or the ticker is what MINING_COMPANY, MINING_FINANCIALS and MINING_PERFORMANCE take.',
    }),
  },
  ttl: TTL.reference,
  output:
    "Columns `id, name, idx_ticker, company_type, key_operation`; `id` (or the ticker) is what MINING_COMPANY and MINING_PERFORMANCE take.",
  example: ["", "Coal", 10, ""],
};

/** The live list's names for the spec edition's columns. */
const SPEC_NAMES: Record<string, string> = { slug: "id", symbol: "idx_ticker" };

export const MINERAL_COMPANIES: FunctionSpec = {
  name: "MINERAL_COMPANIES",
  group: "mining",
  summary: "Mineral companies, searchable by keyword and commodity (no offset).",
  args: [keywordArg, commodityArg, limitArg],
  options: [],
  editions: {
    spec: endpoint({ path: "/v2/mineral-companies/", response: specCompanies, layout: asDecoded }),
    // The live service lists mineral and mining companies together: the same list, under the spec
    // edition's column names, so that a workbook's references hold when its edition changes.
    live: endpoint({
      path: "/v2/mining/companies/",
      params: { commodity: "commodity_type" },
      choices: { commodity: LIVE_MINING_COMPANY_COMMODITIES },
      envelope: true,
      response: recordTable({ slug: str, name: str, symbol: str, company_type: str, key_operation: str }),
      layout: (table) => ({ ...table, columns: table.columns.map((c) => SPEC_NAMES[c] ?? c) }),
      output:
        "Columns `id, name, idx_ticker, company_type, key_operation`, as in the spec edition; `id` holds the company's slug, what MINING_COMPANY takes in this edition.",
    }),
  },
  ttl: TTL.reference,
  output: "Columns `id, name, idx_ticker, company_type, key_operation`.",
  example: ["", "Nickel", ""],
};
