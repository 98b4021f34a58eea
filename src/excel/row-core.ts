// What the engine's build (scripts/row-chunks.mjs) writes in this module's place: the core's
// exports that the rows' scripts use (each script takes them from the engine, never bundles a
// copy), each function's family, and the build's stamp, which a row script must carry. Here, in
// the source, nothing: the source's runtime has the catalogue itself (catalogue-rows.ts).

/** The core's modules the rows import, each as the exports they use, in the build's order. */
export const ROW_CORE: readonly object[] = [];
/** Each function's family (dist/excel/rows-<family>.js), by name, in the catalogue's order. */
export const FAMILY_OF: Readonly<Record<string, string>> = {};
/** This build's: a row script of another build (a cached copy) is refused. */
export const ROW_STAMP = "";
