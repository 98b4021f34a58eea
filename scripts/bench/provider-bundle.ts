// The cold start's anchor: an add-in of the provider's kind (the provider's own bundle is not
// available offline), as provider-style.ts calls the service: for every catalogue function, one
// custom function that sends the request its path names with its arguments as query parameters,
// with the key, and shows the JSON's rows; no checks, no cache, no catalogue. It registers as many
// functions as MDQ does, and is bundled and minified with the add-in's own esbuild options.
import { buildSync } from "esbuild";
import { CATALOGUE } from "../../shared";
import { EXCEL_BUNDLE_OPTIONS } from "../excel-bundle-options";

/** The add-in's one helper: settings from OfficeRuntime.storage, a fetch, JSON.parse, rows. */
const RUNTIME = `
async function get(path, params) {
  const storage = OfficeRuntime.storage;
  const [base, key] = await Promise.all([storage.getItem("mdq.baseUrl"), storage.getItem("mdq.apiKey")]);
  const url = new URL(String(base).replace(/\\/$/, "") + path.replace(/\\{(\\w+)\\}/g, (_, name) => encodeURIComponent(String(params[name]))));
  for (const [name, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "" && !path.includes("{" + name + "}")) url.searchParams.set(name, String(value));
  const response = await fetch(url.href, { headers: { Authorization: key } });
  if (!response.ok) throw new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "HTTP " + response.status);
  const json = JSON.parse(await response.text());
  const records = Array.isArray(json) ? json : [json];
  const columns = Object.keys(records[0] || {});
  return [columns, ...records.map((r) => columns.map((c) => (r[c] !== null && typeof r[c] === "object" ? JSON.stringify(r[c]) : r[c] ?? "")))];
}
`;

/** The anchor's source: the helper and one registration per catalogue function. */
export function providerSource(): string {
  const registrations = CATALOGUE.map((fn) => {
    const endpoint = fn.editions.spec ?? fn.editions.live;
    const path = endpoint?.path ?? "/";
    const names = fn.args.map((a) => a.name);
    return `CustomFunctions.associate(${JSON.stringify(fn.name)}, (${names.join(", ")}) => get(${JSON.stringify(path)}, { ${names.join(", ")} }));`;
  });
  return [RUNTIME, ...registrations].join("\n");
}

/** The anchor minified as the add-in is. */
export function providerBundle(): string {
  const result = buildSync({ ...EXCEL_BUNDLE_OPTIONS, stdin: { contents: providerSource(), loader: "js" }, write: false });
  return result.outputFiles[0].text;
}
