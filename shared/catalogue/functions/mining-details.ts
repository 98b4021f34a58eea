// One mining company's ownership tree and one mining site's full record: live edition only.
import { recordTable } from "../../answer/flatten";
import { isObject, malformed, num, numbers, open, record, type Schema, type Shape, str, texts } from "../../answer/response";
import { longTable, type Table } from "../../base/table";
import { miningSlug } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { atCompany, companyArg, companyIn } from "./mining-company";

/** One record read as a one-row table (a detail path), its columns in the shape's order. */
export const oneRow = (shape: Shape): Schema<Table> => {
  const table = recordTable(shape);
  return { ...table, decode: (v) => table.decode(isObject(v) ? [v] : malformed("an object", v)) };
};

const RELATIONS = ["parents", "subsidiaries"] as const;
const TIE_COLUMNS = ["name", "slug", "symbol", "percentage_ownership"] as const;

/** Parents first, then subsidiaries, one row each; a list that is not one, or an odd item, is
 *  left out rather than the whole answer refused. */
function ownershipRows(answer: unknown): Table {
  const rows = RELATIONS.flatMap((relation) => {
    const list = isObject(answer) && Array.isArray(answer[relation]) ? answer[relation] : [];
    return list.filter(isObject).map((tie) => [
      relation === "parents" ? "parent" : "subsidiary",
      ...TIE_COLUMNS.map((c) => {
        const v = tie[c];
        return typeof v === "string" || typeof v === "number" ? v : null;
      }),
    ]);
  });
  return longTable(["relation", ...TIE_COLUMNS], rows);
}

export const MINING_OWNERSHIP: FunctionSpec = {
  name: "MINING_OWNERSHIP",
  group: "mining",
  summary: "Who owns a mining company and what it owns, with the percentage of each stake.",
  args: [companyArg],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/companies/ownership/{company}/",
      rename: companyIn("live"),
      response: open,
      layout: ownershipRows,
      load: atCompany("live", "/v2/mining/companies/ownership/{company}/"),
    }),
  },
  instead: "MINING_COMPANY gives a company's profile there.",
  ttl: TTL.reference,
  output:
    "One row per stake: `relation` (`parent`: a company that owns it, `subsidiary`: one it owns), `name, slug, symbol, percentage_ownership`.",
  example: ["ADRO"],
};

export const MINING_SITE: FunctionSpec = {
  name: "MINING_SITE",
  group: "mining",
  summary: "One mining site in full: latest production, resources and reserves, and location.",
  args: [{ name: "site", kind: miningSlug, help: "the site's slug (MINING_SITES lists them)", required: true, at: "path", batch: true }],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/mining/sites/{site}/",
      response: oneRow({
        ...texts(["name", "project_name"]),
        year: num,
        commodity_type: str,
        production_volume: num,
        unit: str,
        ...numbers(["overburden_removal_volume", "strip_ratio"]),
        resources_reserves: open,
        location: record({ ...texts(["province", "city"]), latitude: num, longitude: num }),
        ...texts(["company_slug", "company_name", "slug"]),
      }),
      layout: asDecoded,
    }),
  },
  instead: "MINING_SITES lists the sites with their yearly production there.",
  ttl: TTL.reference,
  output:
    "One row per site: `name, project_name, year, commodity_type, production_volume, unit, overburden_removal_volume, strip_ratio`, each resources and reserves figure as a `resources_reserves.` column (named with its unit, as the service names it: `resources_reserves.total_reserves_Mt`), `location.province, location.city, location.latitude, location.longitude, company_slug, company_name, slug`.",
  example: ["tutupan-selatan"],
};
