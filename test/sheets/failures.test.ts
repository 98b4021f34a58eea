// Each failure family, as a Sheets user meets it: the built script throws an Error whose message
// is the core's sentence (Sheets shows it on the #ERROR! cell), never the key, and retries only
// what can change on its own.
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startFaultWorker } from "../../scripts/harness/workers";

const KEY = "sheets-fault-key-7f3a9c";
let faults: Running;

beforeAll(async () => {
  faults = await startFaultWorker();
});
afterAll(() => faults.close());

/** A script whose base URL makes every request meet FAULT. */
const scriptFor = (fault: string, extra: { timeLimitSeconds?: number; fetchCapMs?: number } = {}) =>
  loadScript({ baseUrl: `${faults.url}/${fault}`, apiKey: KEY, ...extra });

test.each([
  ["401", /^MDQ: the API key was refused \(401\).*Check the key with the menu MDQ > Set API key/, 1],
  ["404", /^MDQ: not found \(404\): Company not found\. Check the ticker, code or id/, 1],
  // Set to spec (the script's default here), a 410 says the server speaks live: both ways out, /spec named.
  [
    "410",
    /^MDQ: the server at \S+ speaks the live edition .*Set the edition to live or auto with the menu MDQ > Set edition, or point the base URL at an address that serves the spec edition with the menu MDQ > Set base URL: MDQ's sandbox serves it under \/spec/,
    1,
  ],
  ["429", /^MDQ: the service's rate limit was reached \(429\).*\(after 3 tries\)/, 3],
  ["500", /^MDQ: the service failed \(500\).*Try again in a few minutes.*\(after 3 tries\)/, 3],
  ["403", /^MDQ: the API key was refused \(403\): Forbidden: credits exhausted\./, 1],
  ["html", /^MDQ: the service sent a web page instead of data \(200\)/, 1],
  ["truncated", /^MDQ: the service sent data that is not valid JSON \(cut short\?\) \(200\)/, 1],
  ["wrong-shape", /^MDQ: the service's answer for INDEX has an unexpected shape/, 1],
  ["empty-list", /^MDQ: no data for this request/, 1],
])("%s gives the right message after the right number of requests", (fault, message, requests) => {
  const { errorOf, rec } = scriptFor(fault);
  const error = errorOf("MDQ_INDEX", "lq45", "2024-01-01", "2024-01-31");
  expect(error).toMatch(message);
  expect(error).not.toContain(KEY);
  expect(rec.requests).toHaveLength(requests);
  // Every request was muted (status to the classifier), carried the key, followed no redirect.
  for (const r of rec.requests)
    expect(r.params).toMatchObject({ muteHttpExceptions: true, followRedirects: false, headers: { Authorization: KEY } });
});

test("retries wait with Utilities.sleep, growing", () => {
  const { errorOf, rec } = scriptFor("500");
  errorOf("MDQ_INDEX", "lq45");
  expect(rec.slept).toHaveLength(2);
  expect(rec.slept[1]).toBeGreaterThanOrEqual(rec.slept[0] * 0.9);
});

test("a Retry-After beyond the budget stops at once with the reason", () => {
  const { errorOf, rec } = scriptFor("429-long");
  expect(errorOf("MDQ_INDEX", "lq45")).toMatch(
    /^MDQ: the service's rate limit was reached \(429\).*asks to wait 3600 s, beyond MDQ's 25 s limit/,
  );
  expect(rec.requests).toHaveLength(1);
  expect(rec.slept).toHaveLength(0);
});

test("a redirect is not followed and the message says what to do", () => {
  const { errorOf } = scriptFor("redirect");
  expect(errorOf("MDQ_INDEX", "lq45")).toMatch(/\(301\).*redirects elsewhere.*set the address it redirects to/);
});

test("a refused connection is a network error that names the host, with the localhost hint", () => {
  const { errorOf, rec } = loadScript({ baseUrl: faults.refusedUrl, apiKey: KEY });
  const error = errorOf("MDQ_INDEX", "lq45");
  expect(error).toMatch(/^MDQ: could not reach 127\.0\.0\.1:\d+ \(Address unavailable\)\. Check the base URL and your connection/);
  expect(error).toMatch(/cannot reach a sandbox on your computer/);
  expect(rec.requests).toHaveLength(3);
});

test("UrlFetchApp's own timeout is a timeout error that explains the Sheets limit", () => {
  const { errorOf, rec } = scriptFor("hang", { fetchCapMs: 300 });
  const error = errorOf("MDQ_INDEX", "lq45");
  expect(error).toMatch(/^MDQ: no answer from 127\.0\.0\.1:\d+ within 25 s\. Try again later/);
  expect(error).toMatch(/Google Sheets stops a custom function after 30 s, so MDQ gives up after 25 s\.$/);
  expect(rec.requests.length).toBeGreaterThanOrEqual(1);
  expect(rec.requests.length).toBeLessThanOrEqual(3);
});

test("a bad argument costs no request and names the argument", () => {
  const { errorOf, rec } = scriptFor("500");
  expect(errorOf("MDQ_QUARTERLY", "BBCA", 500)).toMatch(/^MDQ: 'n_quarters' must be a whole number from 1 to 100 \(got 500\)/);
  expect(errorOf("MDQ_INDEX", "lq45", "", "", "", "one too many")).toMatch(/^MDQ: INDEX takes at most 4 arguments/);
  expect(rec.requests).toHaveLength(0);
});

test("without a key the message says where to set it; nothing is sent", () => {
  const { errorOf, rec } = loadScript({ baseUrl: `${faults.url}/500` });
  // The fault server is on this computer: the message also names the sandbox's key.
  expect(errorOf("MDQ_INDEX", "lq45")).toMatch(
    /^MDQ: no API key is set\. Add your key with the menu MDQ > Set API key; MDQ's sandbox on this computer takes the key demo\.$/,
  );
  expect(rec.requests).toHaveLength(0);
});

test("without a base URL the message says how to set one and why not localhost", () => {
  const { errorOf, rec } = loadScript({ apiKey: KEY });
  const error = errorOf("MDQ_QUARTERLY", "BBCA", 4);
  expect(error).toMatch(/^MDQ: no base URL is set\. Use the menu MDQ > Set base URL \(or the Script Property MDQ_BASE_URL/);
  expect(error).toMatch(/cannot reach a sandbox on your own computer/);
  expect(rec.requests).toHaveLength(0);
});

test("plain http to a remote host is refused before anything is sent", () => {
  const { errorOf, rec } = loadScript({ baseUrl: "http://api.example.com", apiKey: KEY });
  expect(errorOf("MDQ_INDEX", "lq45")).toMatch(/^MDQ: the base URL must use https:\/\/ for api\.example\.com/);
  expect(rec.requests).toHaveLength(0);
});

test("the key never reaches a log", () => {
  const { errorOf, rec } = scriptFor("401");
  errorOf("MDQ_INDEX", "lq45");
  expect(rec.logs.join("\n")).not.toContain(KEY);
});

test("MDQ > Status counts what a failed call sent: a 404 is 1 credit (the provider bills it), the tries of a 500 none", () => {
  const missing = scriptFor("404");
  missing.errorOf("MDQ_INDEX", "lq45");
  missing.ctx.mdqStatus();
  expect(missing.rec.alerts.at(-1)).toMatch(/Spent since .*?: 1 request, 1 credit \(/);
  const failing = scriptFor("500");
  failing.errorOf("MDQ_INDEX", "lq45");
  failing.ctx.mdqStatus();
  expect(failing.rec.alerts.at(-1)).toMatch(/Spent since .*?: 3 requests, 0 credits \(/);
});
