// What crosses the wire, as every host's transport and the core see it: a GET with its headers,
// and what comes back, an answer or the reason there is none.

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
}

export interface HttpResponse {
  status: number;
  body: string;
  retryAfter?: string | null;
  /** The Age header: seconds the answer had already spent in a shared cache (a team gateway). */
  age?: string | null;
  /** A host that hands one answer to many calls (Excel's gate: identical requests in flight) hands
   *  them one memo with it: the first call parses and decodes the answer into it, the others take
   *  that (run/session.ts). */
  memo?: Map<unknown, unknown>;
}

/** A transport failure, reported instead of a response: no connection, a browser that refused
 *  the request without saying why (`blocked`: how a cross-origin call the service does not allow
 *  fails, and also how a browser reports a host it cannot reach), no answer in time, an
 *  answer past `maxBytes` (reading stopped), not sent at all: because the service asked the
 *  runtime to pause (`held`, a request that waited in a queue while the pause began) or because
 *  its turn in the host's own queue did not come within `queueMs` (`queued`), or refused by the
 *  host's own platform under one of its limits (`host_limit`, e.g. Google's daily quota of URL
 *  fetches: `message` is then the host's whole sentence for the user, and the error is final). */
export interface TransportFailure {
  failure: "network" | "blocked" | "timeout" | "too_large" | "held" | "queued" | "host_limit";
  message: string;
}

/** What a fetch resumes with; a host with a queue of its own (Excel's concurrency cap) says how
 *  long the request waited there before it was sent: that time is not the service's. */
export type Sent = (HttpResponse | TransportFailure) & { queuedMs?: number };
