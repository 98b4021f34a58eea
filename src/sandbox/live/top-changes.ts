// GET /v2/companies/top-changes/ (live): the biggest price gains and losses over 1, 7, 14, 30 and
// 365 days to the last close, among companies above a market-cap floor, from the share-price path
// every other figure uses. Gainers rose and losers fell over the period, so a list can be short.
import { IDX_COMPANIES } from "../data/idx-companies";
import { isListedOn } from "../data/idx-listing";
import { lastTradingDay, sharePrice } from "../data/idx-prices";
import { SUBSECTOR_NAMES } from "../data/idx-taxonomy";
import { addDays, fromDay } from "../dates";
import { choicesOf } from "../described";
import type { Endpoint } from "../endpoint";
import { nStockParam } from "../endpoints/klse-top";
import { slugParam, subset } from "./params";

const PATH = "/v2/companies/top-changes/";
type Period = `${number}d`;
const CLASSIFICATIONS = choicesOf(PATH, "classifications");
/** The periods the description lists, shortest first. */
const PERIODS = [...choicesOf(PATH, "periods")].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)) as Period[];
const MIN_MCAP_BILLION = 5000;

/** The close the change is measured from: the trading day before, or the last close on or
 *  before the date N days back. */
function baseDay(latest: number, period: Period): number {
  if (period === "1d") return lastTradingDay(fromDay(latest - 1));
  return lastTradingDay(addDays(fromDay(latest), -Number(period.slice(0, -1))));
}

export const liveTopChanges: Endpoint = {
  path: PATH,
  handle({ query: q, today }) {
    const subSector = slugParam(q, "sub_sector", SUBSECTOR_NAMES);
    const n = nStockParam(q);
    const classifications = subset(q, "classifications", CLASSIFICATIONS);
    const periods = subset(q, "periods", PERIODS);
    const floor = q.int("min_mcap_billion", "Invalid min_mcap_billion value. It must be a non-negative integer.") ?? MIN_MCAP_BILLION;
    const latest = lastTradingDay(today);
    const pool = IDX_COMPANIES.filter(
      (c) => (subSector === undefined || c.subSector === subSector) && isListedOn(c, latest) && sharePrice(c, latest) * c.sharesBn >= floor,
    );
    // Both classifications are always keys (the description requires them); one not asked is empty.
    const out: Record<string, Record<string, unknown[]>> = Object.fromEntries(CLASSIFICATIONS.map((k) => [k, {}]));
    for (const kind of classifications) {
      const sign = kind === "top_gainers" ? 1 : -1;
      for (const period of periods) {
        const from = baseDay(latest, period);
        // A change only over a period the company was listed through.
        out[kind][period] = pool
          .filter((c) => isListedOn(c, from))
          .map((c) => ({ c, close: sharePrice(c, latest), change: sharePrice(c, latest) / sharePrice(c, from) - 1 }))
          .filter((x) => sign * x.change > 0)
          .sort((a, b) => sign * (b.change - a.change) || a.c.symbol.localeCompare(b.c.symbol))
          .slice(0, n)
          .map(({ c, close, change }) => ({
            name: c.name,
            symbol: `${c.symbol}.JK`,
            price_change: change,
            last_close_price: close,
            latest_close_date: fromDay(latest),
          }));
      }
    }
    return out;
  },
};
