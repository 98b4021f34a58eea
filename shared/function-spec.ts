// The shape of one catalogue row. Everything a front end shows or does for a function comes
// from its row: argument order and help, validation, the request, the response schema, the
// table layout, the cache lifetime and the docs.
import type { CellValue } from "./cells";
import type { ArgKind } from "./kinds";
import type { Schema } from "./response";
import type { Table } from "./table";

export interface ArgSpec {
  name: string;
  kind: ArgKind;
  help: string;
  required?: boolean;
  /** Where the value goes: a `{name}` placeholder of the path, a query parameter (default), or
   *  nowhere on the wire (it only picks the route or the layout). */
  at?: "path" | "query" | "local";
}

export type Values = Record<string, string | undefined>;

/** What one call asks of the service, after routing: `layout` receives what `response` decodes. */
export interface Route<T = unknown> {
  path: string;
  query: Values;
  response: Schema<T>;
  // A method, so that a route of any decoded type is a Route (method parameters are bivariant).
  layout(data: T, values: Values): Table;
}

export interface FunctionSpec<T = unknown> {
  name: string;
  summary: string;
  /** The path template; `{name}` placeholders are filled from path arguments. */
  path: string;
  args: ArgSpec[];
  /** Endpoint parameters beyond the positional ones, given in the options argument. */
  options: ArgSpec[];
  response: Schema<T>;
  layout(data: T, values: Values): Table;
  /** Seconds an answer stays fresh in a cache. */
  ttl: number;
  /** The column rule, for the function reference. */
  output: string;
  /** Example arguments, for the docs and the tests. */
  example: CellValue[];
  /** A rule across arguments (one of two required, start before end); returns a message. */
  check?: (values: Values) => string | undefined;
  /** For functions whose path or shape depends on an argument (LIST, GET). */
  route?: (values: Values) => Partial<Route>;
}

/** A catalogue row, its layout typed by its response schema. */
export const defineFunction = <T>(spec: FunctionSpec<T>): FunctionSpec<T> => spec;

/** A route, its layout typed by its response schema. */
export const defineRoute = <T>(route: Partial<Route<T>> & Pick<Route<T>, "response" | "layout">): Partial<Route<T>> => route;

/** The layout of functions whose response already decodes to a table. */
export const asDecoded = (table: Table): Table => table;

/** The layout of a function whose route always supplies its own (LIST). */
export const routed = (): Table => {
  throw new Error("this function's layout comes from its route");
};

/** Cache lifetimes, in seconds. */
export const TTL = {
  reference: 24 * 3600,
  financials: 6 * 3600,
  live: 15 * 60,
} as const;
