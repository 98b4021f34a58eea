// Ties between the mining companies: shareholdings (owner id, owned id, percent) and service
// contracts (mine owner id, contractor id, years the contract runs past today's year, or null for
// an open-ended one). Demo values over the companies of mining-companies.ts.
import { yearOf } from "../dates";
import { MINING_COMPANIES, type MiningCompany } from "./mining-companies";

const STAKES: [number, number, number][] = [
  [12, 14, 51],
  [5, 22, 40],
  [5, 17, 10],
  [9, 21, 30],
  [1, 15, 12.5],
];

const SERVICE: [number, number, number | null][] = [
  [1, 23, 3],
  [14, 23, 1],
  [15, 23, null],
  [3, 23, 2],
];

const byId = (id: number) => MINING_COMPANIES.find((c) => c.id === id) as MiningCompany;

/** The companies that own `c` and those it owns, each with the stake. */
export function stakesOf(c: MiningCompany) {
  const tie = (other: number, percentage_ownership: number) => ({ company: byId(other), percentage_ownership });
  return {
    parents: STAKES.filter(([, owned]) => owned === c.id).map(([owner, , p]) => tie(owner, p)),
    subsidiaries: STAKES.filter(([owner]) => owner === c.id).map(([, owned, p]) => tie(owned, p)),
  };
}

export const serviceContracts = (today: string) =>
  SERVICE.map(([owner, contractor, years]) => ({
    mine_owner: byId(owner),
    contractor: byId(contractor),
    end: years === null ? null : `${yearOf(today) + years}-12-31`,
  }));
