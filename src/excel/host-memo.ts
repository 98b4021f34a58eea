// The host of each request's URL, which the gate asks for every request it sends (the pauses are by
// service). A runtime's requests nearly all go to one service, so the last URL's "scheme://host"
// is kept: a URL that starts with it, the host ending right there, has that host without being cut
// out again. Anything else is read by hostOf, the one reading of a URL's host.
import { hostOf } from "../../shared";

/** hostOf, remembering the last URL's scheme and host; every answer is the one hostOf gives. */
export function memoHostOf(): (url: string) => string {
  let prefix: string | undefined;
  let host = "";
  return (url) => {
    if (prefix !== undefined && url.startsWith(prefix)) {
      const next = url.charCodeAt(prefix.length);
      // "/", "?", "#" or the URL's end: where hostOf ends a host.
      if (Number.isNaN(next) || next === 47 || next === 63 || next === 35) return host;
    }
    host = hostOf(url);
    // Kept only up to the end of a host that follows the URL's first "://": every URL alike up to
    // there reads its scheme (or lack of one) and its host's end the same way.
    const start = url.indexOf("://") + 3;
    prefix = start > 2 && url.startsWith(host, start) ? url.slice(0, start + host.length) : undefined;
    return host;
  };
}
