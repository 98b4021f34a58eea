// The gateway's canonical request: spellings of one request are one cache entry; a list given as
// the name repeated (the form the live description declares, and MDQ sends) keeps its items' order.
import { canonical } from "../../src/gateway/canonical";

const query = (url: string) => {
  const c = canonical(url);
  if (!c.ok) throw new Error(c.message);
  return c.query;
};

test("a repeated name is one list in its order, not refused; parameters are sorted", () => {
  expect(query("/v2/company/report/BBCA/?sections=valuation&sections=overview")).toBe("?sections=valuation&sections=overview");
  expect(query("/v2/companies/top-changes/?periods=7d&classifications=top_gainers&periods=30d")).toBe(
    "?classifications=top_gainers&periods=7d&periods=30d",
  );
  // Another order of items is another request (the service answers sections in its own order,
  // but a list is the user's): not merged.
  expect(query("/v2/company/report/BBCA/?sections=overview&sections=valuation")).not.toBe(
    query("/v2/company/report/BBCA/?sections=valuation&sections=overview"),
  );
  expect(query("/v2/filings/?limit=5&symbol=BBCA")).toBe(query("/v2/filings/?symbol=BBCA&limit=5"));
});
