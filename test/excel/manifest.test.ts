// manifest.xml, checked offline (npm run validate runs Microsoft's validator, which needs the
// network): well-formed, every resid defined, one long-lived shared runtime used by the
// functions and the task pane, namespace MDQ, requirement sets, URLs at the dev server.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ADDIN_ORIGIN } from "../../scripts/excel-wrappers";

const text = readFileSync(join(__dirname, "..", "..", "manifest.xml"), "utf8");
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["Set", "Runtime", "ExtensionPoint", "bt:Image", "bt:Url", "bt:String", "AppDomain", "Host"].includes(name),
});
const doc = parser.parse(text).OfficeApp;
const overrides = doc.VersionOverrides;
const host = overrides.Hosts.Host[0];
const resources = overrides.Resources;

/** Every element with an attribute of this name, anywhere. */
function attributes(node: unknown, name: string, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) attributes(n, name, out);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === `@${name}`) out.push(String(value));
      else attributes(value, name, out);
    }
  }
  return out;
}

const defined = (kind: "bt:Image" | "bt:Url" | "bt:String", group: string) =>
  new Map<string, string>((resources[group][kind] as Array<Record<string, string>>).map((r) => [r["@id"], r["@DefaultValue"]]));
const urls = defined("bt:Url", "bt:Urls");
const images = defined("bt:Image", "bt:Images");
const shortStrings = defined("bt:String", "bt:ShortStrings");
const longStrings = defined("bt:String", "bt:LongStrings");

test("is well-formed XML, a task pane add-in for Excel workbooks", () => {
  expect(XMLValidator.validate(text)).toBe(true);
  expect(doc["@xsi:type"]).toBe("TaskPaneApp");
  expect(doc.Id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(doc.Hosts.Host.map((h: Record<string, string>) => h["@Name"])).toEqual(["Workbook"]);
  expect(host["@xsi:type"]).toBe("Workbook");
});

test("every resid is defined, and every definition is used", () => {
  const all = new Map([...urls, ...images, ...shortStrings, ...longStrings]);
  const used = attributes(overrides, "resid");
  expect(used.length).toBeGreaterThan(10);
  for (const id of used) expect(all.has(id)).toBe(true);
  for (const id of all.keys()) expect(used).toContain(id);
  const ids = [...urls.keys(), ...images.keys(), ...shortStrings.keys(), ...longStrings.keys()];
  expect(new Set(ids).size).toBe(ids.length);
});

test("requires SharedRuntime 1.1", () => {
  expect(doc.Requirements.Sets.Set).toContainEqual({ "@Name": "SharedRuntime", "@MinVersion": "1.1" });
});

test("one long-lived runtime, shared by the custom functions page, the function file and the task pane", () => {
  const runtimes = host.Runtimes.Runtime;
  expect(runtimes).toHaveLength(1);
  expect(runtimes[0]["@lifetime"]).toBe("long");
  const runtimeId = runtimes[0]["@resid"];
  const functions = host.AllFormFactors.ExtensionPoint.find((e: Record<string, string>) => e["@xsi:type"] === "CustomFunctions");
  expect(functions.Page.SourceLocation["@resid"]).toBe(runtimeId);
  expect(host.DesktopFormFactor.FunctionFile["@resid"]).toBe(runtimeId);
  const button = host.DesktopFormFactor.ExtensionPoint[0].OfficeTab.Group.Control;
  expect(button.Action["@xsi:type"]).toBe("ShowTaskpane");
  expect(button.Action.SourceLocation["@resid"]).toBe(runtimeId);
  expect(urls.get(runtimeId)).toBe(`${ADDIN_ORIGIN}/taskpane.html`);
  expect(doc.DefaultSettings.SourceLocation["@DefaultValue"]).toBe(`${ADDIN_ORIGIN}/taskpane.html`);
});

test("the custom functions: namespace MDQ, the built script and metadata", () => {
  const functions = host.AllFormFactors.ExtensionPoint.find((e: Record<string, string>) => e["@xsi:type"] === "CustomFunctions");
  expect(shortStrings.get(functions.Namespace["@resid"])).toBe("MDQ");
  expect(urls.get(functions.Script.SourceLocation["@resid"])).toBe(`${ADDIN_ORIGIN}/functions.js`);
  expect(urls.get(functions.Metadata.SourceLocation["@resid"])).toBe(`${ADDIN_ORIGIN}/functions.json`);
});

test("every URL points at the dev server, and every icon is one the build writes", () => {
  const everyUrl = [
    ...urls.values(),
    ...images.values(),
    doc.IconUrl["@DefaultValue"],
    doc.HighResolutionIconUrl["@DefaultValue"],
    doc.SupportUrl["@DefaultValue"],
  ];
  for (const url of everyUrl) expect(url.startsWith(`${ADDIN_ORIGIN}/`)).toBe(true);
  const icons = [...images.values(), doc.IconUrl["@DefaultValue"], doc.HighResolutionIconUrl["@DefaultValue"]];
  for (const icon of icons) expect(icon).toMatch(/\/assets\/icon-(16|32|64|80)\.png$/);
});

test("AppDomains name the real service", () => {
  expect(doc.AppDomains.AppDomain).toContain("https://api.sectors.app");
});
