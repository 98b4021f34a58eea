// How a value looks in a cell of the playground: the builder's look (src/builder/look.ts, the one
// every host's preview shows too) over this page's own copy of the core.
import { applyNumberFormat, columnFormat, isDateColumn, serialToIso } from "../../shared";
import { lookWith } from "../builder/look";

export type { Look, ResultOf } from "../builder/look";

export const look = lookWith({ columnFormat, applyNumberFormat, isDateColumn, serialToIso });
