// functions.json (written by the build, npm run build first) against Microsoft's own schema of
// custom functions' metadata as it ships offline: the definitions of a function, a parameter, a
// result and an enum in the Microsoft 365 app manifest's JSON schema (@microsoft/app-manifest,
// installed with office-addin-manifest), its newest version. The manifest nests those definitions in
// an add-in's extension; functions.json is the same metadata on its own, where a function's flags
// (cancelable, volatile, ...) sit in an `options` object and its result names its `type`: the
// schema below is the manifest's definitions put in that shape, nothing added. It declares
// COMPANY, which returns entities, and allowCustomDataForDataTypeAny.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";

const METADATA = join(__dirname, "..", "..", "dist", "excel", "functions.json");
const SCHEMAS = join(__dirname, "..", "..", "node_modules", "@microsoft", "app-manifest", "build", "json-schemas", "teams");

type Json = Record<string, any>;

/** The newest numbered version of the manifest's schema. */
function manifestSchema(): Json {
  const versions = readdirSync(SCHEMAS)
    .filter((v) => /^v\d+\.\d+$/.test(v))
    .sort((a, b) => {
      const [x, y] = [a, b].map((v) => v.slice(1).split(".").map(Number));
      return x[0] - y[0] || x[1] - y[1];
    });
  return JSON.parse(readFileSync(join(SCHEMAS, versions[versions.length - 1], "MicrosoftTeams.schema.json"), "utf8"));
}

/** functions.json's schema from the manifest's definitions. */
function functionsJsonSchema(): Json {
  const manifest = manifestSchema();
  const defs = manifest.definitions as Json;
  const fn = defs.extensionFunction;
  const flags = Object.keys(fn.properties).filter((k) => fn.properties[k].type === "boolean");
  const own = Object.fromEntries(Object.entries(fn.properties as Json).filter(([k]) => !flags.includes(k)));
  const functions = defs.extensionCustomFunctions.properties;
  return {
    $schema: manifest.$schema,
    type: "object",
    additionalProperties: false,
    required: ["functions"],
    properties: {
      allowCustomDataForDataTypeAny: functions.allowCustomDataForDataTypeAny,
      functions: { ...functions.functions, items: { $ref: "#/definitions/metadataFunction" } },
      enums: functions.enums,
    },
    definitions: {
      ...defs,
      metadataFunction: {
        type: "object",
        additionalProperties: false,
        required: fn.required,
        properties: {
          ...own,
          parameters: { ...own.parameters, items: { $ref: "#/definitions/metadataParameter" } },
          result: { $ref: "#/definitions/metadataResult" },
          options: {
            type: "object",
            additionalProperties: false,
            properties: Object.fromEntries(flags.map((k) => [k, fn.properties[k]])),
          },
        },
      },
      metadataParameter: { ...defs.extensionFunctionParameter, additionalProperties: false },
      metadataResult: {
        ...defs.extensionResult,
        additionalProperties: false,
        properties: { ...defs.extensionResult.properties, type: defs.extensionFunctionParameter.properties.type },
      },
    },
  };
}

const metadata = (): Json => {
  if (!existsSync(METADATA)) throw new Error(`${METADATA} is missing: run npm run build first`);
  return JSON.parse(readFileSync(METADATA, "utf8"));
};

test("functions.json is valid against the custom functions' schema", () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(functionsJsonSchema());
  const valid = validate(metadata());
  expect(valid ? [] : validate.errors).toEqual([]);
});

test("the schema check fails on metadata it must refuse", () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(functionsJsonSchema());
  const good = metadata();
  const company = good.functions.find((f: Json) => f.id === "COMPANY");
  for (const bad of [
    { ...good, allowCustomDataForDataTypeAny: "yes" },
    { ...good, functions: [{ ...company, id: "1COMPANY" }] },
    { ...good, functions: [{ ...company, options: { cancelable: true, cached: true } }] },
    { ...good, functions: [{ ...company, result: { dimensionality: "cube" } }] },
    { ...good, surprise: true },
  ])
    expect(validate(bad)).toBe(false);
});

test("functions.json declares COMPANY, and lets functions return data types", () => {
  const json = metadata();
  expect(json.allowCustomDataForDataTypeAny).toBe(true);
  const company = json.functions.find((f: Json) => f.id === "COMPANY");
  expect(company).toMatchObject({ name: "COMPANY", result: { dimensionality: "matrix" } });
  expect(company.result.type ?? "any").toBe("any");
  expect(company.parameters.map((p: Json) => p.name)).toEqual(["ticker", "options"]);
});
