import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { num, str } from "../response";
import { commodityArg, keywordArg, limitArg, offsetArg } from "./common";

const miningCompany = recordTable({ id: num, name: str, idx_ticker: str, company_type: str, key_operation: str });

export const MINING_COMPANIES = defineFunction({
  name: "MINING_COMPANIES",
  summary: "Indonesian mining companies, searchable by keyword and commodity.",
  path: "/v2/mining/companies/",
  args: [keywordArg, commodityArg, limitArg, offsetArg],
  options: [],
  response: miningCompany,
  layout: asDecoded,
  ttl: TTL.reference,
  output: "Columns `id, name, idx_ticker, company_type, key_operation`; `id` is what MINING_COMPANY and MINING_PERFORMANCE take.",
  example: ["", "Coal", 10, ""],
});

export const MINERAL_COMPANIES = defineFunction({
  name: "MINERAL_COMPANIES",
  summary: "Mineral companies, searchable by keyword and commodity (no offset).",
  path: "/v2/mineral-companies/",
  args: [keywordArg, commodityArg, limitArg],
  options: [],
  response: miningCompany,
  layout: asDecoded,
  ttl: TTL.reference,
  output: "Columns `id, name, idx_ticker, company_type, key_operation`.",
  example: ["", "Nickel", ""],
});
