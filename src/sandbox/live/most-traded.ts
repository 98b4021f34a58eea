// GET /v2/most-traded/ (live): per trading day, the companies with the most shares traded (or the
// most value traded with adjusted=true), from the same daily bars as /v2/daily/.
import { tradingDays } from "../calendar";
import { IDX_COMPANIES } from "../data/idx-companies";
import { dailyBar } from "../data/idx-daily";
import { tradesOn } from "../data/idx-listing";
import { SUBSECTOR_NAMES } from "../data/idx-taxonomy";
import { fromDay } from "../dates";
import type { Endpoint } from "../endpoint";
import { nStockParam } from "../endpoints/klse-top";
import { liveWindow } from "./daily";
import { slugParam } from "./params";

export const liveMostTraded: Endpoint = {
  path: "/v2/most-traded/",
  handle({ query: q, today }) {
    const subSector = slugParam(q, "sub_sector", SUBSECTOR_NAMES);
    const adjusted = q.bool("adjusted", false);
    const n = nStockParam(q);
    const { from, to } = liveWindow(q, today, "There is no trading data in the requested date range.");
    const pool = IDX_COMPANIES.filter((c) => subSector === undefined || c.subSector === subSector);
    const out: Record<string, { symbol: string; company_name: string; volume: number; price: number }[]> = {};
    for (const day of tradingDays("idx", from, to)) {
      const rows = pool
        .filter((c) => tradesOn(c, day))
        .map((c) => {
          const bar = dailyBar(c, day);
          return { symbol: `${c.symbol}.JK`, company_name: c.name, volume: bar.volume, price: bar.close };
        });
      const rank = (r: (typeof rows)[number]) => (adjusted ? r.volume * r.price : r.volume);
      out[fromDay(day)] = rows.sort((a, b) => rank(b) - rank(a) || (a.symbol < b.symbol ? -1 : 1)).slice(0, n);
    }
    return out;
  },
};
