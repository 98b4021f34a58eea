// Mining companies by slug for the live endpoints, and the live form of their IDX symbol (the spec
// data writes an unlisted company's ticker as null or "", the live service as null).
import { type MiningCompany, miningCompanyBySlug } from "../data/mining-companies";
import { notFound } from "../errors";

export function miningOr404(slug: string, message = "Company not found."): MiningCompany {
  const company = miningCompanyBySlug(slug.toLowerCase());
  if (!company) throw notFound(message);
  return company;
}

export const symbolOf = (c: MiningCompany): string | null => c.idx_ticker || null;

/** The latest of `years` or the asked one; `missing` (a 404) when that year has no data. */
export function pickYear(years: readonly number[], asked: number | undefined, missing: string): number {
  const year = asked ?? years.at(-1);
  if (year === undefined || !years.includes(year)) throw notFound(missing);
  return year;
}
