// GET /v1/news/: news articles, newest first (spec 4.2). sub_sector takes a comma list here.

import { allNews } from "../data/news";
import type { Endpoint } from "../endpoint";
import { checkSubSector, filterFeed, topOrPage } from "./feed";

export const news: Endpoint = {
  path: "/v1/news/",
  handle({ query: q, today }) {
    q.allow(["sector", "sub_sector", "tags", "tickers", "start", "end", "n", "page", "page_size"]);
    const sector = q.str("sector");
    const subSectors = q.list("sub_sector");
    subSectors?.forEach(checkSubSector);
    const rows = filterFeed(allNews(today), q).filter(
      (a) => (!sector || a.sector === sector) && (!subSectors || (a.sub_sector as string[]).some((s) => subSectors.includes(s))),
    );
    return topOrPage(rows, q);
  },
};
