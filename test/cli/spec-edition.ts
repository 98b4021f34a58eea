// The edition the command-line tests name: their servers speak the spec edition, and what they
// count (requests, credits, what --verbose prints) is the call's own, not how `auto` finds an
// edition (test/shared/run/edition-auto.test.ts, test/sandbox/out-of-the-box.test.ts). A test of
// `auto` passes MDQ_EDITION="" (blank is absent).
export const SPEC_EDITION = { MDQ_EDITION: "spec" } as const;
