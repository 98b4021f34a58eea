// Company facts the live edition's screener and report show that the spec data has no use for:
// listing board and date (the company's real one), head count, contacts, ESG risk score and business group. All seeded per
// company, so they never change with `today`.
import { between, intBetween, pick, rng } from "../prng";
import type { IdxCompany } from "./idx-companies";

const GROUPS = ["Djarum", "Salim", "Sinar Mas", "Astra", "Lippo", "Barito", "Danantara"];
const STREETS = ["Jl. Jend. Sudirman", "Jl. M.H. Thamrin", "Jl. H.R. Rasuna Said", "Jl. Gatot Subroto", "Jl. T.B. Simatupang"];

export interface Profile {
  listing_board: string;
  listing_date: string;
  employee_num: number;
  address: string;
  website: string;
  phone: string;
  email: string;
  esg_score: number;
  affiliates: string[];
}

export function profileOf(c: IdxCompany): Profile {
  const r = rng(c.symbol, "profile");
  const domain = `${c.symbol.toLowerCase()}.example`;
  return {
    listing_board: "Main",
    listing_date: c.listed,
    // Head count grows with the size of the business (assets in IDR trillions).
    employee_num: Math.round(Math.sqrt(c.assets19) * between(r, 600, 1600)),
    address: `${pick(r, STREETS)} Kav. ${intBetween(r, 1, 80)}, Jakarta ${intBetween(r, 10110, 12950)}`,
    website: `www.${domain}`,
    phone: `021-${intBetween(r, 2000, 5999)}${intBetween(r, 1000, 9999)}`,
    email: `investor.relations@${domain}`,
    esg_score: Number(between(r, 12, 45).toFixed(2)),
    affiliates: r() < 0.35 ? [pick(r, GROUPS)] : [],
  };
}
