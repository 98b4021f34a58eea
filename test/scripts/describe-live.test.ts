// The committed facts of the live edition must be what the provider's API description says now.
// The description is kept beside this repository (../shared/reference/), not in it: without it the
// comparison is skipped; the checks of the derivation itself run on made-up documents.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { OPENAPI } from "../../scripts/credits";
import { DESCRIPTION_FILE, describeLive, descriptionFromReference } from "../../scripts/describe-live";

const root = join(__dirname, "..", "..");
const withReference = existsSync(OPENAPI) ? test : test.skip;

withReference(`${DESCRIPTION_FILE} is up to date with the provider's API description (run npm run generate)`, () => {
  expect(readFileSync(join(root, DESCRIPTION_FILE), "utf8")).toBe(descriptionFromReference());
});

test("only facts are kept: no description, summary, example or title anywhere, and every path has its price", () => {
  const made = {
    openapi: "3.0.3",
    info: { title: "T", version: "9", description: "words" },
    paths: {
      "/v2/x/": {
        get: {
          operationId: "x",
          summary: "words",
          description: "Some words.\n\nCosts 2 API credits.",
          parameters: [
            {
              in: "query",
              name: "n",
              description: "words",
              examples: { a: { value: 1 } },
              schema: { type: "integer", maximum: 9, title: "N" },
            },
          ],
          responses: {
            "200": {
              description: "words",
              content: { "application/json": { schema: { $ref: "#/components/schemas/X" }, examples: { a: { value: {} } } } },
            },
          },
        },
      },
    },
    components: { schemas: { X: { type: "object", description: "words", properties: { description: { type: "string", example: "e" } } } } },
  };
  const facts = describeLive(made);
  const text = JSON.stringify(facts);
  expect(text).not.toMatch(/words|"example|"summary"|"title":"N"/);
  // A field named `description` is a field, kept.
  expect(facts.components).toEqual({
    schemas: { X: { type: "object", properties: { description: { type: "string" } } } },
    securitySchemes: {},
  });
  expect((facts.paths as never)["/v2/x/"]).toEqual({
    get: {
      operationId: "x",
      parameters: [{ in: "query", name: "n", schema: { type: "integer", maximum: 9 } }],
      responses: { "200": { description: "", content: { "application/json": { schema: { $ref: "#/components/schemas/X" } } } } },
      "x-credits": { path: "/v2/x/", unit: "request", credits: 2 },
    },
  });
});
