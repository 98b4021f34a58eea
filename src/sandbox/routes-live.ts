// The live edition's route table: the provider's current /v2/ service (see editions.ts).
import type { Endpoint } from "./endpoint";
import { liveFilings } from "./live/filings";
import { liveNews } from "./live/news";

export const LIVE_ENDPOINTS: Endpoint[] = [liveFilings, liveNews];
