// The built mdq command run as mdqJson runs it, with its clock set to `now` (an ISO date, or a
// date-time with its zone) by the fixed-clock preload: for tests whose answer depends on the day.
import { join } from "node:path";
import { mdqJson } from "./mdq-json";

const FIXED_CLOCK = join(__dirname, "..", "..", "scripts", "harness", "fixed-clock.cjs");

/** `env` as mdqJson's (the spec edition unless it names another). */
export const mdqAt = (now: string, args: string[], env: Record<string, string> = {}) =>
  mdqJson(args, { ...env, MDQ_TEST_NOW: now }, ["--require", FIXED_CLOCK]);
