// The builder's description of the catalogue as Sheets users see it (MDQ_ names, the same help
// as the custom functions' autocomplete: scripts/sheets-wrappers.ts), made when the sidebar is
// built and written into Sidebar.html as JSON: the page then carries no core code, and opens
// without a round trip to the server for it.
import { type ArgSpec, argHelp, CATALOGUE, DISPLAY_OPTIONS, editionValuesHelp, GROUP_TITLES } from "../../../shared";
import { describeCatalogue } from "../../builder/describe";
import type { BuilderCatalogue } from "../../builder/host";

export function sidebarCatalogue(): BuilderCatalogue {
  return describeCatalogue(CATALOGUE, {
    groupTitles: GROUP_TITLES,
    displayOptions: DISPLAY_OPTIONS,
    summary: (fn) => fn.summary,
    output: (fn) => fn.output,
    // The rows of this bundle keep their help: an ArgRule here is an ArgSpec.
    help: (fn, arg, option) => argHelp(arg as ArgSpec) + (option ? "" : editionValuesHelp(fn, arg as ArgSpec)),
    example: (fn) => fn.example,
  });
}
