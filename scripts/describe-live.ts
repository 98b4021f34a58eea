// The live edition described once, as facts: from the provider's published API description (an
// OpenAPI document kept outside this repository, at ../shared/reference/), an OpenAPI document of
// its own holding only what a machine checks: paths, parameters (where, name, required, type,
// enum, bounds, the service's `x-max-days`), answer schemas (field names, types, nullability,
// required fields), and each path's price as `x-credits`. Every description, summary, example and
// title is left out, so no prose of the provider's is copied. The sandbox takes its parameter
// checks and answer shapes from it (src/sandbox/described/); the tests validate MDQ's requests
// and the sandbox's answers against it with an OpenAPI validator.
// `npm run generate` writes src/sandbox/described/live-api.generated.json when the document is
// there; test/scripts/describe-live.test.ts compares (skipped without it).
import { existsSync, readFileSync } from "node:fs";
import { OPENAPI, ruleOf } from "./credits";

export const DESCRIPTION_FILE = "src/sandbox/described/live-api.generated.json";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };

const SCHEMA_KEYS = [
  "$ref",
  "type",
  "format",
  "nullable",
  "enum",
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "required",
];
const PARAMETER_KEYS = ["in", "name", "required", "style", "explode", "x-max-days"];

const isNode = (v: Json | undefined): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const mapValues = (node: Node, f: (v: Json) => Json): Node => Object.fromEntries(Object.entries(node).map(([k, v]) => [k, f(v)]));

/** A schema with only its checkable keywords, recursively. */
function schemaFacts(schema: Json): Json {
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const key of SCHEMA_KEYS) if (schema[key] !== undefined) out[key] = schema[key];
  if (isNode(schema.properties)) out.properties = mapValues(schema.properties, schemaFacts);
  if (schema.items !== undefined) out.items = schemaFacts(schema.items);
  if (schema.additionalProperties !== undefined) out.additionalProperties = schemaFacts(schema.additionalProperties);
  if (schema.not !== undefined) out.not = schemaFacts(schema.not);
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map(schemaFacts);
  }
  return out;
}

function parameterFacts(parameter: Json): Json {
  if (!isNode(parameter)) throw new Error("a parameter that is not an object");
  const out: Node = {};
  for (const key of PARAMETER_KEYS) if (parameter[key] !== undefined) out[key] = parameter[key];
  out.schema = schemaFacts(parameter.schema ?? {});
  return out;
}

/** OpenAPI requires a response's `description`; it is kept empty. */
function responseFacts(response: Json): Json {
  if (!isNode(response)) return response;
  const out: Node = { description: "" };
  if (isNode(response.content)) {
    out.content = mapValues(response.content, (media): Json => (isNode(media) ? { schema: schemaFacts(media.schema ?? {}) } : {}));
  }
  return out;
}

function operationFacts(path: string, operation: Node): Node {
  const out: Node = { operationId: operation.operationId ?? null };
  if (Array.isArray(operation.parameters)) out.parameters = operation.parameters.map(parameterFacts);
  out.responses = isNode(operation.responses) ? mapValues(operation.responses, responseFacts) : {};
  // The price as a fact (scripts/credits.ts reads the one sentence that states it).
  out["x-credits"] = ruleOf(path, operation as never) as unknown as Json;
  return out;
}

/** The facts-only document. */
export function describeLive(document: unknown): Node {
  const d = document as Node;
  if (!isNode(d) || !isNode(d.paths)) throw new Error("the API description has no paths");
  const info = isNode(d.info) ? d.info : {};
  const paths: Node = {};
  for (const path of Object.keys(d.paths).sort()) {
    const item = d.paths[path];
    if (isNode(item) && isNode(item.get)) paths[path] = { get: operationFacts(path, item.get) };
  }
  const components = isNode(d.components) ? d.components : {};
  const schemas = isNode(components.schemas) ? mapValues(components.schemas, schemaFacts) : {};
  const security = isNode(components.securitySchemes)
    ? mapValues(components.securitySchemes, (s) => (isNode(s) ? { ...s, description: undefined } : s) as Json)
    : {};
  return {
    openapi: d.openapi ?? "3.0.3",
    "x-generated":
      "GENERATED FILE, DO NOT EDIT: facts only (paths, parameters, answer schemas, credits) derived by scripts/describe-live.ts (npm run generate) from the provider's published API description",
    info: { title: String(info.title ?? "API"), version: String(info.version ?? "unknown") },
    paths,
    components: { schemas, securitySchemes: JSON.parse(JSON.stringify(security)) },
    security: d.security ?? [],
  };
}

export const describedText = (document: unknown) => `${JSON.stringify(describeLive(document), null, 1)}\n`;

/** The file's text, or undefined when the provider's document is not beside the repository. */
export function descriptionFromReference(): string | undefined {
  return existsSync(OPENAPI) ? describedText(JSON.parse(readFileSync(OPENAPI, "utf8"))) : undefined;
}
