// Where the add-in's files are served. The committed manifest.xml is written for the dev server
// and the generated wrappers' help links are relative (help.html#quarterly), so no committed file
// changes with the origin: the build writes dist/excel/manifest.xml and functions.json with every
// URL on the origin it is given (npm run build:excel -- --origin https://host/path, or
// MDQ_ADDIN_ORIGIN), and on the dev server's without one.
import { isLoopback } from "../shared";

/** The dev server (npm run dev:excel); manifest.xml's URLs are written on it. */
export const DEV_ADDIN_ORIGIN = "https://localhost:3000/";

const EXAMPLE = "https://addins.example.com/mdq/";

/**
 * The address the add-in's files will be served from, as the base every URL is resolved against
 * (always ending in "/"). Office loads add-ins only over https: http is accepted for this computer
 * alone. A query or fragment would end up in the middle of every URL, so they are refused.
 */
export function parseAddinOrigin(text: string): string {
  const given = text.trim();
  const refuse = (why: string) =>
    new Error(`the add-in origin "${given}" ${why}; give the https address dist/excel/ will be served from, like ${EXAMPLE}`);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw refuse("is not an absolute URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname)))
    throw refuse("is not https (Office loads add-ins only over https; plain http only on this computer)");
  if (url.username || url.password) throw refuse("has a user name or password");
  // URL drops a lone "?" or "#": look at the text.
  if (given.includes("?")) throw refuse("has a query (?...)");
  if (given.includes("#")) throw refuse("has a fragment (#...)");
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** The origin a build uses: the --origin flag, else MDQ_ADDIN_ORIGIN, else the dev server's. */
export function addinOriginOf(flag: string | undefined, env: Record<string, string | undefined>): string {
  const given = flag ?? env.MDQ_ADDIN_ORIGIN;
  return given?.trim() ? parseAddinOrigin(given) : DEV_ADDIN_ORIGIN;
}

const xmlAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * manifest.xml for the add-in served at `base`: every URL of the template on the dev server moved
 * onto it, and the template's leading comment (which speaks of the dev server) replaced by one
 * that says where this copy came from. Throws if a dev-server URL would be left behind.
 */
export function manifestFor(template: string, base: string): string {
  const dev = DEV_ADDIN_ORIGIN.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const moved = template
    .replace(
      /<!--[\s\S]*?-->/,
      `<!-- MDQ for Excel, served from ${base.replace(/--/g, "%2D%2D")}. Written by the build from manifest.xml: edit that, not this copy. -->`,
    )
    .replace(new RegExp(`"${dev}([^"]*)"`, "g"), (_, path: string) => `"${xmlAttribute(base)}${path}"`);
  if (base !== DEV_ADDIN_ORIGIN && moved.includes(DEV_ADDIN_ORIGIN.slice(0, -1)))
    throw new Error(`manifest.xml names ${DEV_ADDIN_ORIGIN} outside a URL attribute the build rewrites`);
  return moved;
}

interface FunctionsMetadata {
  functions: Array<{ id: string; helpUrl?: string }>;
}

/** functions.json with each function's help link (relative in the wrappers) resolved against `base`. */
export function metadataFor(json: string, base: string): string {
  const metadata = JSON.parse(json) as FunctionsMetadata;
  for (const fn of metadata.functions) {
    if (fn.helpUrl === undefined) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(fn.helpUrl))
      throw new Error(`${fn.id}'s @helpurl is absolute (${fn.helpUrl}): the wrappers' help links are relative to the add-in`);
    fn.helpUrl = new URL(fn.helpUrl, base).href;
  }
  // As custom-functions-metadata writes it.
  return JSON.stringify(metadata, null, 4);
}
