// The Redis the gateway is given: a URL (--redis, MDQ_REDIS_URL) and, apart from it, a password
// (MDQ_REDIS_PASSWORD or --redis-password-file), so that no password need be on a command line
// where `ps` shows it. Messages name host:port only, never the URL's user or password, however
// the password is spelled (a raw @ / : in it would otherwise cut the URL where a regex expects).

export interface RedisAddress {
  /** For the client: without a password when one is given apart. */
  url: string;
  password?: string;
  /** host:port, for messages. */
  where: string;
}

const NOT_SHOWN = "the Redis URL given (not shown: it may hold a password)";

/** host:port of a Redis URL, for messages; a URL that does not parse is not shown at all. */
export function redisWhere(url: string): string {
  try {
    const parsed = new URL(url);
    if ((parsed.protocol === "redis:" || parsed.protocol === "rediss:") && parsed.host) return parsed.host;
  } catch {
    // A malformed URL may be a password cut in the wrong place: none of it is repeated.
  }
  return NOT_SHOWN;
}

/** The URL checked, with the password given apart taking the place of one in the URL. */
export function redisAddress(url: string, password?: string): RedisAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    parsed = new URL("invalid:");
  }
  if ((parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") || !parsed.host) {
    throw new Error(
      `--redis (MDQ_REDIS_URL) must be redis://HOST:PORT or rediss://HOST:PORT (${NOT_SHOWN}); give its password apart, in MDQ_REDIS_PASSWORD or --redis-password-file FILE, or percent-encode the characters @ / : ? # in it`,
    );
  }
  const apart = password?.trim();
  if (apart) parsed.password = "";
  return { url: apart ? parsed.toString() : url, password: apart || undefined, where: parsed.host };
}
