// Yearly figures of the SGX universe in SGD: revenue from a seeded price-to-sales ratio at the
// screener's market cap, earnings at a seeded margin, and the cash-flow, income-statement and
// balance-sheet lines of the service's SGX report derived from them. Each year is a pure function
// of (symbol, year); banks and the exchange ("financial-services") run higher margins and leverage.
import { between, rng } from "../prng";
import type { SgxListing } from "./sgx-prices";

export interface SgxYear {
  revenue: number;
  earnings: number;
  operating_cash_flow: number;
  capital_expenditure: number;
  investing_cash_flow: number;
  financing_cash_flow: number;
  operating_expense: number;
  total_equity: number;
  total_asset: number;
}

export const isFinancial = (s: SgxListing) => s.sector === "Financial Services";

/** Seeded per company: the ratios its years share. */
function profile(s: SgxListing) {
  const r = rng(s.symbol, "sgx-profile");
  const fin = isFinancial(s);
  return {
    ps: fin ? between(r, 3, 8) : between(r, 0.8, 5),
    margin: fin ? between(r, 0.3, 0.5) : between(r, 0.04, 0.25),
    growth: between(r, -0.02, 0.08),
    pb: fin ? between(r, 0.8, 1.8) : between(r, 0.6, 3),
    leverage: fin ? between(r, 9, 14) : between(r, 1.5, 3),
    payout: s.sector === "Technology" ? between(r, 0, 0.4) : between(r, 0.3, 0.85),
  };
}

export const sgxPayout = (s: SgxListing) => profile(s).payout;

const whole = (x: number) => Math.round(x / 1000) * 1000;

export function sgxYear(s: SgxListing, year: number): SgxYear {
  const p = profile(s);
  const r = rng(s.symbol, "sgx-year", year);
  const revenue = (s.market_cap / p.ps) * (1 + p.growth) ** (year - 2024) * between(r, 0.94, 1.06);
  const earnings = revenue * p.margin * between(r, 0.8, 1.2);
  const capex = revenue * (isFinancial(s) ? 0.02 : between(r, 0.03, 0.12));
  const equity = (s.market_cap / p.pb) * (1 + p.growth) ** (year - 2024);
  return {
    revenue: whole(revenue),
    earnings: whole(earnings),
    operating_cash_flow: whole(earnings * between(r, 0.9, 1.4)),
    capital_expenditure: whole(capex),
    investing_cash_flow: whole(-capex * between(r, 1, 1.5)),
    financing_cash_flow: whole(-earnings * p.payout * between(r, 0.9, 1.4)),
    operating_expense: whole(revenue * between(r, 0.2, 0.5)),
    total_equity: whole(equity),
    total_asset: whole(equity * p.leverage),
  };
}
