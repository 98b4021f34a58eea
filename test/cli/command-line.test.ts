// The command as people expect one to behave (git, gh, npm): a mistyped flag or function is
// refused with the closest names, --version and --help per function answer, a terminal shows what
// is awaited while it waits, a pipe gets nothing extra, and --verbose lists each request without
// the key. Run in-process (main), its service a scripted fetch.

import { version } from "../../package.json";
import { findFunction } from "../../shared";
import { parseCommandLine } from "../../src/cli/args";
import { functionHelp } from "../../src/cli/help";
import { main } from "../../src/cli/main";
import { SPEC_EDITION } from "./spec-edition";

const BASE = "http://127.0.0.1:9";
const KEY = "cli-secret-key-77";

const answer = (status: number, body: unknown) => ({
  status,
  headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : null) },
  text: async () => JSON.stringify(body),
});
const QUARTERS = [{ symbol: "BBCA.JK", date: "2025-03-31", revenue: 10 }];

async function run(argv: string[], o: { terminal?: boolean; fetch?: (url: string) => Promise<ReturnType<typeof answer>> } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const urls: string[] = [];
  const code = await main({
    argv,
    env: { ...SPEC_EDITION },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    progress: o.terminal ? (t) => progress.push(t) : undefined,
    fetch: async (url) => {
      urls.push(url);
      return (o.fetch ?? (async () => answer(200, QUARTERS)))(url);
    },
  });
  return { code, out, err, progress, urls };
}

const withService = (argv: string[]) => [...argv, "--base-url", BASE, "--api-key", KEY];

test("a mistyped flag is refused with the closest one, before anything is sent", async () => {
  const r = await run(withService(["INDEX", "lq45", "--timout", "5"]));
  expect(r.code).toBe(2);
  expect(r.err).toEqual(["MDQ error: unknown flag --timout (did you mean --timeout?); run mdq help for the flags"]);
  expect(r.urls).toEqual([]);
  // Far from every flag: no guess.
  expect((await run(withService(["INDEX", "lq45", "--xyzzy"]))).err[0]).toBe("MDQ error: unknown flag --xyzzy; run mdq help for the flags");
});

test("a mistyped function is refused with the closest names", async () => {
  const r = await run(withService(["QUARTELY", "BBCA", "4"]));
  expect(r.code).toBe(2);
  expect(r.err[0]).toMatch(/^MDQ error: there is no function "QUARTELY" \(did you mean QUARTERLY\?\); run mdq functions$/);
  expect(r.urls).toEqual([]);
});

test("--version prints the package's version; --help after a function prints its help", async () => {
  expect((await run(["--version"])).out).toEqual([`mdq ${version}`]);
  const help = await run(["QUARTERLY", "--help"]);
  expect(help.out).toEqual([functionHelp(findFunction("QUARTERLY")!)]);
  expect(help.urls).toEqual([]);
});

test("flags anywhere, --flag=value, -- and negative numbers as arguments", () => {
  expect(parseCommandLine(["VALUE", "--format=csv", "BBCA", "revenue", "-1", "--verbose"])).toMatchObject({
    flags: { format: "csv" },
    positional: ["VALUE", "BBCA", "revenue", "-1"],
    verbose: true,
  });
  expect(parseCommandLine(["GET", "--", "--not-a-flag"]).positional).toEqual(["GET", "--not-a-flag"]);
  expect(parseCommandLine(["SCREENER", "pe < 10", "-market_cap", "-h"])).toMatchObject({
    positional: ["SCREENER", "pe < 10", "-market_cap"],
    help: true,
  });
  expect(() => parseCommandLine(["INDEX", "--base-url", "--api-key", "k"])).toThrow("--base-url needs a value");
  expect(() => parseCommandLine(["INDEX", "--verbose=yes"])).toThrow('--verbose takes no value (got "yes")');
});

test("on a terminal the awaited request is shown while it is awaited, and cleared; piped, nothing extra", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow = async () => {
    await gate;
    return answer(200, QUARTERS);
  };
  const running = run(withService(["QUARTERLY", "BBCA", "1", "--format", "json"]), { terminal: true, fetch: slow });
  // Let the request start, then look at the terminal before the service answers.
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  const terminal = await Promise.race([running.then(() => "ended"), Promise.resolve("waiting")]);
  expect(terminal).toBe("waiting");
  release();
  const r = await running;
  // Written when the request was sent, before the service answered.
  expect(r.progress[0]).toMatch(/^\r\u001b\[2Kmdq: waiting for \/v\d\/financials\/quarterly\/BBCA\/.*\(\d+\.\d s\); 0 requests answered$/);
  expect(r.progress.at(-1)).toBe("\r\u001b[2K");
  expect(r.code).toBe(0);
  const piped = await run(withService(["QUARTERLY", "BBCA", "1", "--format", "json"]));
  expect(piped.progress).toEqual([]);
  expect(piped.err).toEqual(r.err);
  expect(piped.err).toEqual([]);
});

test("--verbose: each request with its status, time and credits, each wait before a retry; never the key", async () => {
  let calls = 0;
  const flaky = async () => (++calls === 1 ? answer(503, { detail: "busy" }) : answer(200, QUARTERS));
  const r = await run(withService(["QUARTERLY", "BBCA", "1", "--verbose"]), { fetch: flaky });
  expect(r.code).toBe(0);
  expect(r.err[0]).toMatch(/^mdq: GET http:\/\/127\.0\.0\.1:9\/v\d\/financials\/quarterly\/BBCA\/\S* -> 503 in \d+ ms, 0 credits$/);
  expect(r.err[1]).toMatch(/^mdq: trying again in \d+\.\d s$/);
  expect(r.err[2]).toMatch(/ -> 200 in \d+ ms, 1 credit$/);
  expect(r.err.at(-1)).toBe("mdq: 2 requests, 1 credit (estimated: the spec edition publishes no prices)");
  expect(r.err.join("\n")).not.toContain(KEY);
});

test("a paged list: each page's reach in the service's own count, on a terminal and with --verbose", async () => {
  const TOTAL = 1000;
  const paged = async (url: string) => {
    const query = new URL(url).searchParams;
    const offset = Number(query.get("offset") ?? 0);
    const limit = Number(query.get("limit") ?? 50);
    const showing = Math.min(limit, TOTAL - offset);
    const next = offset + showing < TOTAL ? offset + showing : null;
    const row = { symbol: "BBCA.JK", company_name: "Bank Central Asia Tbk.", market_cap: 1 };
    return answer(200, {
      results: Array(showing).fill(row),
      pagination: { total_count: TOTAL, showing, limit, offset, has_next: next !== null, next_offset: next },
    });
  };
  const argv = withService(["SCREENER", "sub_sector = 'Banks'", "-market_cap", "", "limit=450", "--edition", "live", "--verbose"]);
  const r = await run([...argv, "--format", "json"], { terminal: true, fetch: paged });
  expect(r.err.filter((l) => l.startsWith("MDQ error"))).toEqual([]);
  expect(r.code).toBe(0);
  // Pages of 200 (the screener's), the last one asking only for what is left of the 450.
  const lines = r.err.filter((l) => l.startsWith("mdq: GET"));
  expect(lines.map((l) => /rows to (\d+) of (\d+)$/.exec(l)?.slice(1))).toEqual([
    ["200", "1000"],
    ["400", "1000"],
    ["450", "1000"],
  ]);
  expect(r.progress.some((p) => p.endsWith("2 requests answered, 400 of 1000 rows of the list"))).toBe(true);
});
