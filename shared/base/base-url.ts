// The parts of a base URL the settings check reads, parsed without the WHATWG URL class: Apps
// Script's runtime has none, and the core must run there as it is.

export interface BaseUrlParts {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  search: string;
  hash: string;
}

const ABSOLUTE =
  /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[0-9a-fA-F:.]+\]|[^:/?#[\]@\s]+)(?::(\d{0,5}))?(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/;

/** The parts as `new URL(text)` gives them, or undefined where it would throw. */
export function parseBaseUrl(text: string): BaseUrlParts | undefined {
  const m = ABSOLUTE.exec(text.trim());
  if (!m || (m[5] && Number(m[5]) > 65535)) return undefined;
  return {
    protocol: `${m[1].toLowerCase()}:`,
    username: m[2] ?? "",
    password: m[3] ?? "",
    hostname: m[4].toLowerCase(),
    // As in WHATWG URL: a lone "?" or "#" reads as empty.
    search: m[7] && m[7].length > 1 ? m[7] : "",
    hash: m[8] && m[8].length > 1 ? m[8] : "",
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** True for a host name of this computer (plain http is allowed only there). */
export const isLoopback = (hostname: string): boolean => LOOPBACK.test(hostname);

/** True when the URL's host is this computer. */
export const isLoopbackUrl = (url: string): boolean => isLoopback(parseBaseUrl(url)?.hostname ?? "");

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

// The last URL's "scheme://host" and its host. Every request asks its host (the pauses are by
// service), and a runtime's requests nearly all go to one service: a URL that starts with the
// remembered prefix, its host ending right there, has the remembered host without being read
// again. Kept at module level, it holds no I/O and no secret: a request's URL never carries the
// key (it goes in the Authorization header, request/prepare.ts; a base URL with a user or password
// is refused by the settings check, request/settings.ts), and what is kept is only ever given back
// as the answer the plain reading gives the same URL.
let lastPrefix: string | undefined;
let lastHost = "";

/** "host:port" of a URL, for messages ("could not reach api.example.com"). Every request asks it
 *  (the pauses are by service): cut out of the URL, not split into all its parts, and remembered
 *  for the next URL of the same scheme and host. */
export function hostOf(url: string): string {
  if (lastPrefix !== undefined && url.startsWith(lastPrefix)) {
    const next = url.charCodeAt(lastPrefix.length);
    // "/", "?", "#" or the URL's end: where the reading ends a host.
    if (Number.isNaN(next) || next === 47 || next === 63 || next === 35) return lastHost;
  }
  const host = readHost(url);
  // Kept only up to the end of a host that follows the URL's first "://": every URL alike up to
  // there reads its scheme (or lack of one) and its host's end the same way.
  const start = url.indexOf("://") + 3;
  lastPrefix = start > 2 && url.startsWith(host, start) ? url.slice(0, start + host.length) : undefined;
  lastHost = host;
  return host;
}

/** The host read out of the URL: after its scheme, up to its path, query or fragment. */
function readHost(url: string): string {
  const start = SCHEME.exec(url)?.[0].length ?? 0;
  let end = url.length;
  for (let i = start; i < end; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) end = i; // "/", "?", "#"
  }
  return url.slice(start, end);
}

/** The local sandbox (`mdq serve`, `npm start`) and its demo key: every front end's default. */
export const SANDBOX = { url: "http://127.0.0.1:8787", apiKey: "demo" } as const;
