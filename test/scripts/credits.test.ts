// The committed prices must be what the provider's API description says now. The description is
// kept beside this repository (../shared/reference/), not in it: without it these are skipped,
// and nothing else in the tests reads it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CREDITS_FILE, creditsFromReference, OPENAPI, pricesOf, ruleOf } from "../../scripts/credits";

const root = join(__dirname, "..", "..");
const withReference = existsSync(OPENAPI) ? test : test.skip;

withReference(`${CREDITS_FILE} is up to date with the provider's API description (run npm run generate)`, () => {
  expect(readFileSync(join(root, CREDITS_FILE), "utf8")).toBe(creditsFromReference());
});

withReference("every path of the description has a price MDQ reads", () => {
  const document = JSON.parse(readFileSync(OPENAPI, "utf8"));
  expect(pricesOf(document)).toHaveLength(Object.keys(document.paths).length);
});

// The derivation refuses what it cannot read rather than guessing (these texts are made up).
test("a price stated in words the derivation does not know stops it, naming the path", () => {
  expect(() => ruleOf("/v2/x/", { description: "Costs 1 API credit per megabyte." })).toThrow(/\/v2\/x\/: a price MDQ cannot read yet/);
  expect(() => ruleOf("/v2/y/", { description: "Free for everyone." })).toThrow(/\/v2\/y\/: no price stated/);
});

test("a price per item asked needs the parameter that lists the items, and its default must add up", () => {
  const perSection = "Costs 1 API credit per requested section. Default behavior (all 3 sections) consumes 3 credits.";
  const sections = (n: number) => [
    { name: "sections", in: "query", schema: { items: { enum: Array.from({ length: n }, (_, i) => `s${i}`) } } },
  ];
  expect(ruleOf("/v2/r/", { description: perSection, parameters: sections(3) })).toEqual({
    path: "/v2/r/",
    unit: "section",
    credits: 1,
    asked: [{ param: "sections", all: 3 }],
  });
  expect(() => ruleOf("/v2/r/", { description: perSection, parameters: sections(4) })).toThrow(
    /said to cost 3 credits, the choices make 4/,
  );
  expect(() => ruleOf("/v2/r/", { description: perSection })).toThrow(/no query parameter 'sections'/);
});
