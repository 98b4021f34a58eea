// What Excel's JavaScript runtime has besides office.js's objects, for a built Excel bundle run in
// a vm context: the stand-ins add CustomFunctions and OfficeRuntime, a page stand-in the document,
// each caller its fetch and console. TextDecoder lets the bundle count an answer as it streams;
// performance is the monotonic clock of the gate's deadlines.
export const RUNTIME_GLOBALS = { AbortController, setTimeout, clearTimeout, URL, TextDecoder, performance };
