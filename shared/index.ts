// The core's front door: the only module the hosts (src/), the scripts and the sandbox import.
// The core is read in floors, each importing only the floors above it in this list (biome.json
// keeps it so; docs/contributing.md maps them):
//   base      errors, redaction, cells, tables, HTTP shapes, base URL, editions
//   input     argument kinds (zod rules), signatures, periods, options, blank cells → values
//   answer    classification, lenient response schemas, the one flattener, display, size limits,
//             time series by period and side by side
//   rows      the row type (FunctionSpec), the effects a call yields, load programs, prices (credits)
//   request   a row + arguments → one checked request (path, query, headers, cache key)
//   run       one call as effects: cache and stale, retries and pauses, batches
//   drive     the synchronous and asynchronous drivers, the fetch transport
//   catalogue the rows themselves, VALUE's datasets, vocabularies, describe, templates
// The engine (request, run, drive) takes a row, never a name: hosts look a name up here, once.

export * from "./answer/classify";
export * from "./answer/decode";
export * from "./answer/display";
export * from "./answer/envelope";
export * from "./answer/flatten";
export * from "./answer/host-limits";
export * from "./answer/response";
export { type Aggregate, PERIODICITIES, type Periodicity, type Resampled, resample, type SeriesSpec } from "./answer/series";
export { type Calendar, type Fill, wide } from "./answer/series-wide";
export * from "./base/advice";
export * from "./base/base-url";
export * from "./base/cells";
export * from "./base/editions";
export * from "./base/errors";
export * from "./base/hash";
export * from "./base/http";
export * from "./base/own";
export * from "./base/redact";
export * from "./base/table";
export * from "./base/unicode";
export * from "./base/words";
export * from "./catalogue/builtin-formula";
export * from "./catalogue/catalogue";
export * from "./catalogue/company-fields";
export * from "./catalogue/describe";
export * from "./catalogue/families";
export { DATASETS, datasetFields } from "./catalogue/functions/value-datasets";
export * from "./catalogue/template-cells";
export * from "./catalogue/templates";
export * from "./catalogue/value-gathering";
export * from "./catalogue/vocabularies";
export * from "./drive/async-host";
export * from "./drive/drivers";
export * from "./drive/fetch-transport";
export * from "./input/arg-kinds";
export * from "./input/arg-spec";
export * from "./input/blank-zeros";
export * from "./input/kinds";
export * from "./input/options";
export * from "./input/periods";
export * from "./input/validate";
export { type OptionsMemo, type Variant, variantOf } from "./input/variants";
export { editionKey, findsEdition } from "./request/edition-auto";
export * from "./request/prepare";
export * from "./request/route";
export * from "./request/settings";
export * from "./request/url";
export * from "./rows/card";
export * from "./rows/column-types";
export * from "./rows/credits";
export * from "./rows/effects";
export * from "./rows/exchange-hours";
export * from "./rows/freshness";
export * from "./rows/function-spec";
export * from "./rows/loaders";
export * from "./rows/number-formats";
export { type Batch, batchOf, MAX_BATCH_KEYS } from "./run/batch";
export * from "./run/cache-entry";
export { callFunction } from "./run/call";
export { type CallResult, type Env, monotonicNow, type ShowAnswer } from "./run/env";
export { gridOf } from "./run/grid";
export * from "./run/pauses";
export * from "./run/retry-policy";
export { answerJson } from "./run/send";
