import { recordTable } from "../../answer/flatten";
import { str } from "../../answer/response";
import { slug } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { allPages, screenerQuery, screenerRows, slugCondition } from "./screener-rows";

export const SGX_COMPANIES: FunctionSpec = {
  name: "SGX_COMPANIES",
  group: "sgx",
  summary: "SGX companies of one sector.",
  args: [{ name: "sector", kind: slug, help: 'SGX sector slug, e.g. financial-services (see LIST("sgx_sectors"))', required: true }],
  options: [],
  editions: {
    spec: endpoint({ path: "/v1/sgx/companies/", response: recordTable({ symbol: str, company_name: str }), layout: asDecoded }),
    live: endpoint({
      path: "/v2/sgx/companies/",
      params: { sector: null },
      query: (v) => screenerQuery(slugCondition("sector", v.sector ?? "")),
      response: screenerRows,
      layout: asDecoded,
      load: allPages,
      output: "Columns `symbol, company_name`, then the values the screener matched (`query_values.sector`).",
    }),
  },
  ttl: TTL.reference,
  output: "Columns `symbol, company_name`.",
  example: ["financial-services"],
};
