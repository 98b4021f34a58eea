// Unicode property classes (\p{L}, \p{M}) are ES2018: EdgeHTML, the webview of Excel on Windows
// without WebView2, refuses them as regex literals, and one such literal stops the whole Excel
// bundle from loading. They are built here at run time instead; an engine without them gets the
// nearest class it can read (Latin, Greek and Cyrillic letters, the combining diacritical marks).

const FALLBACK: Readonly<Record<string, string>> = {
  "\\p{L}":
    "A-Za-z\\u00AA\\u00B5\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u0373\\u0376-\\u0377\\u037B-\\u037D\\u0386-\\u03FF\\u0400-\\u0481\\u048A-\\u052F",
  "\\p{N}": "0-9\\u00B2\\u00B3\\u00B9\\u00BC-\\u00BE",
  "\\p{M}": "\\u0300-\\u036F\\u0483-\\u0489",
};

/** A RegExp whose source may use \p{L}, \p{N} and \p{M}: with the u flag where the engine knows
 *  them, else with each class spelled out as ranges. */
export function unicodeRegExp(source: string, flags = ""): RegExp {
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    return new RegExp(
      source.replace(/\\p\{[LNM]\}/g, (p) => FALLBACK[p]),
      flags,
    );
  }
}
