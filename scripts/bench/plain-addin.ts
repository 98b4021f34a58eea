// The plain add-in of the time-to-all-values figure, as a page script: for every catalogue function
// one custom function that fetches its URL with the key, parses the JSON once and returns a 2-D
// array (a list's records, or a record's fields), nothing shared, nothing cached. Its URL is the
// very one MDQ asks for the same formula (prepared by the core before the clock starts, and looked
// up by the formula's arguments), as figures 8 and 15's provider-style add-in does: the provider's
// own naive URL building would ask some functions for requests the service refuses, and an error
// is not a value. It keeps at most MDQ's default number of requests in flight (64): Chromium fails
// a page's requests past its own limit of outstanding requests (net::ERR_INSUFFICIENT_RESOURCES,
// hundreds of a 2,000-formula workbook), and a formula that fails is not a value either.
import { CATALOGUE, type CellValue, functionNamed, prepare } from "../../shared";
import { DEFAULT_CONCURRENCY } from "../../src/excel/settings";

/** The lookup key of a formula: its function and every parameter Excel passes (omitted ones null). */
export const formulaKey = (id: string, padded: unknown[]) => id + JSON.stringify(padded);

/** `args` with nulls for the parameters it leaves out, as Excel passes them. */
export const padded = (args: unknown[], count: number) => args.concat(new Array(Math.max(0, count - args.length)).fill(null));

/** The URL of every formula of `workbook`, by formulaKey. */
export function plainUrls(workbook: Array<[string, unknown[]]>, parameters: Record<string, number>, baseUrl: string, apiKey: string) {
  const urls: Record<string, string> = {};
  for (const [name, args] of workbook) {
    const { request } = prepare(functionNamed(name), args as CellValue[], { baseUrl, apiKey, edition: "spec" });
    urls[formulaKey(name, padded(args, parameters[name]))] = request.url;
  }
  return urls;
}

/** The page script (ES2017, as a webview runs it); `window.__plainUrls` is set before the workbook runs.
 *  `shared`: the floor of any add-in that shares work per distinct request (the CPU figure's third
 *  column): one fetch, one JSON.parse and one 2-D array per distinct URL, the same array for every
 *  formula that asks it, whatever its display options; nothing checked, kept or laid out. */
export function plainAddinScript({ shared = false } = {}): string {
  const ids = JSON.stringify(CATALOGUE.map((fn) => fn.name));
  return `(function () {
  function rows(json) {
    var records = Array.isArray(json) ? json : [json];
    var columns = Object.keys(records[0] || {});
    return [columns].concat(records.map(function (r) {
      return columns.map(function (c) {
        var v = r[c];
        return v !== null && typeof v === "object" ? JSON.stringify(v) : v === null || v === undefined ? "" : v;
      });
    }));
  }
  var inFlight = 0;
  var waiting = [];
  async function get(id, args) {
    var key = await OfficeRuntime.storage.getItem("mdq.apiKey");
    if (inFlight >= ${DEFAULT_CONCURRENCY}) await new Promise(function (turn) { waiting.push(turn); });
    else inFlight++;
    try {
      var response = await fetch(window.__plainUrls[id + JSON.stringify(args)], { headers: { Authorization: key, Accept: "application/json" } });
      if (!response.ok) throw new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "HTTP " + response.status);
      var text = await response.text();
    } finally {
      var next = waiting.shift();
      if (next) next();
      else inFlight--;
    }
    return rows(JSON.parse(text));
  }
  var inFlightByUrl = new Map();
  function getShared(id, args) {
    var url = window.__plainUrls[id + JSON.stringify(args)];
    var answer = inFlightByUrl.get(url);
    if (!answer) {
      answer = get(id, args);
      inFlightByUrl.set(url, answer);
    }
    return answer;
  }
  ${ids}.forEach(function (id) {
    CustomFunctions.associate(id, function () {
      return ${shared ? "getShared" : "get"}(id, Array.prototype.slice.call(arguments, 0, -1));
    });
  });
})();
`;
}
