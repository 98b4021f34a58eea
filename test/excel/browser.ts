// dist/excel served to headless Chromium for the task pane tests: the harness the screenshots of
// docs/images/ share (scripts/harness/excel-pane.ts).
export { DIST_EXCEL, openTaskPane, serveDirectory } from "../../scripts/harness/excel-pane";
