// GET /v2/listing-performance/{symbol}/ (live): the IPO of a company listed after May 2005 (the
// service's cut-off) and its price change from the offering price 7, 30, 90 and 365 days after
// listing. The listing date is the profile's; the demo prices start in 2019, so the offering price
// is the 2019 price carried back along the company's own drift, and the post-listing path is seeded.
import { tradingDayOnOrBefore } from "../calendar";
import { idxCompany } from "../data/idx-companies";
import { tick } from "../data/idx-prices";
import { profileOf } from "../data/idx-profile";
import { addDays, fromDay, toDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";
import { between, intBetween, normal, rng } from "../prng";
import { symbolOr400 } from "./params";

const CUT_OFF = "2005-06-01";
const MISSING = "Given stock symbol does not exist for this data.";

/** The IDX trading day on or before a date. */
function weekdayBefore(iso: string): string {
  return fromDay(tradingDayOnOrBefore("idx", toDay(iso)));
}

export const liveListingPerformance: Endpoint = {
  path: "/v2/listing-performance/:symbol/",
  handle({ params, today }) {
    const code = symbolOr400(params.symbol);
    const c = idxCompany(code);
    const listed = c && profileOf(c).listing_date;
    if (!c || !listed || listed < CUT_OFF) throw notFound(MISSING);
    const r = rng(c.symbol, "ipo");
    const years = (toDay("2019-01-02") - toDay(listed)) / 365.25;
    const offer = tick(c.price19 / (1 + c.priceDrift) ** years / between(r, 1.1, 1.6));
    const percent = Number(between(r, 0.1, 0.35).toFixed(2));
    // A first-year path of the listing price: a pop on the first days, then a random walk.
    let change = between(r, 0, 0.35);
    const changes: Record<string, number | null> = {};
    let elapsed = 0;
    for (const [key, days] of [
      ["chg_7d", 7],
      ["chg_30d", 30],
      ["chg_90d", 90],
      ["chg_365d", 365],
    ] as const) {
      change = (1 + change) * Math.exp(0.02 * Math.sqrt(days - elapsed) * normal(r)) - 1;
      elapsed = days;
      // A window that has not ended yet has no figure.
      changes[key] = addDays(listed, days) > today ? null : Number(change.toFixed(5));
    }
    const id = intBetween(r, 10, 400);
    return {
      symbol: `${c.symbol}.JK`,
      ...changes,
      company_name: c.name,
      listing_date: listed,
      shares_offered: Math.round((c.sharesBn * 1e9 * percent) / 1e6) * 1e6,
      percent_total_shares: percent,
      book_building_start_date: weekdayBefore(addDays(listed, -24)),
      book_building_end_date: weekdayBefore(addDays(listed, -17)),
      book_building_lower_bound: tick(offer * between(r, 0.8, 0.95)),
      book_building_upper_bound: offer,
      offering_start_date: weekdayBefore(addDays(listed, -7)),
      offering_end_date: weekdayBefore(addDays(listed, -5)),
      offering_price: offer,
      distribution_date: weekdayBefore(addDays(listed, -2)),
      prospectus_url: `https://e-ipo.mdq.example/pipeline/prospectus?id=${id}`,
      additional_info_url: `https://e-ipo.mdq.example/pipeline/additional-info?id=${id}`,
    };
  },
};
