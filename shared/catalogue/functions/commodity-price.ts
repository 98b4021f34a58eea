import { tableOf } from "../../answer/flatten";
import { isObject, open } from "../../answer/response";
import { titleCase, year } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";

export const COMMODITY_PRICE: FunctionSpec = {
  name: "COMMODITY_PRICE",
  group: "mining",
  summary: "Monthly price history of a commodity (coal, gold, nickel, ...), at most three years per call.",
  args: [
    { name: "commodity", kind: titleCase, help: 'commodity, e.g. Coal, Gold (see LIST("commodities"))', required: true, at: "path" },
    { name: "start_year", kind: year, help: "first year (default two years before end_year)" },
    { name: "end_year", kind: year, help: "last year, included (default the current year)" },
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/commodities/{commodity}/price/",
      // The service counts a missing start_year from the current year, not from end_year: sent, so
      // that an end_year alone gives the three years up to it, as the help says.
      query: (v) => ({ start_year: v.start_year ?? (v.end_year ? String(Math.max(1900, Number(v.end_year) - 2)) : undefined) }),
      response: open,
      // The price's field names its unit (price_usd_per_ton, ...): kept as the service names it.
      layout: (answer) => tableOf(Array.isArray(answer) ? answer.filter(isObject) : []),
    }),
  },
  ttl: TTL.financials,
  output: "One row per month (or fortnight): `name, date` and the price, named by its unit (`price_usd_per_ton`).",
  example: ["Coal", 2024, 2025],
  check: (v) => {
    if (v.start_year && v.end_year && Number(v.start_year) > Number(v.end_year))
      return `'start_year' (${v.start_year}) must not be after 'end_year' (${v.end_year})`;
    return v.start_year && v.end_year && Number(v.end_year) - Number(v.start_year) >= 3
      ? `'start_year' to 'end_year' spans ${Number(v.end_year) - Number(v.start_year) + 1} years; the service gives at most 3 per call`
      : undefined;
  },
};
