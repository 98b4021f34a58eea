// GET /v2/idx-total/ (live): the total market cap of the exchange per trading day. The demo
// universe is the whole market here, so the total is the sum of the market caps /v2/daily/ gives.
// The spec's window rules, but the data starts on 2021-01-01: an earlier `start` is a 400.
import { tradingDays } from "../calendar";
import { IDX_COMPANIES } from "../data/idx-companies";
import { dailyBar } from "../data/idx-daily";
import { isListedOn } from "../data/idx-listing";
import { fromDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { INDEX_WINDOW } from "../endpoints/index-daily";
import { badRequest } from "../errors";
import { liveWindow } from "./daily";
import { DATE_MESSAGE } from "./params";

const FIRST = "2021-01-01";
const TOO_EARLY = "Starting date must not be earlier than January 1, 2021.";

export const liveIdxTotal: Endpoint = {
  path: "/v2/idx-total/",
  handle({ query: q, today }) {
    const start = q.date("start", DATE_MESSAGE);
    if (start !== undefined && start < FIRST) throw badRequest(TOO_EARLY);
    const { from, to } = liveWindow(q, today, TOO_EARLY, { ...INDEX_WINDOW, first: FIRST });
    return tradingDays("idx", from, to).map((day) => ({
      date: fromDay(day),
      idx_total_market_cap: IDX_COMPANIES.reduce((sum, c) => sum + (isListedOn(c, day) ? dailyBar(c, day).market_cap : 0), 0),
    }));
  },
};
