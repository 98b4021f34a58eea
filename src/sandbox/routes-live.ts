// The live edition's route table: the provider's current /v2/ service (see editions.ts).
import type { Endpoint } from "./endpoint";

export const LIVE_ENDPOINTS: Endpoint[] = [];
