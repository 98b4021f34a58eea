// The committed manifest.xml (written for the dev server, npm run dev:excel) and the copy the
// default build writes into dist/excel (run npm run build first) pass the same structure checks.
// test/excel/deploy-build.test.ts runs them on a manifest built for another origin.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { DEV_ADDIN_ORIGIN } from "../../scripts/addin-origin";
import { parseStrictXml } from "../strict-xml";
import { manifestChecks } from "./manifest-checks";

const root = join(__dirname, "..", "..");
const read = (path: string) => {
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  return readFileSync(path, "utf8");
};

describe("manifest.xml", () => manifestChecks(() => read(join(root, "manifest.xml")), DEV_ADDIN_ORIGIN));

describe("dist/excel/manifest.xml from the default build", () =>
  manifestChecks(() => read(join(root, "dist", "excel", "manifest.xml")), DEV_ADDIN_ORIGIN));

test("the strict reading refuses what XML forbids and a lenient parser lets through", () => {
  const manifest = read(join(root, "manifest.xml"));
  // The comment that once said "--origin": Excel refuses such a manifest.
  const broken = manifest.replace("<!-- MDQ for Excel", "<!-- MDQ for Excel (npm run build:excel -- --origin)");
  expect(() => parseStrictXml(broken)).toThrow(/malformed comment/);
  expect(XMLValidator.validate(broken)).toBe(true);
});
