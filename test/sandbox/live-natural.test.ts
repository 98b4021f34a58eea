// Live edition screeners with natural-language `q`: the sandbox's small translator turns a few
// question shapes into where/order_by/limit, runs them like a structured query and answers with the
// service's llm_translation; anything else is the service's NON_TRANSLATABLE_QUERY (400).
import { IDX_BANKS, useSandbox } from "./helpers";
import { expectEnvelope } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ask = async (question: string, base = "/v2/companies/", extra = "") => {
  const r = await api.get(`${base}?q=${encodeURIComponent(question)}${extra}`);
  expect({ question, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ question, status: 200, body: "ok" });
  return r.body;
};
const structured = async (params: Record<string, string | number | null>, base = "/v2/companies/") => {
  const query = Object.entries(params)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&");
  return (await api.get(`${base}?${query}`)).body;
};

describe("questions the translator reads", () => {
  test("top N <sub-sector> by market cap: the OpenAPI example's translation and envelope", async () => {
    const body = await ask("top 3 banks by market cap", "/v2/companies/", "&include_query_values=true");
    expect(Object.keys(body)).toEqual(["results", "pagination", "llm_translation"]);
    expectEnvelope({ results: body.results, pagination: body.pagination });
    expect(body.llm_translation).toEqual({
      natural_query: "top 3 banks by market cap",
      translated_params: {
        where: "sub_sector = 'Banks' and market_cap IS NOT NULL",
        order_by: "-market_cap",
        limit: 3,
        offset: null,
        include_query_values: true,
      },
      message: "",
    });
    expect(body.pagination).toMatchObject({ total_count: IDX_BANKS.length, showing: 3, limit: 3, offset: 0, has_next: true });
    expect(Object.keys(body.results[0])).toEqual(["symbol", "company_name", "query_values"]);
    expect(Object.keys(body.results[0].query_values)).toEqual(["sub_sector", "market_cap"]);
    const caps = body.results.map((r: any) => r.query_values.market_cap);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
  });

  test("the answer is the structured query's answer with the translation added", async () => {
    for (const question of [
      "top 10 tech companies by revenue in 2023",
      "top 4 oil-gas-coal by earnings",
      "top 5 by pe",
      "energy companies",
    ]) {
      const body = await ask(question, "/v2/companies/", "&include_query_values=true");
      const t = body.llm_translation.translated_params;
      const same = await structured({ where: t.where, order_by: t.order_by, limit: t.limit, include_query_values: "true" });
      expect({ question, results: body.results, pagination: body.pagination }).toEqual({
        question,
        results: same.results,
        pagination: same.pagination,
      });
    }
  });

  test("sector words: display names, slugs, plurals and leading abbreviations, case-insensitive", async () => {
    const where = async (question: string) => (await ask(question)).llm_translation.translated_params.where;
    expect(await where("Top 2 Financials by Market Cap?")).toBe("sector = 'Financials' and market_cap IS NOT NULL");
    expect(await where("top 2 bank stocks")).toBe("sub_sector = 'Banks' and market_cap IS NOT NULL");
    expect(await where("top 10 tech companies by revenue in 2023")).toBe("sector = 'Technology' and revenue[2023] IS NOT NULL");
    expect(await where("Oil, Gas & Coal companies")).toBe("sub_sector = 'Oil, Gas & Coal'");
    expect(await where("show me all food-beverage companies")).toBe("sub_sector = 'Food & Beverage'");
    expect(await where("coal companies")).toBe("industry = 'Coal'");
    expect(await where("top 5 companies by dividend yield")).toBe("yield_ttm > 0");
  });

  test("metrics: yearly ones default to the last full year; P/E ranks the lowest positive first", async () => {
    const t = async (question: string) => (await ask(question)).llm_translation.translated_params;
    expect(await t("top 5 telecommunication by revenue")).toMatchObject({ order_by: "-revenue[2024]", limit: 5 });
    expect(await t("top 5 banks by earnings in 2021")).toMatchObject({ order_by: "-earnings[2021]" });
    expect(await t("top 5 banks")).toMatchObject({ order_by: "-market_cap" });
    const pe = await ask("top 5 by pe", "/v2/companies/", "&include_query_values=true");
    const values = pe.results.map((r: any) => r.query_values.pe_ttm);
    expect(values.every((v: number) => v > 0)).toBe(true);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  test("q overrides where, order_by, limit and offset; unknown parameters are still a 400", async () => {
    const body = await ask("top 2 banks by market cap", "/v2/companies/", "&where=nonsense&order_by=symbol&limit=200&offset=5");
    expect(body.pagination).toMatchObject({ limit: 2, offset: 0 });
    expect(body.results.map((r: any) => r.symbol)).toEqual(["BBCA.JK", "BBRI.JK"]);
    expect((await api.get("/v2/companies/?q=energy%20companies&sector=energy")).body).toEqual({
      error: "Invalid query parameters: sector.",
    });
    expect((await api.get("/v2/companies/?q=energy%20companies&include_query_values=maybe")).status).toBe(400);
    const blank = (await api.get("/v2/companies/?q=")).body;
    expect(blank.llm_translation).toMatchObject({ natural_query: "", message: "" });
  });

  test("the SGX screener: sectors and market cap", async () => {
    const body = await ask("top 3 financial services by market cap", "/v2/sgx/companies/", "&include_query_values=true");
    expect(body.llm_translation.translated_params.where).toBe("sector = 'Financial Services' and market_cap IS NOT NULL");
    expect(body.results).toHaveLength(3);
    expect(Object.keys(body.results[0].query_values)).toEqual(["sector", "market_cap"]);
    expect((await ask("technology companies", "/v2/sgx/companies/")).pagination.total_count).toBe(3);
  });
});

describe("questions it cannot translate", () => {
  test("the service's NON_TRANSLATABLE_QUERY 400, with what the sandbox understands", async () => {
    const cases: [string, string, RegExp][] = [
      ["/v2/companies/", "what is the weather in Jakarta", /^Could not read 'what is the weather in Jakarta'/],
      ["/v2/companies/", "top 5 breweries by revenue", /^'breweries' is not a sector, sub-sector or industry the sandbox knows\./],
      ["/v2/companies/", "top 5 banks by historical 5-year average pe", /^The sandbox cannot rank by 'historical 5-year average pe'\./],
      ["/v2/companies/", "top 5 banks by market cap in 2022", /applies only to yearly figures/],
      ["/v2/companies/", "top 0 banks", /'top N' takes a number from 1 to 200/],
      ["/v2/companies/", "x".repeat(301), /longer than 300 characters/],
      ["/v2/sgx/companies/", "top 3 technology by revenue", /cannot rank by 'revenue'/],
    ];
    for (const [base, question, message] of cases) {
      const r = await api.get(`${base}?q=${encodeURIComponent(question)}`);
      expect({ question, status: r.status, error: r.body.error }).toEqual({ question, status: 400, error: "NON_TRANSLATABLE_QUERY" });
      expect(r.body.message).toMatch(message);
      expect(r.body.message).toMatch(/This sandbox translates only questions like 'top 5 .+' or '.+ companies'/);
    }
  });
});
