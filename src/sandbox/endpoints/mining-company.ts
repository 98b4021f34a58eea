// GET /v2/mining/companies/{company_id}/ (spec 4.16): detail with licenses, contracts and counts.

import { miningCompanyById } from "../data/mining-companies";
import { LICENSES, licenseDetail } from "../data/mining-licenses";
import { siteRows } from "../data/mining-sites";
import { yearOf } from "../dates";
import type { Endpoint } from "../endpoint";
import { notFound } from "../errors";

export const miningCompany: Endpoint = {
  path: "/v2/mining/companies/:company_id/",
  handle({ params, query, today }) {
    query.allow([]);
    const c = /^\d{1,9}$/.test(params.company_id) ? miningCompanyById(Number(params.company_id)) : undefined;
    if (!c) throw notFound("Company not found.");
    const licenses = LICENSES.filter((l) => l.companyId === c.id);
    const sites = new Set(
      siteRows(String(yearOf(today) - 1))
        .filter((s) => s.company_id === c.id)
        .map((s) => s.name),
    );
    return {
      id: c.id,
      name: c.name,
      idx_ticker: c.idx_ticker,
      operation_province: c.operation_province,
      operation_kabkot: c.operation_kabkot,
      representative_address: c.representative_address,
      company_type: c.company_type,
      key_operation: c.key_operation,
      activities: c.activities,
      website: `www.${c.domain}.example`,
      phone_number: `021-555${String(c.id).padStart(4, "0")}`,
      email: `corsec@${c.domain}.example`,
      mining_license: licenses.map(licenseDetail),
      mining_contract: c.contracts,
      commodity: c.commodity,
      aggregates: { mining_site_count: sites.size, mining_license_count: licenses.length },
    };
  },
};
