// A call set to the spec edition at a base URL that speaks live (run/call.ts callInSpec,
// request/edition-auto.ts): followed to the spec address the server names in its 410, once that
// address answers as spec; refused with one sentence naming /spec where it names none; and a
// company is never "not found" because the spec edition's path met the live edition's.
import { classify } from "../../../shared/answer/classify";
import { liveNotSpec, SPEC_PATH_FIELD, specPathOf } from "../../../shared/base/editions";
import type { Sent } from "../../../shared/base/http";
import { editionOfProbe, editionText, keptServer, mayBeEditionMismatch } from "../../../shared/request/edition-auto";
import { BASE_URL, failure, fixture, pathServer } from "../harness";

const BASE = BASE_URL;
const PROBE = "/v1/subsectors/";
const json = (value: unknown) => JSON.stringify(value);
const ok = (body: string): Sent => ({ status: 200, body });

/** The provider's 410: no spec address. */
const GONE: Sent = { status: 410, body: json({ error: "v1_discontinued", message: "The /v1/ API was retired." }) };
/** A sandbox serving both editions: its root's 410 names where the spec edition is. */
const GONE_NAMING_SPEC: Sent = { status: 410, body: json({ error: "v1_discontinued", message: "Retired.", [SPEC_PATH_FIELD]: "/spec" }) };
const NOT_FOUND: Sent = { status: 404, body: json({ error: "Not found: no endpoint." }) };

const QUARTERLY_SPEC = fixture("quarterly-bank.json");
const MINING_SPEC = fixture("mining-companies.json");
const MINING_LIVE = fixture("live/mining-companies.json");
const QUARTERLY_LIVE = fixture("live/financials-quarterly.json");

/** A server answering by path, the call set to the spec edition. */
const server = (answer: (path: string) => Sent) => pathServer(answer, { edition: "spec" });

/** A live root (the provider's answers, or the sandbox's with `root410`) and, under /spec, a spec edition. */
const liveRoot =
  (root410: Sent, specThere = true) =>
  (path: string): Sent => {
    if (path.startsWith("/spec/")) {
      if (!specThere) return NOT_FOUND;
      const inner = path.slice("/spec".length);
      return ok(inner === PROBE ? "[]" : inner.startsWith("/v2/mining/companies/") ? MINING_SPEC : QUARTERLY_SPEC);
    }
    if (path.startsWith("/v1/")) return root410;
    if (path === "/v2/mining/companies/") return ok(MINING_LIVE);
    if (path.startsWith("/v2/financials/quarterly/")) return ok(QUARTERLY_LIVE);
    return NOT_FOUND;
  };

describe("a server whose root speaks live and names its spec address", () => {
  test("the call is made there, once the address answers as spec; then straight there", () => {
    const s = server(liveRoot(GONE_NAMING_SPEC));
    const first = s.call("QUARTERLY", ["BBCA", 2]);
    expect(first.edition).toBe("spec");
    expect(first.cells.length).toBeGreaterThan(1);
    expect(s.paths).toEqual(["/v1/financials/quarterly/BBCA/", `/spec${PROBE}`, "/spec/v1/financials/quarterly/BBCA/"]);
    // Every request sent is counted: the 410, the question, the answer.
    expect(first.attempts).toBe(3);
    expect(first.fromCache).toBe(false);
    expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nlive \/spec$/);
    expect(s.cache.get(`edition of ${BASE}/spec`)).toMatch(/\nspec$/);
    s.call("QUARTERLY", ["TLKM", 2]);
    expect(s.paths.slice(3)).toEqual(["/spec/v1/financials/quarterly/TLKM/"]);
  });

  test("explain=true at the spec address names the question that found it, and counts what was sent", () => {
    const s = server(liveRoot(GONE_NAMING_SPEC));
    const r = s.call("QUARTERLY", ["BBCA", 2, "", "", "explain=true"]);
    expect(JSON.stringify(r.cells)).toContain(PROBE);
    expect(r.attempts).toBe(3);
  });

  test("a mining company is looked up at the spec address, not 'not found' at the root", () => {
    const s = server(liveRoot(GONE_NAMING_SPEC));
    const r = s.call("MINING_COMPANIES", ["", "BRSG"]);
    expect(r.cells.length).toBeGreaterThan(1);
    // The live envelope at the root showed the edition; the question named the spec address.
    expect(s.paths).toEqual(["/v2/mining/companies/", PROBE, `/spec${PROBE}`, "/spec/v2/mining/companies/"]);
  });

  test("an address that does not answer as spec is not used: the sentence names it and /spec", () => {
    const s = server(liveRoot(GONE_NAMING_SPEC, false));
    const e = failure(() => s.call("QUARTERLY", ["BBCA", 2]));
    expect(e.kind).toBe("gone");
    expect(e.messageFor("cli")).toContain(`it names ${BASE}/spec as its spec edition's address, which did not answer as one (404)`);
    expect(e.messageFor("cli")).toMatch(/MDQ's sandbox serves it under \/spec/);
    expect(s.paths).toEqual(["/v1/financials/quarterly/BBCA/", `/spec${PROBE}`]);
  });
});

