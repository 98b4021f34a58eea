// Where the Excel runtime finds a function's row, and the task pane the whole catalogue. Here, in
// the source (the tests, the type checker), the catalogue itself, at once. The engine's build
// (scripts/build-excel.mjs) bundles lazy-rows.ts in this module's place, whose rows arrive by
// family when first asked: both keep this module's signatures.
import { CATALOGUE, type FunctionSpec, functionNamed } from "../../shared";

/** The row of a function's name, or the bad argument a user sees for a name there is none of;
 *  a promise while its rows are still on their way. */
export const rowNamed: (name: string) => FunctionSpec | Promise<FunctionSpec> = functionNamed;

/** Every row, in the catalogue's order. */
export const allRows = (): Promise<readonly FunctionSpec[]> => Promise.resolve(CATALOGUE);
