// How the Excel add-in's scripts are bundled: by the build (build-excel.mjs) and by the bench's
// anchor for cold start (bench/provider-bundle.ts), which must be minified the same way.
import type { BuildOptions } from "esbuild";

export const EXCEL_BUNDLE_OPTIONS: BuildOptions = {
  bundle: true,
  platform: "browser",
  // Excel's shared runtime is a WebView2 (Edge) or Safari web view, or on Windows without
  // WebView2, EdgeHTML: ES2017 is what EdgeHTML runs (Microsoft, "Support older Microsoft
  // webviews"). Trident (ES5) cannot run the bundle at all: taskpane.html says so instead.
  target: "es2017",
  // Below ES2018 esbuild wraps every `yield*` in a helper meant for async generators, even in the
  // plain generators the core's calls are made of: a closure per delegation and a frame per step,
  // ~8% of a 10,000-formula recalculation's CPU. The add-in has no async generator to lower; should
  // one appear, it would stay ES2018 syntax, which test/excel/older-webviews.test.ts refuses.
  supported: { "async-generator": true },
  format: "iife",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
};
