// The sandbox's live edition answers as the provider's description says it answers: every
// catalogue function's example (and its required arguments alone) is run through the core
// against the in-process sandbox, and every answer it reads is checked by an OpenAPI validator
// over src/sandbox/described/live-api.generated.json. Together the calls reach every path the
// sandbox serves in the live edition.
import type { MdqError } from "../../shared/base/errors";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { QUERY_TWINS } from "../../shared/catalogue/vocabularies";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { LIVE_ENDPOINTS } from "../../src/sandbox/routes-live";
import { startSandbox } from "../../src/sandbox/server";
import { EVERY_LIST_KIND, LIVE_PATHS, LiveApi, type Problem } from "../live-api";

// The examples' windows end on 2025-06-27: no later than today.
const TODAY = "2025-06-30";
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let api: LiveApi;
beforeAll(async () => {
  [sandbox, api] = await Promise.all([startSandbox({ port: 0, today: TODAY, edition: "live" }), LiveApi.load()]);
});
afterAll(() => sandbox.close());

const reached = new Set<string>();

/** Every answer a call read, with what the description finds wrong in it. */
async function answersOf(name: string, args: unknown[]): Promise<{ url: string; problems: Problem[] }[]> {
  const checked: { url: string; problems: Problem[] }[] = [];
  const recording = async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    const text = await response.text();
    const operation = api.operationOf(url);
    if (response.status === 200 && operation) reached.add(operation.path);
    if (response.status === 200) checked.push({ url, problems: api.answerProblems(url, 200, JSON.parse(text)) });
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const fn = CATALOGUE.find((f) => f.name === name);
  const settings = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, edition: "live" as const };
  await callAsync(fn!, args as never, settings, fetchHost(recording as never));
  return checked;
}

const EXTRA: Record<string, unknown[][]> = {
  LIST: EVERY_LIST_KIND,
  COMPANIES: [
    ["banks", "revenue"],
    ["banks", "earnings"],
  ],
};

const LIVE = CATALOGUE.filter((f) => f.editions.live && f.name !== "GET");
const withRequiredOnly = (args: readonly unknown[], required: boolean[]) => args.map((a, i) => (required[i] ? a : ""));

describe.each(LIVE.map((f) => [f.name, f] as const))("%s: the sandbox's live answers", (name, fn) => {
  test("validate against the description", async () => {
    const required = fn.args.map((a) => Boolean(a.required));
    // The required arguments alone may break a rule across arguments: such a call sends nothing.
    const calls = [fn.example, withRequiredOnly(fn.example.slice(0, fn.args.length), required), ...(EXTRA[name] ?? [])];
    for (const args of calls) {
      const answers = await answersOf(name, args).catch((e: MdqError) => {
        if (e.kind !== "bad_argument" || args === fn.example) throw e;
        return [];
      });
      for (const { url, problems } of answers) expect({ url, problems: problems.slice(0, 5) }).toEqual({ url, problems: [] });
    }
  });
});

test("the calls above reached every path of the description, the query-string twins aside, and the sandbox serves each", () => {
  const served = LIVE_ENDPOINTS.map((e) => api.operationOf(`http://x${e.path.replace(/:(\w+)/g, "x")}`)?.path ?? e.path);
  const twins = QUERY_TWINS.map(([twin]) => twin as string);
  const wanted = LIVE_PATHS.filter((path) => !twins.includes(path)).sort();
  expect([...reached].sort()).toEqual(wanted);
  expect([...served].sort()).toEqual(wanted);
});
