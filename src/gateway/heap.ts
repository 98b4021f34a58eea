// How far V8 lets the gateway's heap grow. The answers sit outside the heap (entries.ts, bounded
// by --cache-mb); the heap holds their small records and each request's short-lived objects. By
// default V8 lets the heap grow to several times what a full collection leaves when allocation is
// fast, and keeps the pages while the load lasts: after a burst of 100,000 misses through Redis
// (each request's objects outlive the young generation while it waits on Redis and the upstream)
// the heap held 443 MB for about 100 MB live, and the process 900 MB for a 512 MB bound. Growing
// by half at most keeps it near what is live (the process 592-611 MB, CPU per hit unchanged;
// `node scripts/bench-hits.mjs`), at the cost of a few more full collections during a burst.
import { setFlagsFromString } from "node:v8";

export const HEAP_GROWING_PERCENT = 50;

/** For the process the gateway runs in (`mdq gateway`, src/gateway/cli.ts; never a process that
 *  embeds startGateway): a GC heuristic, read by V8 at every full collection. */
export function keepHeapNearLive(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
