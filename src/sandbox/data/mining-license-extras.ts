// What the live edition's licenses carry beyond the spec's: the WIUP area code (province code,
// commodity group, year and a serial, 16 digits), the clear-and-clean status and the licensing
// generation, seeded per license; and the holder's slug when the holder is a known company.
import { intBetween, pick, rng } from "../prng";
import { MINING_COMPANIES } from "./mining-companies";
import type { License } from "./mining-licenses";

const SLUGS = new Map(MINING_COMPANIES.map((c) => [c.id, c.slug]));

export function licenseExtras(l: License) {
  const r = rng("license-live", l.id);
  const serial = String(intBetween(r, 1, 999_999)).padStart(6, "0");
  return {
    wiup_code: `${intBetween(r, 11, 94)}${intBetween(r, 10, 99)}${l.license_effective_date.slice(0, 4)}${intBetween(r, 10, 99)}${serial}`,
    cnc: r() < 0.85 ? "CNC" : "Non CNC",
    generation: l.license_type === "IUPK" ? null : pick(r, ["GEN I", "GEN II", "GEN III"]),
    location: l.city,
    company_slug: l.companyId === null ? null : (SLUGS.get(l.companyId) ?? null),
  };
}
