// The overview and valuation sections of the live company report.
import { between, rng } from "../../prng";
import { companyFacts } from "../company-facts";
import { epsOf, multiples, type ReportCtx } from "./context";
import { forecasts } from "./future";

export function overview({ facts: f }: ReportCtx) {
  return {
    listing_board: f.profile.listing_board,
    industry: f.industry,
    sub_industry: f.sub_industry,
    sector: f.sector,
    sub_sector: f.sub_sector,
    market_cap: f.metrics.market_cap,
    market_cap_rank: f.market_cap_rank,
    address: f.profile.address,
    employee_num: f.profile.employee_num,
    employee_num_rank: f.employee_num_rank,
    listing_date: f.profile.listing_date,
    website: f.profile.website,
    phone: f.profile.phone,
    email: f.profile.email,
    last_close_price: f.stats.last_close_price,
    latest_close_date: f.stats.latest_close_date,
    daily_close_change: f.stats.daily_close_change,
    all_time_price: f.stats.all_time_price,
    esg_score: f.profile.esg_score,
    tags: f.tags,
    indices: f.indices,
    affiliates: f.profile.affiliates,
  };
}

/** Mean of the positive values (negative multiples say nothing about a peer group's level). */
function mean(values: (number | null)[]): number | null {
  const ok = values.filter((v): v is number => v !== null && v > 0);
  return ok.length ? ok.reduce((s, v) => s + v, 0) / ok.length : null;
}

export function valuation(ctx: ReportCtx) {
  const { facts: f, today, years } = ctx;
  const c = f.company;
  const peers = [...companyFacts(today).values()].filter((p) => p.sub_sector === f.sub_sector).map((p) => p.company);
  const next = forecasts(ctx).values[0];
  return {
    last_close_price: f.stats.last_close_price,
    latest_close_date: f.stats.latest_close_date,
    daily_close_change: f.stats.daily_close_change,
    forward_pe: next.eps_estimate > 0 ? f.stats.last_close_price / next.eps_estimate : null,
    // A demo fair value: the close moved by a seeded margin of safety.
    intrinsic_value: Math.round(f.stats.last_close_price * between(rng(c.symbol, "intrinsic", today), 0.7, 1.6)),
    historical_valuation: years.map((year) => {
      const m = multiples(c, year, today);
      const growth = epsOf(c, year, today).eps_growth;
      const peer = peers.map((p) => multiples(p, year, today));
      return {
        pb: m.pb,
        pe: m.pe,
        ps: m.ps,
        pcf: m.pcf,
        peg: m.pe !== null && m.pe > 0 && growth !== null && growth > 0 ? m.pe / (growth * 100) : null,
        year,
        pb_peer_avg: mean(peer.map((p) => p.pb)),
        pe_peer_avg: mean(peer.map((p) => p.pe)),
        ps_peer_avg: mean(peer.map((p) => p.ps)),
        enterprise_to_ebitda: m.enterprise_to_ebitda,
        enterprise_to_revenue: m.enterprise_to_revenue,
      };
    }),
  };
}
