import { slug } from "../args";
import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { str } from "../response";

export const SGX_COMPANIES = defineFunction({
  name: "SGX_COMPANIES",
  summary: "SGX companies of one sector.",
  path: "/v1/sgx/companies/",
  args: [{ name: "sector", kind: slug, help: 'SGX sector slug, e.g. financial-services (see LIST("sgx_sectors"))', required: true }],
  options: [],
  response: recordTable({ symbol: str, company_name: str }),
  layout: asDecoded,
  ttl: TTL.reference,
  output: "Columns `symbol, company_name`.",
  example: ["financial-services"],
});
