// Apps Script's V8 runtime has no WHATWG URL class, and the core checks the base URL with
// `new URL(...)`. This shim covers what that check reads (protocol, credentials, host, search,
// hash) for absolute URLs, and throws on anything else as the real class does. It is installed
// only where URL is missing, so Node and the tests of the core keep the real one.

const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[0-9a-fA-F:.]+\]|[^:/?#[\]@\s]+)(?::(\d{0,5}))?(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/;

export class MinimalUrl {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;

  constructor(input: string) {
    const m = ABSOLUTE.exec(String(input).trim());
    if (!m || (m[5] !== undefined && m[5] !== "" && Number(m[5]) > 65535)) throw new TypeError(`Invalid URL: ${input}`);
    this.protocol = `${m[1].toLowerCase()}:`;
    this.username = m[2] ?? "";
    this.password = m[3] ?? "";
    this.hostname = m[4].toLowerCase();
    this.port = m[5] ?? "";
    this.pathname = m[6] ?? "/";
    // As in WHATWG URL: a lone "?" or "#" reads as empty.
    this.search = m[7] && m[7].length > 1 ? m[7] : "";
    this.hash = m[8] && m[8].length > 1 ? m[8] : "";
  }
}

export function installUrlShim(): void {
  const g = globalThis as { URL?: unknown };
  if (typeof g.URL !== "function") g.URL = MinimalUrl;
}
