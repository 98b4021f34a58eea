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

/** "host:port" of a URL, for messages ("could not reach api.example.com"). Every request asks it
 *  (the pauses are by service): cut out of the URL, not split into all its parts. */
export function hostOf(url: string): string {
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
