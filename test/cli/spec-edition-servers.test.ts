// `--edition spec`, as the README's edition table says to choose the spec edition, against each
// arrangement of servers: `mdq serve` as `npm start` runs it (live at the root, spec under /spec,
// named in its 410s), a sandbox that speaks spec only, one that speaks live only (as the provider:
// no spec address named). The built command; every documented example walked at the live root.
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { startSandbox } from "../../src/sandbox/server";
import { type Served, startServe } from "../serve-command";
import { mdqJson } from "./mdq-json";

let served: Served;
let specOnly: Awaited<ReturnType<typeof startSandbox>>;
let liveOnly: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  served = await startServe();
  specOnly = await startSandbox({ port: 0, edition: "spec" });
  liveOnly = await startSandbox({ port: 0, edition: "live" });
});
afterAll(async () => {
  await served?.stop();
  await specOnly?.close();
  await liveOnly?.close();
});

const spec = (args: string[], base: string) => mdqJson([...args, "--edition", "spec", "--verbose"], { MDQ_BASE_URL: base });

/** The requests --verbose printed, their paths under the base URL. */
const sent = (stderr: string, base: string) =>
  [...stderr.matchAll(/^mdq: GET (\S+) -> (\d+)/gm)].map((m) => `${m[2]} ${m[1].slice(base.length).split("?")[0]}`);

/** A message that says a company or code does not exist. */
const NOT_FOUND = /not found|no mining company|does not exist|no company/i;

test("mdq QUARTERLY BBCA 4 --edition spec at npm start's sandbox answers from its /spec address, as that address does itself", async () => {
  const r = await spec(["QUARTERLY", "BBCA", "4"], served.base);
  expect(r.code).toBe(0);
  expect(sent(r.stderr, served.base)).toEqual([
    "410 /v1/financials/quarterly/BBCA/",
    "200 /spec/v1/subsectors/",
    "200 /spec/v1/financials/quarterly/BBCA/",
  ]);
  expect(r.stderr).toMatch(/^mdq: 3 requests,/m);
  const direct = await spec(["QUARTERLY", "BBCA", "4"], `${served.base}/spec`);
  expect(direct.code).toBe(0);
  expect(r.out).toEqual(direct.out);
});

test("a sandbox of the spec edition only: answered at once, no question", async () => {
  const r = await spec(["QUARTERLY", "BBCA", "4"], specOnly.url);
  expect(r.code).toBe(0);
  expect(sent(r.stderr, specOnly.url)).toEqual(["200 /v1/financials/quarterly/BBCA/"]);
  const mining = await spec(["MINING_COMPANY", "ADRO"], specOnly.url);
  expect(mining.code).toBe(0);
  expect(sent(mining.stderr, specOnly.url)).toEqual(["200 /v2/mining/companies/", "200 /v2/mining/companies/1/"]);
});

test("a sandbox of the live edition only (like the provider, it names no spec address): one sentence naming /spec and both settings", async () => {
  const r = await spec(["QUARTERLY", "BBCA", "4"], liveOnly.url);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(
    `MDQ error: the server at ${liveOnly.url} speaks the live edition (the provider's current API), where the spec edition's paths are retired or shaped otherwise, but the edition is set to spec. Set the edition to live or auto with --edition or the MDQ_EDITION variable, or point the base URL at an address that serves the spec edition with --base-url or the MDQ_BASE_URL variable: MDQ's sandbox serves it under /spec, as http://127.0.0.1:8787/spec.\n`,
  );
  expect(sent(r.stderr, liveOnly.url)).toEqual(["410 /v1/financials/quarterly/BBCA/"]);
  const mining = await spec(["MINING_COMPANY", "ADRO"], liveOnly.url);
  expect(mining.code).toBe(1);
  expect(mining.stderr).not.toMatch(NOT_FOUND);
  expect(mining.stderr).toMatch(/^MDQ error: the server at \S+ speaks the live edition .* under \/spec/m);
});

/** The example's arguments as a shell passes them, trailing blanks dropped (as the docs print it). */
function exampleArgs(example: readonly unknown[]): string[] {
  const args = example.map((a) => (a === null || a === undefined ? "" : String(a)));
  while (args.length && args[args.length - 1] === "") args.pop();
  return args;
}

describe.each(CATALOGUE.map((fn) => [fn.name, exampleArgs(fn.example), fn.editions.spec !== undefined] as const))(
  "mdq %s %j --edition spec",
  (name, args, offered) => {
    test("at npm start's sandbox (live at the root): answers if the spec edition offers it, else refused as not offered; never a not-found", async () => {
      const r = await spec([name, ...args], served.base);
      expect(r.stderr).not.toMatch(NOT_FOUND);
      if (offered) expect({ code: r.code, error: r.stderr.match(/^MDQ error: .*/m)?.[0] }).toEqual({ code: 0, error: undefined });
      else
        expect({ code: r.code, error: r.stderr }).toEqual({ code: 2, error: expect.stringMatching(/is not offered by the spec edition/) });
    });

    test("at a sandbox of the live edition only: never a not-found; a failure names /spec", async () => {
      const r = await spec([name, ...args], liveOnly.url);
      expect(r.stderr).not.toMatch(NOT_FOUND);
      if (r.code === 1)
        expect(r.stderr).toMatch(
          /^MDQ error: the server at \S+ speaks the live edition .* under \/spec, as http:\/\/127\.0\.0\.1:8787\/spec\.$/m,
        );
      else expect(r.code).toBe(offered ? 0 : 2);
    });
  },
);
