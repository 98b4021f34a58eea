// A page's document as the add-in's scripts use it, for a Node context that stands in for Excel's
// runtime page: functions.js adds a script element for the engine, the engine one for each family
// of rows it needs (src/excel/lazy-rows.ts). Each element's file, from the folder the scripts were
// built in, runs in the context as soon as it is added (a page with the files in its cache), then
// its load event fires; a file the folder lacks fires the error event, as a 404 would.
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import vm from "node:vm";

/** Where the page says functions.js came from: the others are asked for beside it. */
const ADDIN_URL = "https://addin.example/mdq/";

interface ScriptElement {
  src?: string;
  onload?: () => void;
  onerror?: () => void;
}

/** The document of a page whose scripts are `folder`'s, run in the context `context()` gives. */
export function scriptDocument(folder: string, context: () => vm.Context) {
  return {
    currentScript: { src: `${ADDIN_URL}functions.js` },
    createElement: (tag: string): ScriptElement => {
      if (tag !== "script") throw new Error(`the add-in made a <${tag}>`);
      return {};
    },
    head: {
      appendChild: (element: ScriptElement) => {
        const file = join(folder, basename(new URL(element.src ?? "", ADDIN_URL).pathname));
        if (!element.src?.startsWith(ADDIN_URL) || !existsSync(file)) return element.onerror?.();
        vm.runInContext(readFileSync(file, "utf8"), context(), { filename: basename(file) });
        element.onload?.();
      },
    },
  };
}
