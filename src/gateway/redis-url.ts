// The Redis the gateway is given: a URL (--redis, MDQ_REDIS_URL) and, apart from it, a password
// (MDQ_REDIS_PASSWORD or --redis-password-file), so that no password is on a command line where
// `ps` shows it: a URL holding one is refused. A user name alone (a Redis ACL user,
// redis://user@host) is no secret and may stay in the URL. Messages name host:port only, never the
// URL's user or password, however the password is spelled (a raw @ / : in it would otherwise cut
// the URL where a regex expects).
import { readSecretFile } from "./secret-file";

export interface RedisAddress {
  /** For the client: never with a password (refused). */
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

/** The URL checked (without a password in it), with the password given apart. */
export function redisAddress(url: string, password?: string): RedisAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    parsed = new URL("invalid:");
  }
  if ((parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") || !parsed.host) {
    throw new Error(
      `--redis (MDQ_REDIS_URL) must be redis://HOST:PORT or rediss://HOST:PORT (${NOT_SHOWN}); give its password apart, in MDQ_REDIS_PASSWORD or --redis-password-file FILE`,
    );
  }
  if (parsed.password) {
    throw new Error(
      `--redis (MDQ_REDIS_URL) for Redis at ${parsed.host} holds a password (not shown), where ps and logs show it: take it out of the URL and give it in MDQ_REDIS_PASSWORD or --redis-password-file FILE (a file only the gateway's user may read); a user name alone may stay, redis://USER@HOST:PORT`,
    );
  }
  const apart = password?.trim();
  return { url, password: apart || undefined, where: parsed.host };
}

/** The Redis a command is given (--redis or MDQ_REDIS_URL, its password apart: --redis-password-file
 *  or MDQ_REDIS_PASSWORD), or undefined: none. */
export function redisGiven(flags: Map<string, string[]>, env: NodeJS.ProcessEnv): RedisAddress | undefined {
  const url = flags.get("--redis")?.at(-1) ?? env.MDQ_REDIS_URL;
  if (!url) return undefined;
  const file = flags.get("--redis-password-file")?.at(-1);
  const password = file
    ? readSecretFile(file, { flag: "--redis-password-file", what: "the Redis password", variable: "MDQ_REDIS_PASSWORD" })
    : env.MDQ_REDIS_PASSWORD;
  return redisAddress(url, password);
}

/** What the Redis client is given: the URL without its user when a password is given apart,
 *  the user and the password beside it. The client takes the credentials of a URL with a user
 *  whole, so a password given apart would otherwise be dropped (NOAUTH for an ACL user). */
export function clientCredentials(url: string, password?: string): { url: string; username?: string; password?: string } {
  if (!password) return { url };
  try {
    const parsed = new URL(url);
    if (!parsed.username) return { url, password };
    const username = decodeURIComponent(parsed.username);
    parsed.username = "";
    parsed.password = "";
    return { url: parsed.toString(), username, password };
  } catch {
    return { url, password };
  }
}
