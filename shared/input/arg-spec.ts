// What argument checking needs to know of a function: its name, its positional arguments, the
// parameters its options argument takes and a rule across them. A catalogue row is a Signature
// with more (rows/function-spec.ts); this floor reads cells against the Signature alone.
import type { ArgKind } from "./kinds";

/** What checking and sending an argument needs. Its help is not part of it: only the docs, the
 *  wrappers' metadata and the CLI's help read that (ArgSpec), and the Excel bundle is built without
 *  it (scripts/strip-docs.mjs). */
export interface ArgRule {
  name: string;
  kind: ArgKind;
  required?: boolean;
  /** Where the value goes: a `{name}` placeholder of the path, a query parameter (default), or
   *  nowhere on the wire (it only picks the route or the layout). */
  at?: "path" | "query" | "local";
  /** The argument names one company or code, and also takes a range or comma list of them: one
   *  request per key, one stacked table with the key first (run/batch.ts). Only a function's first. */
  batch?: true;
}

/** An argument as the catalogue writes it: its rule and the phrase that documents it. */
export interface ArgSpec extends ArgRule {
  help: string;
}

/** Checked argument values, as the text they are sent as (undefined: blank, not sent). */
export type Values = Record<string, string | undefined>;

export interface Signature {
  name: string;
  args: ArgRule[];
  /** Endpoint parameters beyond the positional ones, given in the options argument. */
  options: ArgRule[];
  /** A rule across arguments (one of two required, start before end); returns a message. */
  check?: (values: Values) => string | undefined;
}
