// A function whose path an argument picks names every path it can reach in docs/functions.md:
// its endpoint declares the cases (`routeCases`), and each case's path is in its reference.
import { EDITIONS } from "../../../shared/base/editions";
import { CATALOGUE } from "../../../shared/catalogue/catalogue";
import { functionReference } from "../../../shared/catalogue/describe";
import { LIST_KINDS } from "../../../shared/catalogue/vocabularies";

/** Rows whose route cannot be listed: GET takes any path; VALUE reads other rows, each documented. */
const ANY_PATH = new Set(["GET", "VALUE"]);

const routed = CATALOGUE.flatMap((fn) =>
  EDITIONS.flatMap((edition) => {
    const e = fn.editions[edition];
    return e?.route && !ANY_PATH.has(fn.name) ? [{ fn, edition, e }] : [];
  }),
);

test.each(routed.map((r) => [r.fn.name, r.edition, r]))("%s (%s edition) names each path it routes to", (_name, _edition, { fn, e }) => {
  expect(e.routeCases?.length).toBeGreaterThan(0);
  const reference = functionReference(fn);
  for (const { values } of e.routeCases ?? []) {
    let path: string | undefined;
    try {
      path = e.route?.(values).path ?? e.path;
    } catch {
      continue; // a case the edition refuses (a list it does not have) is named nowhere
    }
    expect(reference).toContain(`\`GET ${path}\``);
  }
});

test("LIST has a case for every kind", () => {
  const list = CATALOGUE.find((fn) => fn.name === "LIST");
  for (const edition of EDITIONS) expect(list?.editions[edition]?.routeCases?.map((c) => c.values.kind)).toEqual([...LIST_KINDS]);
});

test.each([
  ["LIST", "/v2/companies/list_companies_with_segments/"],
  ["LIST", "/v2/sgx/subsectors/"],
  ["LIST", "/v2/sgx/tags/"],
  ["RESOURCES_RESERVES", "/v2/mining/resources-reserves/"],
  ["SCREENER", "/v2/sgx/companies/"],
])("%s's reference names %s", (name, path) => {
  const fn = CATALOGUE.find((f) => f.name === name);
  expect(fn && functionReference(fn)).toContain(`\`GET ${path}\``);
});
