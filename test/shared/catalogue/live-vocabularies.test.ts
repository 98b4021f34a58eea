// The live edition's closed filters in the catalogue's vocabularies are the ones its described API
// lists (src/sandbox/described/live-api.generated.json): a value added or dropped upstream fails here.
import * as fs from "node:fs";
import * as path from "node:path";
import {
  AUCTION_AREA_TYPES,
  AUCTION_ORDER,
  AUCTION_PROVINCES,
  EXPORT_COMMODITIES,
  LICENSE_ACTIVITIES,
  LICENSE_ORDER,
  LICENSE_TYPES,
  LIVE_GLOBAL_COMMODITIES,
  LIVE_LICENSE_COMMODITIES,
  LIVE_LICENSE_PROVINCES,
  LIVE_MINING_COMPANY_COMMODITIES,
  LIVE_SITE_COMMODITIES,
  LIVE_SITE_PROVINCES,
  MINING_COMPANY_TYPES,
  PERFORMANCE_COMMODITIES,
  PRODUCTION_COMMODITIES,
  RESERVE_COMMODITIES,
  SITE_ORDER,
} from "../../../shared/catalogue/functions/mining-vocabulary";
import { HOLDER_TYPES, LIVE_TRANSACTION_TYPES, NEWS_COMMODITIES, NEWS_EXTENSIONS } from "../../../shared/catalogue/vocabularies";

interface Parameter {
  name: string;
  in: string;
  schema?: { enum?: string[] };
}
const DESCRIBED: { paths: Record<string, { get: { parameters?: Parameter[] } }> } = JSON.parse(
  fs.readFileSync(path.join(__dirname, "..", "..", "..", "src", "sandbox", "described", "live-api.generated.json"), "utf8"),
);

const enumOf = (route: string, name: string) =>
  DESCRIBED.paths[route]?.get.parameters?.find((p) => p.in === "query" && p.name === name)?.schema?.enum;

test.each([
  ["/v2/news/", "extension", NEWS_EXTENSIONS],
  ["/v2/news/", "commodity_type", NEWS_COMMODITIES],
  ["/v2/filings/", "holder_type", HOLDER_TYPES],
  ["/v2/filings/", "transaction_type", LIVE_TRANSACTION_TYPES],
  ["/v2/mining/companies/", "company_type", MINING_COMPANY_TYPES],
  ["/v2/mining/licenses/", "license_type", LICENSE_TYPES],
  ["/v2/mining/licenses/", "activity", LICENSE_ACTIVITIES],
  ["/v2/mining/licenses/", "order_by", LICENSE_ORDER],
  ["/v2/mining/sites/", "order_by", SITE_ORDER],
  ["/v2/mining/companies/performance/{slug}/", "commodity_type", PERFORMANCE_COMMODITIES],
  ["/v2/mining/companies/", "commodity_type", LIVE_MINING_COMPANY_COMMODITIES],
  ["/v2/mining/licenses/", "commodity_type", LIVE_LICENSE_COMMODITIES],
  ["/v2/mining/licenses/", "province", LIVE_LICENSE_PROVINCES],
  ["/v2/mining/sites/", "commodity_type", LIVE_SITE_COMMODITIES],
  ["/v2/mining/sites/", "province", LIVE_SITE_PROVINCES],
  ["/v2/mining/global-commodity/", "commodity_type", LIVE_GLOBAL_COMMODITIES],
  ["/v2/mining/exports/", "commodity_type", EXPORT_COMMODITIES],
  ["/v2/mining/total-production/", "commodity_type", PRODUCTION_COMMODITIES],
  ["/v2/mining/resources-reserves/{province}/", "commodity_type", RESERVE_COMMODITIES],
  ["/v2/mining/license-auctions/", "province", AUCTION_PROVINCES],
  ["/v2/mining/license-auctions/", "area_type", AUCTION_AREA_TYPES],
  ["/v2/mining/license-auctions/", "order_by", AUCTION_ORDER],
] as Array<[string, string, readonly string[]]>)("%s %s", (route, name, vocabulary) => {
  expect([...vocabulary].sort()).toEqual([...(enumOf(route, name) ?? ["(not described)"])].sort());
});
