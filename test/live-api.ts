// The provider's live API as the tests see it: the facts-only description the project generates
// (src/sandbox/described/live-api.generated.json), read by a real OpenAPI validator
// (openapi-backend, on Ajv) to check requests and answers, and by a JSON Schema faker to make
// answers that are random but valid per the description (what a mock built from it would serve).
import addFormats from "ajv-formats";
import { JSONSchemaFaker } from "json-schema-faker";
import { OpenAPIBackend, type Operation } from "openapi-backend";
import { LIST_KINDS } from "../shared/catalogue/vocabularies";
import description from "../src/sandbox/described/live-api.generated.json";
import { rng } from "../src/sandbox/prng";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The description as the validator takes it: `{nullable: true}` alone (any value, null
 *  included) is written `{}`, since Ajv refuses `nullable` without a `type`. */
function forAjv(node: Json): Json {
  if (Array.isArray(node)) return node.map(forAjv);
  if (node === null || typeof node !== "object") return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = forAjv(value);
  const typed = ["type", "$ref", "oneOf", "anyOf", "allOf"].some((k) => k in out);
  if (out.nullable === true && !typed) delete out.nullable;
  return out;
}

const DOCUMENT = forAjv(description as unknown as Json) as { paths: Record<string, { get: { operationId: string } }>; components: Json };

export const LIVE_PATHS: readonly string[] = Object.keys(DOCUMENT.paths);

export interface Problem {
  where: string;
  message: string;
}

const problems = (errors: { instancePath?: string; message?: string; params?: unknown }[] | null | undefined): Problem[] =>
  (errors ?? []).map((e) => ({ where: e.instancePath ?? "", message: `${e.message ?? "invalid"} ${JSON.stringify(e.params ?? {})}` }));

/** Path and query of a request URL, the query as the validator reads it (repeated names are a list). */
export function splitUrl(url: string): { path: string; query: Record<string, string | string[]> } {
  const { pathname, searchParams } = new URL(url);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of searchParams) {
    const had = query[name];
    query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return { path: decodeURIComponent(pathname), query };
}

/** The description, loaded by the validator: checks of requests and answers, and fake answers. */
export class LiveApi {
  private constructor(private readonly api: OpenAPIBackend) {}

  /** Built once per test file (Ajv compiles the schemas on first use). */
  static async load(): Promise<LiveApi> {
    const api = new OpenAPIBackend({
      definition: DOCUMENT as never,
      strict: true,
      quick: false,
      validate: true,
      ignoreTrailingSlashes: false,
      customizeAjv: (ajv) => {
        addFormats(ajv);
        // The service's own answers (its published examples) write a `date-time` without an
        // offset ("2026-07-09T14:29:39"): ISO 8601 with the offset optional, as the client reads it.
        ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?$/i);
        return ajv;
      },
    });
    await api.init();
    return new LiveApi(api);
  }

  /** The operation a request URL is for, or undefined when the description has no such path. */
  operationOf(url: string): Operation | undefined {
    return this.api.router.matchOperation({ method: "get", path: splitUrl(url).path, headers: {} });
  }

  /** What makes a request invalid per the description (unknown path or parameter, wrong type, a
   *  value outside the enum or the bounds, a required parameter missing); empty when it is valid. */
  requestProblems(url: string): Problem[] {
    const { path, query } = splitUrl(url);
    const operation = this.operationOf(url);
    if (!operation) return [{ where: path, message: "no such path in the description" }];
    const result = this.api.validator.validateRequest({ method: "get", path, query, headers: { authorization: "key" } }, operation);
    return problems(result.errors);
  }

  /** What makes an answer to a request invalid per the description; empty when it is valid. */
  answerProblems(url: string, status: number, body: unknown): Problem[] {
    const operation = this.operationOf(url);
    if (!operation) return [{ where: url, message: "no such path in the description" }];
    return problems(this.api.validator.validateResponse(body, operation, status).errors);
  }

  /** A random answer to the request, valid per the description, from `seed`: every optional
   *  field present when `full`, else most. */
  fakeAnswer(url: string, seed: number, full = false): unknown {
    const operation = this.operationOf(url);
    const content = (operation?.responses?.["200"] as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
    const schema = content?.["application/json"]?.schema;
    if (!operation || schema === undefined) throw new Error(`no answer schema for ${url}`);
    JSONSchemaFaker.option({
      // The sandbox's own seeded generator: a failing case comes back with its seed.
      random: rng("fake-answer", seed),
      alwaysFakeOptionals: full,
      optionalsProbability: full ? 1 : 0.7,
      maxItems: 4,
      fillProperties: false,
      failOnInvalidTypes: true,
      refDepthMax: 4,
    });
    return JSONSchemaFaker.generate({ ...(schema as object), components: DOCUMENT.components } as never);
  }
}

/** LIST with each of its kinds: the calls that reach the helper-list paths (one row reaches them all). */
const LIST_OPTIONS: Record<string, string> = {
  index_members: "index=lq45",
  klse_companies: "sector=financials",
  quarterly_dates: "ticker=BBCA",
};
export const EVERY_LIST_KIND: string[][] = LIST_KINDS.map((kind) => [kind, LIST_OPTIONS[kind] ?? ""]);
