// Helper lists of the classification tree, derived from the company universe so that every
// value they offer actually matches companies in /v1/companies/.
import { IDX_COMPANIES } from "./idx-companies";

function distinct<T>(rows: T[], key: (row: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const row of rows) if (!seen.has(key(row))) seen.set(key(row), row);
  return [...seen.values()].sort((a, b) => key(a).localeCompare(key(b)));
}

export const SUBSECTORS = distinct(
  IDX_COMPANIES.map((c) => ({ sector: c.sector, subsector: c.subSector })),
  (r) => `${r.sector}/${r.subsector}`,
);

export const INDUSTRIES = distinct(
  IDX_COMPANIES.map((c) => ({ subsector: c.subSector, industry: c.industry })),
  (r) => `${r.subsector}/${r.industry}`,
);

export const SUBINDUSTRIES = distinct(
  IDX_COMPANIES.map((c) => ({ industry: c.industry, sub_industry: c.subIndustry })),
  (r) => `${r.industry}/${r.sub_industry}`,
);

export const SECTOR_NAMES = new Set(IDX_COMPANIES.map((c) => c.sector));
export const SUBSECTOR_NAMES = new Set(IDX_COMPANIES.map((c) => c.subSector));
export const INDUSTRY_NAMES = new Set(IDX_COMPANIES.map((c) => c.industry));
export const SUBINDUSTRY_NAMES = new Set(IDX_COMPANIES.map((c) => c.subIndustry));
