// Google's own limits, as Apps Script reports them, through the built script: each is an error of
// its own with advice, final (one fetch, no wait, no "after 3 tries"), never "could not reach ...
// check the base URL". The UrlFetchApp stand-in throws Google's words; where they are not on
// Google's pages they are as public reports quote them (see src/sheets/messages.ts).
import { loadScript } from "../../scripts/harness/load-sheets";

const KEY = "sheets-limits-key-31f0";
const BASE = "https://api.example.com";

const DAILY =
  /^MDQ: Google's daily quota of URL fetches for this Google account is used up \(20,000 a day .*MDQ does not retry it\. Try again tomorrow/;
const AT_ONCE = /^MDQ: Google runs at most 30 scripts at once for one Google account.*Wait a minute, then recalculate/;

test.each([
  ["the daily UrlFetch quota", "Exception: Service invoked too many times for one day: urlfetch.", DAILY],
  ["the daily UrlFetch quota, other case, no prefix", "service invoked too many times for one day: UrlFetch", DAILY],
  [
    "the daily UrlFetch quota in Persian (as a public report quotes it)",
    "Exception: سرویس در طول یک روز به دفعات زیاد فراخوان شده است:urlfetch.",
    /^MDQ: Google refused the URL fetch under one of its quotas \("سرویس در طول یک روز به دفعات زیاد فراخوان شده است:urlfetch\."\).*the daily quota of URL fetches is used up\.$/,
  ],
  [
    "too many fetches in a short time",
    "Exception: Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.",
    /^MDQ: Google's limit on how many UrlFetchApp calls a script may make in a short time was reached; MDQ does not retry it\. Wait a minute/,
  ],
  [
    "too many simultaneous executions",
    "Exception: There are too many scripts running simultaneously for this Google user account.",
    AT_ONCE,
  ],
  ["too many executions per second", "Script invoked too many times per second for this Google user account.", AT_ONCE],
  [
    "the bandwidth quota",
    "Exception: Bandwidth quota exceeded: {url}. Try reducing the rate of data transfer.",
    /^MDQ: Google's bandwidth quota for URL fetches was reached \(Google does not publish its size\); MDQ does not retry it\. Wait a few minutes/,
  ],
  [
    "the URL length",
    "Exception: Limit Exceeded: URLFetch URL Length.",
    /^MDQ: Google's UrlFetchApp refused the request URL as longer than it takes \(2 KB\)/,
  ],
  [
    "the 30 s limit",
    "Exceeded maximum execution time",
    /^MDQ: Google Sheets stops a custom function after 30 s, and this one ran out of time; MDQ does not retry it\. Try again later/,
  ],
])("%s: one fetch, final, its own message", (_name, thrown, message) => {
  const { errorOf, rec } = loadScript({ baseUrl: BASE, apiKey: KEY });
  rec.googleRefuses = thrown;
  const error = errorOf("MDQ_INDEX", "lq45");
  expect(error).toMatch(message);
  expect(error).not.toMatch(/could not reach|Check the base URL|tries/);
  // Google's bandwidth message names the URL; the cell does not need it.
  expect(error).not.toContain("api.example.com");
  expect(error).not.toContain(KEY);
  expect(rec.requests).toHaveLength(1);
  expect(rec.slept).toHaveLength(0);
});

test("a network failure is still one: retried, and named as such", () => {
  const { errorOf, rec } = loadScript({ baseUrl: BASE, apiKey: KEY });
  rec.googleRefuses = "Exception: DNS error: {url}";
  expect(errorOf("MDQ_INDEX", "lq45")).toMatch(
    /^MDQ: could not reach api\.example\.com \(DNS error\)\. Check the base URL and your connection \(after 3 tries\)/,
  );
  expect(rec.requests).toHaveLength(3);
});

test("a limit met before any fetch (Script Properties, read by every call) is named the same way", () => {
  const { errorOf, rec, evaluate } = loadScript({ baseUrl: BASE, apiKey: KEY });
  evaluate(
    `PropertiesService.getScriptProperties = () => { throw new Error("Exception: Service invoked too many times for one day: properties."); }`,
  );
  expect(errorOf("MDQ_INDEX", "lq45")).toMatch(
    /^MDQ: Google's daily quota of Apps Script's properties calls for this Google account is used up; MDQ does not retry it\. Try again tomorrow\.$/,
  );
  expect(rec.requests).toHaveLength(0);
});

test("Test connection reports a limit in its dialog", () => {
  const { ctx, rec } = loadScript({ baseUrl: BASE, apiKey: KEY });
  rec.googleRefuses = "Exception: Service invoked too many times for one day: urlfetch.";
  ctx.mdqTestConnection();
  expect(rec.alerts[0]).toMatch(/^MDQ: connection failed: MDQ: Google's daily quota of URL fetches/);
  expect(rec.requests).toHaveLength(1);
});
