// CORS for the add-in origins a team configures (the Excel add-in's host): a browser add-in calls
// the gateway directly, so its preflight must be answered. Other origins get no CORS headers.

export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>): Record<string, string> {
  if (!origin || !(allowed.has(origin) || allowed.has("*"))) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "GET, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Accept, Content-Type, Cache-Control",
    "Access-Control-Expose-Headers": "Retry-After, Age, MDQ-Cache, MDQ-Stale, MDQ-Stale-Reason",
    "Access-Control-Max-Age": "600",
  };
}

/** An origin as a browser sends it: scheme, host and port, no path. */
export function checkOrigin(text: string): string {
  const m = /^https?:\/\/[^/?#\s]+$/i.exec(text.trim());
  if (!m && text.trim() !== "*") throw new Error(`an add-in origin is scheme://host[:port], without a path (got ${JSON.stringify(text)})`);
  return text.trim().replace(/\/$/, "");
}
