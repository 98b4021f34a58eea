// The structure checks of an add-in manifest, for the committed manifest.xml (the dev server's)
// and for each one the build writes: well-formed, every resid defined, one long-lived shared
// runtime used by the functions and the task pane, namespace MDQ, requirement sets, and every URL
// on the origin the add-in is served from. (npm run validate runs Microsoft's validator, which
// needs the network.)
import { XMLParser } from "fast-xml-parser";
import { parseStrictXml } from "../strict-xml";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["Set", "Runtime", "ExtensionPoint", "bt:Image", "bt:Url", "bt:String", "AppDomain", "Host"].includes(name),
});

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

/** The parts of a manifest the checks read. */
export function parseManifest(text: string) {
  const doc = parser.parse(text).OfficeApp;
  const overrides = doc.VersionOverrides;
  const resources = overrides.Resources;
  const defined = (kind: "bt:Image" | "bt:Url" | "bt:String", group: string) =>
    new Map<string, string>((resources[group][kind] as Array<Record<string, string>>).map((r) => [r["@id"], r["@DefaultValue"]]));
  const urls = defined("bt:Url", "bt:Urls");
  const images = defined("bt:Image", "bt:Images");
  return {
    doc,
    overrides,
    host: overrides.Hosts.Host[0],
    urls,
    images,
    shortStrings: defined("bt:String", "bt:ShortStrings"),
    longStrings: defined("bt:String", "bt:LongStrings"),
    residsUsed: attributes(overrides, "resid"),
    /** Every URL of the add-in's own files (not AppDomains, which name the service). */
    addinUrls: [
      ...urls.values(),
      ...images.values(),
      doc.IconUrl["@DefaultValue"],
      doc.HighResolutionIconUrl["@DefaultValue"],
      doc.SupportUrl["@DefaultValue"],
      doc.DefaultSettings.SourceLocation["@DefaultValue"],
    ] as string[],
  };
}

/** Register the structure checks for the manifest `text()` of the add-in served at `base` (ending in "/"). */
export function manifestChecks(text: () => string, base: string) {
  const m = () => parseManifest(text());

  test("is well-formed XML, a task pane add-in for Excel workbooks", () => {
    const { doc, host } = m();
    // Strictly, as Excel parses it: a lenient parser lets a "--" inside a comment through.
    expect(() => parseStrictXml(text())).not.toThrow();
    expect(doc["@xsi:type"]).toBe("TaskPaneApp");
    expect(doc.Id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(doc.Hosts.Host.map((h: Record<string, string>) => h["@Name"])).toEqual(["Workbook"]);
    expect(host["@xsi:type"]).toBe("Workbook");
  });

  test("every resid is defined, and every definition is used", () => {
    const { urls, images, shortStrings, longStrings, residsUsed } = m();
    const all = new Map([...urls, ...images, ...shortStrings, ...longStrings]);
    expect(residsUsed.length).toBeGreaterThan(10);
    for (const id of residsUsed) expect(all.has(id)).toBe(true);
    for (const id of all.keys()) expect(residsUsed).toContain(id);
    const ids = [...urls.keys(), ...images.keys(), ...shortStrings.keys(), ...longStrings.keys()];
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("requires SharedRuntime 1.1", () => {
    expect(m().doc.Requirements.Sets.Set).toContainEqual({ "@Name": "SharedRuntime", "@MinVersion": "1.1" });
  });

  test("one long-lived runtime, shared by the custom functions page, the function file and the task pane", () => {
    const { doc, host, urls } = m();
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
    expect(urls.get(runtimeId)).toBe(`${base}taskpane.html`);
    expect(doc.DefaultSettings.SourceLocation["@DefaultValue"]).toBe(`${base}taskpane.html`);
  });

  test("the custom functions: namespace MDQ, the built script and metadata", () => {
    const { host, urls, shortStrings } = m();
    const functions = host.AllFormFactors.ExtensionPoint.find((e: Record<string, string>) => e["@xsi:type"] === "CustomFunctions");
    expect(shortStrings.get(functions.Namespace["@resid"])).toBe("MDQ");
    expect(urls.get(functions.Script.SourceLocation["@resid"])).toBe(`${base}functions.js`);
    expect(urls.get(functions.Metadata.SourceLocation["@resid"])).toBe(`${base}functions.json`);
  });

  test(`every URL of the add-in is on ${base}, and every icon is one the build writes`, () => {
    const { doc, images, addinUrls } = m();
    expect(addinUrls.length).toBeGreaterThan(8);
    for (const url of addinUrls) expect(url.startsWith(base)).toBe(true);
    const icons = [...images.values(), doc.IconUrl["@DefaultValue"], doc.HighResolutionIconUrl["@DefaultValue"]];
    for (const icon of icons) expect(icon).toMatch(/\/assets\/icon-(16|32|64|80)\.png$/);
  });

  test("AppDomains name the real service", () => {
    expect(m().doc.AppDomains.AppDomain).toContain("https://api.sectors.app");
  });
}
