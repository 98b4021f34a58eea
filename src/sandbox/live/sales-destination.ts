// GET /v2/mining/sales-destination/{slug}/ (live): one year (default the latest) of the spec
// edition's destinations, keyed by country, revenue in whole USD, with commodity and volume unit.
import { UNITS } from "../data/mining-sites";
import type { Endpoint } from "../endpoint";
import { destinationsOf } from "../endpoints/sales-destination";
import { miningOr404, pickYear } from "./mining-lookup";
import { yearParam } from "./params";

const MISSING = "No sales destination data found for company.";

export const liveSalesDestination: Endpoint = {
  path: "/v2/mining/sales-destination/:slug/",
  handle({ params, query: q, today }) {
    const asked = yearParam(q);
    const c = miningOr404(params.slug);
    const byYear = destinationsOf(c, today) ?? {};
    const years = Object.keys(byYear)
      .map(Number)
      .sort((a, b) => a - b);
    const year = pickYear(years, asked, MISSING);
    const commodity = c.commodity[0];
    const data = Object.fromEntries(
      Object.entries(byYear[String(year)]).map(([country, cell]) => [
        country,
        {
          revenue_usd: cell.revenue === null ? null : Math.round(cell.revenue * 1e6),
          percentage_of_total_revenue: cell.percentage_of_total_revenue,
          volume: cell.volume,
          percentage_of_sales_volume: cell.percentage_of_sales_volume,
          commodity_type: commodity,
          unit: UNITS[commodity][0],
        },
      ]),
    );
    return { year, data };
  },
};
