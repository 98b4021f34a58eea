// What EdgeHTML lacks: where Windows has no WebView2, Excel runs add-ins in EdgeHTML (Microsoft,
// "Support older Microsoft webviews"), whose JavaScript is ES2017. The bundles are built for ES2017
// (esbuild lowers the syntax), and the few later built-ins MDQ and zod call are added here, each
// only where it is missing. Imported first by functions.js; the task pane runs after it in the
// same page. Trident (ES5) cannot run the bundles at all: taskpane.html tells its users what Excel
// needs instead.

function define(target: object, name: string, value: unknown): void {
  if (!(name in target)) Object.defineProperty(target, name, { value, writable: true, configurable: true });
}

// A global under its ES2020 name: the bundles and zod read globalThis.
define(Function("return this")(), "globalThis", Function("return this")());

define(Array.prototype, "flat", function flat(this: unknown[], depth = 1): unknown[] {
  const out: unknown[] = [];
  const add = (items: unknown[], level: number) => {
    for (const item of items) {
      if (Array.isArray(item) && level > 0) add(item, level - 1);
      else out.push(item);
    }
  };
  add(this, Math.floor(Number(depth)) || 0);
  return out;
});

define(Array.prototype, "flatMap", function flatMap(this: unknown[], fn: (v: unknown, i: number, a: unknown[]) => unknown, self?: unknown) {
  const out: unknown[] = [];
  this.forEach((v, i, a) => {
    const mapped = fn.call(self, v, i, a);
    if (Array.isArray(mapped)) out.push(...mapped);
    else out.push(mapped);
  });
  return out;
});

define(Array.prototype, "at", function at(this: unknown[], index: number) {
  const i = Math.trunc(index) || 0;
  return this[i < 0 ? this.length + i : i];
});

define(Object, "fromEntries", (entries: Iterable<readonly [PropertyKey, unknown]>) => {
  const out: Record<PropertyKey, unknown> = {};
  for (const [key, value] of entries) out[key] = value;
  return out;
});

define(String.prototype, "trimStart", function trimStart(this: string) {
  return String(this).replace(/^[\s\uFEFF\xA0]+/, "");
});

define(String.prototype, "trimEnd", function trimEnd(this: string) {
  return String(this).replace(/[\s\uFEFF\xA0]+$/, "");
});
