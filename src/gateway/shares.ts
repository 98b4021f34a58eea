// Each token's share of the team's upstream budget: no token can take the whole budget while
// others want it (one busy tracker would otherwise block everyone's misses until the window ends).
// A token with the default share may borrow past it while the team leaves a reserve unspent; a
// share set for a token by name is a hard cap (a Sheets tracker's token, readable by every editor).
import { checkTokenName } from "./tokens";

export interface Shares {
  /** Every token's share, in percent of each window's budget. */
  percent: number;
  /** Shares set by token name, in percent: hard caps, never borrowed past. */
  named: ReadonlyMap<string, number>;
}

/** 10%: the reserve (4 shares) keeps room for four more people after one has borrowed all it can,
 *  so at least five people can always miss. */
export const DEFAULT_SHARES: Shares = { percent: 10, named: new Map() };

/** How many default shares the team's budget keeps back from a token borrowing past its own. */
export const RESERVE_SHARES = 4;

/** A token's bounds in one window: its share, and the unspent budget a miss past it must leave. */
export interface ShareBounds {
  share: number;
  /** A miss past the share goes through only while the budget left after it is at least this;
   *  the whole budget for a token that never borrows. */
  reserve: number;
  percent: number;
}

/** `percent` of `budget`, at least one request: a share of nothing would refuse every miss. */
const partOf = (budget: number, percent: number) => Math.max(1, Math.floor((budget * percent) / 100 + 1e-9));

export function boundsOf(shares: Shares, name: string | undefined, budget: number): ShareBounds {
  const named = name === undefined ? undefined : shares.named.get(name);
  if (named !== undefined) return { share: partOf(budget, named), reserve: budget, percent: named };
  return {
    share: partOf(budget, shares.percent),
    // Of the percent, not of the rounded share: a small budget's share of at least 1 does not
    // swell the reserve (5 a minute at 10%: a share of 1, a reserve of 2, not 4).
    reserve: Math.min(budget, Math.floor((budget * RESERVE_SHARES * shares.percent) / 100 + 1e-9)),
    percent: shares.percent,
  };
}

const PERCENT = /^\d{1,3}(?:\.\d{1,2})?$/;
const ALLOWED = "a percent of the team's budget above 0 and at most 100 (two decimals at most), such as 10 or 2.5";

/** The percent `text` says, or undefined when it is not one. */
function percentOf(text: string): number | undefined {
  const value = Number(text);
  return PERCENT.test(text) && value > 0 && value <= 100 ? value : undefined;
}

/** The shares from settings: every token's percent and NAME=PERCENT entries, each with where it
 *  came from (a flag or a variable) for a message naming it. A later entry for a name wins. */
export function sharesOf(
  tokenShare: { from: string; text: string } | undefined,
  entries: readonly { from: string; text: string }[],
): Shares {
  let percent = DEFAULT_SHARES.percent;
  if (tokenShare) {
    const given = percentOf(tokenShare.text.trim());
    if (given === undefined) throw new Error(`${tokenShare.from} must be ${ALLOWED} (got "${tokenShare.text}")`);
    percent = given;
  }
  const named = new Map<string, number>();
  for (const { from, text } of entries) {
    const at = text.lastIndexOf("=");
    const name = text.slice(0, Math.max(0, at)).trim();
    const given = percentOf(text.slice(at + 1).trim());
    if (at < 0 || given === undefined) {
      throw new Error(`${from} must be NAME=PERCENT, such as q3-tracker=2: a token's name, then ${ALLOWED} (got "${text}")`);
    }
    try {
      checkTokenName(name);
    } catch (e) {
      throw new Error(`${from} must be NAME=PERCENT with a token's name (got "${text}"): ${(e as Error).message}`);
    }
    named.set(name, given);
  }
  return { percent, named };
}
