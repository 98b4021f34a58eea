// Back-off shared by every call to one service in a runtime (the Excel runtime, one command-line
// process, one Apps Script execution). When the service answers 429 or 503 with Retry-After, the
// whole runtime pauses that service until then, instead of each call retrying on its own; when
// the pause ends, one call goes first (the probe) and the others wait for its answer. Under a
// storm of 429s that gives the calls' first requests, then one request per pause, however many
// calls are waiting. Pure state: the host holds one board, the executor reads and writes it. Its
// times are on the host's monotonic clock (run/env.ts monotonicNow), as the calls' deadlines are.

/** How often a call that waits behind a probe looks again. */
export const PROBE_POLL_MS = 250;

interface Pause {
  until: number;
  /** A call is sending the first request since the pause ended. */
  probing: boolean;
}

export type Turn = { go: true; probe: boolean } | { go: false; waitMs: number; until: number };

export class PauseBoard {
  private readonly pauses = new Map<string, Pause>();

  /** Whether a request to `service` may leave now; a call that may not waits `waitMs` and asks again. */
  turn(service: string, now: number): Turn {
    const pause = this.pauses.get(service);
    if (!pause) return { go: true, probe: false };
    if (now < pause.until) return { go: false, waitMs: pause.until - now, until: pause.until };
    if (pause.probing) return { go: false, waitMs: PROBE_POLL_MS, until: now + PROBE_POLL_MS };
    pause.probing = true;
    return { go: true, probe: true };
  }

  /** True while requests to `service` must not leave (a queued request is held back). */
  holds(service: string, now: number): boolean {
    const pause = this.pauses.get(service);
    return pause !== undefined && now < pause.until;
  }

  /** The service asked to wait: pause it until then (a later end wins). */
  pause(service: string, until: number): void {
    const pause = this.pauses.get(service);
    this.pauses.set(service, { until: Math.max(until, pause?.until ?? 0), probing: false });
  }

  /** A request answered without asking to wait: the pause is over for every call. */
  resume(service: string): void {
    this.pauses.delete(service);
  }

  /** The probe ended without an answer either way (a network failure): the next call probes. */
  release(service: string): void {
    const pause = this.pauses.get(service);
    if (pause) pause.probing = false;
  }
}
