// Limits that protect the team's quota with the provider: requests a minute and a day per token,
// counted in the shared state (so they hold across instances). A refusal is a 429 with
// Retry-After and a sentence MDQ's front ends show after "the service's rate limit was reached
// (429):" (shared/answer/classify.ts reads `message`).
import type { SharedState } from "./state";

export interface TokenLimits {
  /** Requests a token may make in one minute; 0: no limit. */
  perMinute: number;
  /** Requests a token may make in one UTC day; 0: no limit. */
  perDay: number;
}

export const DEFAULT_LIMITS: TokenLimits = { perMinute: 600, perDay: 20_000 };

/** The team's upstream budget: requests that go upstream (misses), all tokens and instances
 *  together. The default is one token's default limits: however many tokens a team makes, its key
 *  spends no more than one person could (a cache in front makes that ample: 20 analysts' 6,000
 *  formulas are 60 upstream requests). */
export const DEFAULT_TEAM_BUDGET: TokenLimits = { perMinute: 600, perDay: 20_000 };

export interface Refusal {
  reason: "rate" | "quota" | "team";
  retryAfter: number;
  message: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const count = (n: number) => n.toLocaleString("en-US");

/** "5 h 12 min", "3 min", "40 s". */
function span(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Counts this request against the token's limits; a refusal when it is past one. */
export async function checkLimits(state: SharedState, name: string, now: number, limits: TokenLimits): Promise<Refusal | undefined> {
  if (limits.perMinute > 0) {
    const window = Math.floor(now / MINUTE);
    const used = await state.count(`limit:rate:${name}`, window);
    if (used > limits.perMinute) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * MINUTE - now) / 1000));
      return {
        reason: "rate",
        retryAfter,
        message: `your gateway token '${name}' has made its ${count(limits.perMinute)} requests of this minute; the team's gateway takes more in ${span(retryAfter)}`,
      };
    }
  }
  if (limits.perDay > 0) {
    const day = Math.floor(now / DAY);
    const used = await state.count(`limit:day:${name}`, day);
    if (used > limits.perDay) {
      const retryAfter = Math.max(1, Math.ceil(((day + 1) * DAY - now) / 1000));
      return {
        reason: "quota",
        retryAfter,
        message: `your gateway token '${name}' has used its daily quota of ${count(limits.perDay)} requests; it renews at midnight UTC, in ${span(retryAfter)} (the gateway's administrator can raise it)`,
      };
    }
  }
  return undefined;
}

/** Counts one upstream request against the team's budget; a refusal when it is spent. */
export async function spendTeamBudget(state: SharedState, now: number, budget: TokenLimits): Promise<Refusal | undefined> {
  if (budget.perMinute > 0) {
    const window = Math.floor(now / MINUTE);
    if ((await state.count("limit:team:rate", window)) > budget.perMinute) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * MINUTE - now) / 1000));
      return {
        reason: "team",
        retryAfter,
        message: `the team's gateway has sent the service its ${count(budget.perMinute)} requests of this minute (the team's budget, all tokens together); answers it holds are still served, new ones in ${span(retryAfter)}`,
      };
    }
  }
  if (budget.perDay > 0) {
    const day = Math.floor(now / DAY);
    if ((await state.count("limit:team:day", day)) > budget.perDay) {
      const retryAfter = Math.max(1, Math.ceil(((day + 1) * DAY - now) / 1000));
      return {
        reason: "team",
        retryAfter,
        message: `the team's gateway has sent the service its ${count(budget.perDay)} requests of today (the team's daily budget, all tokens together); answers it holds are still served, new ones after midnight UTC, in ${span(retryAfter)} (the gateway's administrator can raise it: --team-daily)`,
      };
    }
  }
  return undefined;
}