describe("a server that speaks live and names no spec address (the provider)", () => {
  test("a /v1/ path's 410: one sentence with both ways out, then refused without a request", () => {
    const s = server(liveRoot(GONE));
    const e = failure(() => s.call("QUARTERLY", ["BBCA", 4]));
    expect(e.kind).toBe("gone");
    expect(e.messageFor("cli")).toBe(liveNotSpec(BASE).messageFor("cli"));
    expect(e.messageFor("cli")).toBe(
      `MDQ: the server at ${BASE} speaks the live edition (the provider's current API), where the spec edition's paths are retired or shaped otherwise, but the edition is set to spec. Set the edition to live or auto with --edition or the MDQ_EDITION variable, or point the base URL at an address that serves the spec edition with --base-url or the MDQ_BASE_URL variable: MDQ's sandbox serves it under /spec, as http://127.0.0.1:8787/spec.`,
    );
    expect(s.paths).toEqual(["/v1/financials/quarterly/BBCA/"]);
    expect(failure(() => s.call("SEGMENTS", ["BBCA"])).kind).toBe("gone");
    expect(s.paths).toHaveLength(1);
  });

  test.each([
    ["MINING_COMPANY", ["ADRO"]],
    ["MINING_PERFORMANCE", ["ADRO"]],
    ["MINING_FINANCIALS", ["ITMG", "2023,2024"]],
    ["MINERAL_COMPANIES", ["Nickel"]],
    ["SALES_DESTINATION", ["ITMG"]],
  ])("%s: never a company not found, but the edition named, after one question", (name, args) => {
    const s = server(liveRoot(GONE));
    const e = failure(() => s.call(name, args));
    expect(e.kind).toBe("gone");
    expect(e.message).not.toMatch(/not found|no mining company|does not exist/i);
    expect(e.messageFor("excel")).toMatch(/under \/spec/);
    expect(s.paths.slice(-1)).toEqual([PROBE]);
  });

  test("a bad argument is refused as such, at no cost, even where the server is known to speak live", () => {
    const s = server(liveRoot(GONE));
    failure(() => s.call("QUARTERLY", ["BBCA", 4]));
    expect(failure(() => s.call("QUARTERLY", ["BBCA", "four"])).kind).toBe("bad_argument");
    expect(s.paths).toHaveLength(1);
  });
});

describe("a server of the spec edition", () => {
  test("every call answers with no question", () => {
    const s = server((path) => ok(path.startsWith("/v2/mining/companies/") ? MINING_SPEC : QUARTERLY_SPEC));
    s.call("QUARTERLY", ["BBCA", 2]);
    s.call("MINING_COMPANIES", ["", "BRSG"]);
    expect(s.paths).toEqual(["/v1/financials/quarterly/BBCA/", "/v2/mining/companies/"]);
  });

  test("a 404 to a /v2/ path: asked once whether it is the edition; the 404 is shown, and later ones without asking", () => {
    const s = server((path) => (path === PROBE ? ok("[]") : NOT_FOUND));
    const e = failure(() => s.call("SALES_DESTINATION", ["ITMG"]));
    expect(e.kind).toBe("not_found");
    expect(s.paths).toEqual(["/v2/sales-destination/", PROBE]);
    expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nspec$/);
    expect(failure(() => s.call("SALES_DESTINATION", ["ADRO"])).kind).toBe("not_found");
    expect(s.paths.slice(2)).toEqual(["/v2/sales-destination/"]);
  });

  test("a 404 to a /v1/ path is the spec server's own: no question (a live server answers them 410)", () => {
    const s = server(() => NOT_FOUND);
    expect(failure(() => s.call("SEGMENTS", ["ZZZZ"])).kind).toBe("not_found");
    expect(s.paths).toEqual(["/v1/company/get-segments/ZZZZ/"]);
  });

  test("a server known as spec that answers 410 has moved to live: said so, and kept", () => {
    let moved = false;
    const s = server((path) => (moved ? liveRoot(GONE)(path) : path === PROBE ? ok("[]") : NOT_FOUND));
    failure(() => s.call("SALES_DESTINATION", ["ITMG"]));
    expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nspec$/);
    moved = true;
    expect(failure(() => s.call("QUARTERLY", ["BBCA", 2])).message).toBe(liveNotSpec(BASE).message);
    expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nlive$/);
  });

  test("a question the server does not answer leaves the call's own failure, and nothing kept", () => {
    const s = server((path) => (path === PROBE ? { status: 503, body: "{}" } : NOT_FOUND));
    expect(failure(() => s.call("SALES_DESTINATION", ["ITMG"])).kind).toBe("not_found");
    expect(s.cache.has(`edition of ${BASE}`)).toBe(false);
  });
});

