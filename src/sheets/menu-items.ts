// The MDQ menu: caption → the top-level function Apps Script calls (menus name functions by
// their global name) → the action in the bundle. scripts/sheets-wrappers.ts writes one
// top-level function per item from this same list, so the menu and Code.js cannot disagree.
export interface MenuItem {
  caption: string;
  /** Global function name in Code.js; must not end with "_" (Apps Script hides those). */
  handler: string;
  /** Name of the action exported by src/sheets/main.ts. */
  action:
    | "useGateway"
    | "setApiKey"
    | "setBaseUrl"
    | "setEdition"
    | "setAnswerLimit"
    | "testConnection"
    | "clearCache"
    | "refreshAll"
    | "showStatus"
    | "insertTemplate"
    | "showBuilder"
    | "formatResults";
}

export const MENU_TITLE = "MDQ";

export const MENU_ITEMS: readonly MenuItem[] = [
  { caption: "Use a team gateway (URL + token)", handler: "mdqUseGateway", action: "useGateway" },
  { caption: "Set API key", handler: "mdqSetApiKey", action: "setApiKey" },
  { caption: "Set base URL", handler: "mdqSetBaseUrl", action: "setBaseUrl" },
  { caption: "Set edition", handler: "mdqSetEdition", action: "setEdition" },
  { caption: "Set answer limit", handler: "mdqSetAnswerLimit", action: "setAnswerLimit" },
  { caption: "Test connection", handler: "mdqTestConnection", action: "testConnection" },
  { caption: "Clear cache", handler: "mdqClearCache", action: "clearCache" },
  { caption: "Refresh all", handler: "mdqRefreshAll", action: "refreshAll" },
  { caption: "Status", handler: "mdqStatus", action: "showStatus" },
  { caption: "Formula builder", handler: "mdqFormulaBuilder", action: "showBuilder" },
  { caption: "Insert template", handler: "mdqInsertTemplate", action: "insertTemplate" },
  { caption: "Format results", handler: "mdqFormatResults", action: "formatResults" },
];

/** The named range "Refresh all" bumps; formulas pass it as the refresh option. */
export const REFRESH_RANGE = "MDQ_REFRESH";
export const SETTINGS_SHEET = "MDQ";

/** The server functions the sidebar's page calls with google.script.run: global functions of
 *  Code.js (google.script.run reaches only those, and none whose name ends with "_"), each one line
 *  into the bundle's action of the same shape. */
export interface PageCall {
  handler: string;
  action: "builderRun" | "builderInsert" | "builderSelected" | "builderRead";
  params: readonly string[];
}

export const PAGE_CALLS: readonly PageCall[] = [
  { handler: "mdqBuilderRun", action: "builderRun", params: ["name", "args"] },
  { handler: "mdqBuilderInsert", action: "builderInsert", params: ["formula"] },
  { handler: "mdqBuilderSelected", action: "builderSelected", params: [] },
  { handler: "mdqBuilderRead", action: "builderRead", params: ["reference"] },
];
