// The core's message, plus what only a Sheets user needs to know about it; and Google's own limits,
// which Apps Script reports as exceptions of its services, each as an error of its own with advice
// (kind host_limit: final, never retried, since trying again within the same minute only spends
// more of the same quota). UrlFetchApp's exceptions reach them through transport.ts; any other
// service's (Script Properties read at the start of each call) through sheetsMessage.
import { isLoopbackUrl, isMdqError, MdqError, toMdqError } from "../../shared";
import { SHEETS_LIMIT_MS } from "./settings";

/** Google's reason without "Exception:" and without the URL it may name, on one short line. */
export function googleReason(raw: string): string {
  return raw
    .split("\n")[0]
    .replace(/^Exception:\s*/, "")
    .replace(/:?\s*https?:\/\/\S*/g, "")
    .trim()
    .slice(0, 120);
}

const TRY_LATER = "MDQ does not retry it";

/** Google's wording for each limit, matched loosely (any case, with or without "Exception:").
 *  Apps Script words its exceptions in the language of the user's Google account: only English
 *  wording is matched, except that a quota message ending in ": urlfetch" is known in any language. */
const GOOGLE_LIMITS: ReadonlyArray<{ match: RegExp; sentence: (m: RegExpMatchArray, raw: string) => string }> = [
  {
    // On Google's "Quotas for Google Services" page: "Service invoked too many times for one day: email."
    // (for UrlFetchApp the service is "urlfetch").
    match: /service invoked too many times for one day:?\s*(\w*)/i,
    sentence: (m) =>
      /^urlfetch/i.test(m[1].trim())
        ? `Google's daily quota of URL fetches for this Google account is used up (20,000 a day on a consumer account such as gmail.com, 100,000 on Google Workspace; it resets 24 hours after the first fetch); ${TRY_LATER}. Try again tomorrow; until then fewer MDQ formulas, and Refresh all less often, use fewer fetches.`
        : `Google's daily quota of Apps Script's ${serviceName(m[1])} calls for this Google account is used up; ${TRY_LATER}. Try again tomorrow.`,
  },
  {
    // On the Quotas page: "Service invoked too many times in a short time: exec qps. Try Utilities.sleep(1000) between calls."
    match: /service invoked too many times in a short time:?\s*(\w*)/i,
    sentence: (m) =>
      `Google's limit on how many ${serviceName(m[1])} calls a script may make in a short time was reached; ${TRY_LATER}. Wait a minute, then recalculate.`,
  },
  {
    // On the Quotas page: "There are too many scripts running simultaneously for this Google user account."
    // Google usually refuses to start the execution at all, and Sheets then shows its own words
    // without "MDQ:"; matched here for when a service call reports it. Its per-second sibling
    // ("Script invoked too many times per second for this Google user account.") is not on Google's
    // pages: its wording is taken from public reports.
    match: /too many scripts running simultaneously|script invoked too many times per second/i,
    sentence: () =>
      `Google runs at most 30 scripts at once for one Google account, and more were running (each MDQ formula that recalculates is one); ${TRY_LATER}. Wait a minute, then recalculate the cells that show this.`,
  },
  {
    // Not on Google's pages; the wording is Apps Script's as public reports quote it:
    // "Bandwidth quota exceeded: <url>. Try reducing the rate of data transfer."
    match: /bandwidth quota exceeded/i,
    sentence: () =>
      `Google's bandwidth quota for URL fetches was reached (Google does not publish its size); ${TRY_LATER}. Wait a few minutes, then recalculate; narrower requests (fields=, n=, a shorter date range) fetch less.`,
  },
  {
    // Not on Google's pages (the Quotas page gives the 2 KB limit, not the message); public
    // reports quote "Limit Exceeded: URLFetch URL Length." MDQ checks the length before sending.
    match: /urlfetch url length/i,
    sentence: () => "Google's UrlFetchApp refused the request URL as longer than it takes (2 KB). Use fewer tickers, codes or fields.",
  },
  {
    // The words Sheets shows when it stops a custom function at 30 s. Whether a service call can
    // report them to the script (rather than the execution just ending) is not documented.
    match: /exceeded maximum execution time/i,
    sentence: () =>
      `Google Sheets stops a custom function after ${SHEETS_LIMIT_MS / 1000} s, and this one ran out of time; ${TRY_LATER}. Try again later; a smaller request (fewer tickers, a shorter date range, n=) answers sooner.`,
  },
  {
    // Any other quota message about UrlFetchApp, e.g. the daily one in another language: they end
    // with the service's name, which Google does not translate.
    match: /:\s*urlfetch\.?\s*$/i,
    sentence: (_m, raw) =>
      `Google refused the URL fetch under one of its quotas ("${googleReason(raw)}"); ${TRY_LATER}. Wait, then recalculate; if it lasts all day, the daily quota of URL fetches is used up.`,
  },
];

/** "urlfetch" → "UrlFetchApp"; another service by the name Google gave it. */
function serviceName(raw: string): string {
  const name = raw.trim().replace(/\.$/, "");
  return /^urlfetch$/i.test(name) ? "UrlFetchApp" : name || "service";
}

/** The sentence for one of Google's limits, or undefined when the message is not one of them. */
export function googleLimit(raw: string): string | undefined {
  const firstLine = raw.split("\n")[0];
  for (const limit of GOOGLE_LIMITS) {
    const m = firstLine.match(limit.match);
    if (m) return limit.sentence(m, raw);
  }
  return undefined;
}

export function sheetsMessage(e: unknown, baseUrl: string, apiKey: string | undefined, budgetMs: number): string {
  const limit = isMdqError(e) ? undefined : googleLimit(String((e as Error)?.message ?? e));
  const err = toMdqError(limit ? new MdqError("host_limit", limit) : e, apiKey);
  let message = err.messageFor("sheets");
  if (err.kind === "timeout") {
    message += ` Google Sheets stops a custom function after ${SHEETS_LIMIT_MS / 1000} s, so MDQ gives up after ${budgetMs / 1000} s.`;
  }
  if (err.kind === "network" && isLoopbackUrl(baseUrl)) {
    message +=
      " Google's servers run this function and cannot reach a sandbox on your computer: set an https:// address on the internet (menu MDQ > Set base URL).";
  }
  if (err.status !== undefined && err.status >= 300 && err.status < 400) {
    message +=
      " The base URL redirects elsewhere; MDQ does not follow redirects (the key would go along), so set the address it redirects to.";
  }
  return message;
}
