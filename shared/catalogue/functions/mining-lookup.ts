// A mining company, as a cell names it (ticker, slug or id), to what each edition's paths take:
// the live edition addresses a company by slug, the spec edition by id (its financials by ticker).
// A ticker is looked up once in the companies list, cached like a reference list.

import { isEnvelope, otherEdition, resultsOf } from "../../answer/envelope";
import { isObject } from "../../answer/response";
import { type Edition, notOffered } from "../../base/editions";
import { MdqError } from "../../base/errors";
import type { Get, Loader } from "../../rows/effects";
import { TTL } from "../../rows/function-spec";

export type CompanyForm = "id" | "ticker" | "slug";

export const formOf = (company: string): CompanyForm => (/^\d+$/.test(company) ? "id" : /^[A-Z]{4}$/.test(company) ? "ticker" : "slug");

/** The list the lookup reads, and the field that holds the ticker and the address in each edition. */
const LOOKUP: Record<Edition, { ticker: string; address: string }> = {
  spec: { ticker: "idx_ticker", address: "id" },
  live: { ticker: "symbol", address: "slug" },
};

/** The company's slug (live) or id (spec), from a ticker through one request to the list. */
export function* companyAddress(get: Get, edition: Edition, fn: string, company: string) {
  const form = formOf(company);
  if (form === "id" && edition === "live") {
    throw notOffered("A numeric mining company id", "live", "Use the company's IDX ticker (ADRO) or slug (MINING_COMPANIES lists them).");
  }
  if (form === "slug" && edition === "spec") {
    throw notOffered("A mining company slug", "spec", "Use the company's IDX ticker or its id (MINING_COMPANIES lists them).");
  }
  if (form !== "ticker") return company;
  const { ticker, address } = LOOKUP[edition];
  const json = yield* get("/v2/mining/companies/", { keyword: company, limit: "30" }, { life: { ttl: TTL.reference } });
  // A live service's envelope read as a spec list would find no company: say which edition answered.
  if (edition === "spec" && isEnvelope(json)) throw otherEdition(fn, "live", "{results, pagination}");
  const list = edition === "live" ? resultsOf(json, fn) : json;
  const hit = (Array.isArray(list) ? list : []).find((c) => isObject(c) && String(c[ticker] ?? "").toUpperCase() === `${company}.JK`);
  if (!isObject(hit) || hit[address] === undefined || hit[address] === null) {
    throw new MdqError(
      "not_found",
      `no mining company has the IDX ticker ${company}. MINING_COMPANIES lists the companies, with their ${address}s.`,
    );
  }
  return String(hit[address]);
}

/** A live list filtered by one company's slug (`company=`): a ticker is looked up first (one
 *  request, cached), then the list's own request. */
export const byCompanySlug: Loader = function* (get, values, first) {
  const query =
    values.company === undefined ? first.query : { ...first.query, company: yield* companyAddress(get, "live", first.fn, values.company) };
  return resultsOf(yield* get(first.path, query), first.fn);
};
