// GET /v2/mining/commodities/ and /v2/mining/commodities/{commodity_name}/price/ (live): the
// commodities with their coverage, and one commodity's prices by year range (at most three years,
// default the current year and the two before it), from data/commodity-prices.ts. The price is
// per tonne for every commodity, gold's too, under the one price field the description names.
import { COMMODITY_NAMES, commoditySeries } from "../data/commodity-prices";
import { yearOf } from "../dates";
import { describedFields } from "../described";
import type { Endpoint } from "../endpoint";
import { badRequest, notFound } from "../errors";
import type { Query } from "../query";

const MAX_YEARS = 3;
const FIRST_YEAR = 1900;

export const liveCommodities: Endpoint = {
  path: "/v2/mining/commodities/",
  handle({ today }) {
    return COMMODITY_NAMES.flatMap((name) => {
      const { points } = commoditySeries(name, today)!;
      if (!points.length) return [];
      return [{ name, data_points: points.length, earliest_date: points[0].date, latest_date: points[points.length - 1].date }];
    });
  },
};

/** A year from 1900 to the current one, else the service's 400. */
function yearParam(q: Query, name: string, current: number): number | undefined {
  const raw = q.str(name);
  if (raw === undefined) return undefined;
  if (!/^\d{4}$/.test(raw) || Number(raw) < FIRST_YEAR || Number(raw) > current) {
    throw badRequest(`Invalid ${name}: ${raw}. Use a year from ${FIRST_YEAR} to ${current}.`);
  }
  return Number(raw);
}

const PRICE_PATH = "/v2/mining/commodities/:commodity_name/price/";

/** The described record's one field that is neither the name nor the date: the price, named by its unit. */
function priceField(): string {
  const others = describedFields(PRICE_PATH).filter((f) => f !== "name" && f !== "date");
  if (others.length !== 1) throw new Error(`${PRICE_PATH}: the description's record has no single price field (${others.join(", ")})`);
  return others[0];
}
const PRICE_FIELD = priceField();

export const liveCommodityPrice: Endpoint = {
  path: PRICE_PATH,
  handle({ params, query: q, today }) {
    const series = commoditySeries(params.commodity_name, today);
    if (!series) throw badRequest(`Invalid commodity '${params.commodity_name}'. Valid values: ${COMMODITY_NAMES.join(", ")}.`);
    const current = yearOf(today);
    // The service's defaults: the current year, and two years before the current year.
    const end = yearParam(q, "end_year", current) ?? current;
    const start = yearParam(q, "start_year", current) ?? current - (MAX_YEARS - 1);
    if (start > end) throw badRequest("start_year must not be after end_year.");
    if (end - start + 1 > MAX_YEARS) throw badRequest(`The year range cannot exceed ${MAX_YEARS} years.`);
    const rows = series.points.filter((p) => {
      const year = Number(p.date.slice(0, 4));
      return year >= start && year <= end;
    });
    if (!rows.length) throw notFound("No price data for this commodity in the specified range.");
    return rows.map((p) => ({ name: p.name, date: p.date, [PRICE_FIELD]: p.price }));
  },
};