test("auto keeps the spec address a live server names, so spec can use it later without asking the root", () => {
  const s = server(liveRoot(GONE_NAMING_SPEC));
  expect(s.call("QUARTERLY", ["BBCA", 2], { edition: "auto" }).edition).toBe("live");
  expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nlive \/spec$/);
  const paths = s.paths.length;
  s.call("QUARTERLY", ["BBCA", 2]);
  expect(s.paths.slice(paths)).toEqual([`/spec${PROBE}`, "/spec/v1/financials/quarterly/BBCA/"]);
});

describe("the pieces", () => {
  test("a spec address is a plain path under the base URL, never a host, a step up or an API path", () => {
    for (const good of ["/spec", "/mdq/spec", "/spec-2026", "/a.b"]) expect(specPathOf(good)).toBe(good);
    for (const bad of [
      "",
      "spec",
      "/",
      "//evil.example",
      "/../x",
      "/./x",
      "/spec/",
      "https://x.example",
      "/v1",
      "/V2/x",
      "/sp ec",
      "/spec?x=1",
      5,
      null,
    ])
      expect(specPathOf(bad)).toBeUndefined();
  });

  test("a 410 carries the spec address it names, and the sentence names both ways out", () => {
    const named = failure(() => classify(GONE_NAMING_SPEC as never, 0));
    expect(named.specPath).toBe("/spec");
    expect(named.messageFor("sheets")).toMatch(
      /set the edition to live with the menu MDQ > Set edition, or point the base URL at this server's spec edition, its address followed by \/spec, with the menu MDQ > Set base URL\.$/,
    );
    const none = failure(() => classify(GONE as never, 0));
    expect(none.specPath).toBeUndefined();
    expect(none.messageFor("cli")).toMatch(
      /set the edition to live with --edition .*, or point the base URL at an address that serves the spec edition \(MDQ's sandbox serves it under \/spec\) with --base-url/,
    );
    const hostile = failure(() => classify({ status: 410, body: json({ [SPEC_PATH_FIELD]: "//evil.example" }) }, 0));
    expect(hostile.specPath).toBeUndefined();
    expect(editionOfProbe(named)).toEqual({ edition: "live", specPath: "/spec", known: true });
    expect(named.reworded("x.").specPath).toBe("/spec");
  });

  test("what is kept of a server reads back, and anything else is nothing known", () => {
    for (const server of [{ edition: "spec" as const }, { edition: "live" as const }, { edition: "live" as const, specPath: "/spec" }])
      expect(keptServer(editionText(server))).toEqual(server);
    for (const text of ["", "beta", "spec /spec", "live //x", "live /spec extra", undefined]) expect(keptServer(text)).toBeUndefined();
  });

  test("only failures the live edition could cause are doubted; a /v1/ refusal never is", () => {
    const notFound = failure(() => classify(NOT_FOUND as never, 0));
    expect(mayBeEditionMismatch(notFound, true)).toBe(true);
    expect(mayBeEditionMismatch(notFound, false)).toBe(false);
    expect(
      mayBeEditionMismatch(
        failure(() => classify(GONE as never, 0)),
        false,
      ),
    ).toBe(true);
    expect(
      mayBeEditionMismatch(
        failure(() => classify({ status: 401, body: "{}" }, 0)),
        true,
      ),
    ).toBe(false);
  });
});
