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
  format: "iife",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
};
