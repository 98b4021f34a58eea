// GET /v2/mining/companies/ and /v2/mining/companies/{slug}/ (live): the directory, searched by
// name, IDX symbol, slug or key operation and sorted by name, and one company's profile.
import { MINING_COMPANIES, type MiningCompany } from "../data/mining-companies";
import { miningFinancials } from "../data/mining-financials";
import { licenseExtras } from "../data/mining-license-extras";
import { LICENSES, type License, licenseDetail } from "../data/mining-licenses";
import { siteRows } from "../data/mining-sites";
import { yearOf } from "../dates";
import { describedChoice } from "../described";
import type { Endpoint } from "../endpoint";
import { limitOffset, sameText } from "../query";
import { envelope } from "./envelope";
import { miningOr404, symbolOf } from "./mining-lookup";

const BY_NAME = [...MINING_COMPANIES].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));

const listItem = (c: MiningCompany) => ({
  slug: c.slug,
  name: c.name,
  symbol: symbolOf(c),
  company_type: c.company_type,
  key_operation: c.key_operation,
  commodity_type: c.commodity,
});

export const liveMiningCompanies: Endpoint = {
  path: "/v2/mining/companies/",
  handle({ query: q, today }) {
    const keyword = q.str("keyword")?.toLowerCase();
    const commodity = q.str("commodity_type");
    const type = describedChoice(liveMiningCompanies.path, q, "company_type");
    const withFinancials = q.has("has_financials") ? q.bool("has_financials", false) : undefined;
    const page = limitOffset(q);
    const rows = BY_NAME.filter(
      (c) =>
        (!keyword || [c.name, c.idx_ticker ?? "", c.slug, c.key_operation].some((f) => f.toLowerCase().includes(keyword))) &&
        (!commodity || c.commodity.some((m) => sameText(m, commodity))) &&
        (!type || c.company_type === type) &&
        (withFinancials === undefined || withFinancials === (miningFinancials(c, today) !== undefined)),
    );
    return envelope(rows, page, listItem);
  },
};

export const liveMiningCompany: Endpoint = {
  path: "/v2/mining/companies/:slug/",
  handle({ params, today }) {
    const c = miningOr404(params.slug, "Company not found. Please provide a valid company slug.");
    const sites = new Set(
      siteRows(String(yearOf(today) - 1))
        .filter((s) => s.company_id === c.id)
        .map((s) => s.name),
    );
    return {
      name: c.name,
      slug: c.slug,
      symbol: symbolOf(c),
      company_type: c.company_type,
      operation_province: c.operation_province,
      operation_district: c.operation_kabkot,
      key_operation: c.key_operation,
      representative_address: c.representative_address,
      website: `www.${c.domain}.example`,
      phone_number: `021-555${String(c.id).padStart(4, "0")}`,
      email: `corsec@${c.domain}.example`,
      activities: c.activities,
      commodity_type: c.commodity,
      mining_license: LICENSES.filter((l) => l.companyId === c.id).map(licenseOfDetail),
      mining_contract: c.contracts,
      mining_site_count: sites.size,
    };
  },
};

function licenseOfDetail(l: License) {
  const d = licenseDetail(l);
  const x = licenseExtras(l);
  return {
    license_type: d.license_type,
    license_number: d.license_number,
    wiup_code: x.wiup_code,
    province: d.province,
    city: d.city,
    license_effective_date: d.license_effective_date,
    license_expiry_date: d.license_expiry_date,
    activity: d.activity,
    licensed_area_ha: d.licensed_area_ha,
    cnc: x.cnc,
    generation: x.generation,
    location: x.location,
    commodity_type: d.commodity_type,
  };
}
