// The live edition's route table: the provider's current /v2/ service (see editions.ts).
import type { Endpoint } from "./endpoint";
import { liveDaily, liveIndexDaily } from "./live/daily";
import { liveFilings } from "./live/filings";
import { LIVE_LISTS } from "./live/lists";
import { liveNews } from "./live/news";
import { liveQuarterly } from "./live/quarterly";
import { liveQuarterDates, liveSegments } from "./live/segments";

export const LIVE_ENDPOINTS: Endpoint[] = [
  liveFilings,
  liveNews,
  liveQuarterly,
  liveSegments,
  liveQuarterDates,
  liveIndexDaily,
  liveDaily,
  ...LIVE_LISTS,
];
