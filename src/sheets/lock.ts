// LockService's script lock, for what MDQ's executions share and rewrite (the MDQ > Status list,
// the claims of the requests being fetched (flights.ts), VALUE's reach per company where it widens
// beyond the sheet (reach.ts), the answers' copies in Document Properties (copies.ts)).
// Google's custom-function guide lists Lock among the services a custom function may use ("works,
// but not particularly useful in custom functions": a custom function rarely shares anything). The
// wait is bounded: a formula may already have used up to 25 s of Sheets' 30, and the lock is only
// ever held for one read and one write of CacheService (or of the copies' store).
import { gas, type Lock } from "./apps-script";

export const LOCK_WAIT_MS = 2000;

/** `work` under the script lock; when it is not had within LOCK_WAIT_MS (or LockService fails),
 *  `work` runs all the same: what it writes is a hint, and a hint lost costs more than a race. */
export function underScriptLock<T>(work: () => T, waitMs = LOCK_WAIT_MS): T {
  const lock = scriptLock(waitMs);
  try {
    return work();
  } finally {
    release(lock);
  }
}

/** `work` under the script lock if it is had within `waitMs`; whether it was (and `work` ran). */
export function onlyUnderScriptLock(work: () => void, waitMs: number): boolean {
  const lock = scriptLock(waitMs);
  if (!lock) return false;
  try {
    work();
    return true;
  } finally {
    release(lock);
  }
}

function scriptLock(waitMs: number): Lock | undefined {
  try {
    const lock = gas().LockService.getScriptLock();
    return lock.tryLock(waitMs) ? lock : undefined;
  } catch {
    return undefined;
  }
}

function release(lock: Lock | undefined): void {
  try {
    lock?.releaseLock();
  } catch {
    // Google releases it when the execution ends anyway.
  }
}
