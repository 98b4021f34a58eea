// The live edition as its description states it (live-api.generated.json, facts derived by
// scripts/describe-live.ts from the provider's published API description): which query
// parameters a path takes, the values a closed one takes, and the fields of its answer's records.
// The live endpoints take these from here instead of keeping copies: a parameter the description
// does not list is the service's 400 before any handler runs.
import type { Endpoint } from "../endpoint";
import { choice, orderBy } from "../live/params";
import type { Query } from "../query";
import { split } from "../router";
import description from "./live-api.generated.json";

interface Schema {
  $ref?: string;
  type?: string;
  enum?: string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
}
interface Parameter {
  in: string;
  name: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const PATHS = description.paths as unknown as Record<string, { get: Operation }>;
const SCHEMAS = description.components.schemas as unknown as Record<string, Schema>;

/** The described path of a sandbox route ("/v2/daily/:symbol/" is "/v2/daily/{symbol}/"). */
function describedPath(route: string): string {
  const shape = (path: string) => split(path).map((s) => (s.startsWith(":") || /^\{\w+\}$/.test(s) ? "*" : s));
  const wanted = shape(route).join("/");
  const found = Object.keys(PATHS).find((path) => shape(path).join("/") === wanted);
  if (found === undefined) throw new Error(`the live edition's description has no path like ${route}`);
  return found;
}

const operation = (route: string): Operation => PATHS[describedPath(route)].get;
const queryParameters = (route: string) => (operation(route).parameters ?? []).filter((p) => p.in === "query");

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(SCHEMAS[schema.$ref.split("/").pop() as string]) : schema);

/** The values a closed query parameter takes (its items', for a list), as the description lists them. */
export function choicesOf(route: string, name: string): readonly string[] {
  const schema = queryParameters(route).find((p) => p.name === name)?.schema;
  const values = schema?.enum ?? schema?.items?.enum;
  if (!values) throw new Error(`${route}: '${name}' has no fixed values in the description`);
  return values;
}

/** The schema of a path's records: a list stands for its items, an envelope for its results, one
 *  of several shapes for the first that has fields. */
function recordSchema(route: string): Schema {
  const enter = (s: Schema): Schema => {
    const r = resolve(s);
    if (r.items) return enter(r.items);
    if (r.oneOf) return enter(r.oneOf.find((o) => resolve(o).properties || resolve(o).items) ?? {});
    return r.properties?.results ? enter(r.properties.results) : r;
  };
  return enter(operation(route).responses["200"].content?.["application/json"]?.schema ?? {});
}

/** The fields of a path's records, in the description's order. */
export const describedFields = (route: string): string[] => Object.keys(recordSchema(route).properties ?? {});

/** The sections a report path takes (its `sections` values), in the order its answer lists them. */
export function describedSections(route: string): string[] {
  const values = new Set(choicesOf(route, "sections"));
  const ordered = describedFields(route).filter((f) => values.has(f));
  if (ordered.length !== values.size) throw new Error(`${route}: a section of the description is not a field of its answer`);
  return ordered;
}

/** A record cut to the described fields it has, in the description's order. */
export function described(route: string): <R extends object>(record: R) => Partial<R> {
  const fields = describedFields(route);
  return (record) => Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f as keyof typeof record]])) as never;
}

/** The endpoint, refusing first, as the service does, a query parameter its path does not take. */
export function withDescribedQuery(endpoint: Endpoint): Endpoint {
  const names = queryParameters(endpoint.path).map((p) => p.name);
  return {
    path: endpoint.path,
    handle(ctx) {
      ctx.query.allow(names);
      return endpoint.handle(ctx);
    },
  };
}

/** A closed parameter read against the values its described path lists (canonical spelling back). */
export const describedChoice = (route: string, q: Query, name: string): string | undefined => choice(q, name, choicesOf(route, name));

/** `order_by` against the fields the described path sorts by (its enum lists each as `f` and `-f`). */
export function describedOrder(route: string, q: Query, fallback: string): { field: string; descending: boolean } {
  const fields = [...new Set(choicesOf(route, "order_by").map((o) => o.replace(/^-/, "")))];
  return orderBy(q, fields, fallback);
}
