// The side-by-side table of docs/functions.md: every one of the provider add-in's functions has an
// MDQ call, and every MDQ call there is a valid call of the live edition (nothing sent).

import { PROVIDER_ADDIN } from "../../scripts/provider-addin";
import { functionNamed } from "../../shared/catalogue/catalogue";
import { prepare } from "../../shared/request/prepare";

const settings = { baseUrl: "https://api.sectors.app", apiKey: "k", edition: "live" as const };

test("the provider add-in's 34 functions, each once", () => {
  expect(PROVIDER_ADDIN).toHaveLength(34);
  expect(new Set(PROVIDER_ADDIN.map((c) => c.theirs.split("(")[0])).size).toBe(34);
});

test.each(PROVIDER_ADDIN.map((c) => [c.theirs, c] as const))("%s has a valid MDQ call", (_theirs, c) => {
  const call = prepare(functionNamed(c.name), c.args, settings);
  expect(call.request.url).toMatch(/^https:\/\/api\.sectors\.app\/v2\//);
});
