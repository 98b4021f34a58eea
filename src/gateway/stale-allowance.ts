// How stale an answer a client takes when the service fails, from its Cache-Control: RFC 5861's
// `stale-if-error=N` and RFC 9111's `max-stale=N`, N seconds past the answer's freshness. Without
// N (`max-stale`, or a bare `stale-if-error` as older MDQ front ends send it) any staleness the
// gateway keeps (--stale-hours). The most generous directive wins.

/** Seconds of staleness the client takes (Infinity: any); undefined: none. */
export function staleAllowance(cacheControl: string | undefined): number | undefined {
  // Most requests carry none: no regular expression run for them.
  if (!cacheControl) return undefined;
  let allowed: number | undefined;
  for (const m of cacheControl.matchAll(/(?:^|[\s,])(?:stale-if-error|max-stale)(?:\s*=\s*"?(\d+)"?)?\s*(?=,|$)/gi)) {
    const seconds = m[1] === undefined ? Number.POSITIVE_INFINITY : Number(m[1]);
    allowed = Math.max(allowed ?? 0, seconds);
  }
  return allowed;
}
