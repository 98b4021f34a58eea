// The ready workbooks as Excel opens them, read from the committed zips: every part well-formed
// XML to a strict parser; every MDQ formula a dynamic array (an array formula of its own cell whose
// cm points through xl/metadata.xml at XLDAPR's fDynamic record, the part typed and related), so
// that Excel opens it as a spill, never as =@MDQ...; and the LQ45 tracker's line chart wired from
// its sheet to its names, which follow the rows INDEX spills.
import { CONTENT_TYPE, chartNames, DYNAMIC_ARRAY_EXT, RELATIONSHIP } from "../../scripts/templates-ooxml";
import type { Template } from "../../shared/catalogue/template-cells";
import { FORMULA_PREFIX, rangeAddresses, TEMPLATES } from "../../shared/catalogue/templates";
import { parseStrictXml } from "../strict-xml";
import { cellsOf, committedBytes, definedNames, overrides, parseXml, partsOf, relationships, sheetPaths, type XmlCell } from "./xlsx-parts";

const mdqCells = (template: Template) => template.sheets.flatMap((s) => s.cells.filter((c) => c.formula).map((c) => `${s.name}!${c.at}`));

describe.each(TEMPLATES.map((t) => [t.title, t] as const))("%s", (_title, template) => {
  let parts: Map<string, string>;
  beforeAll(async () => {
    parts = await partsOf(committedBytes(template.file));
  });

  test("every part is XML that a strict parser reads", () => {
    expect(parts.size).toBeGreaterThan(8);
    for (const [name, text] of parts) {
      expect(name).toMatch(/\.(xml|rels)$/);
      expect(() => parseStrictXml(text)).not.toThrow();
    }
  });

  test("every MDQ formula is a dynamic array of its own cell, marked by the cell metadata; no formula is implicit-intersected", () => {
    const metadata = parseXml(parts.get("xl/metadata.xml") as string).metadata;
    // cm is 1-based into cellMetadata's blocks; rc's t is 1-based into metadataTypes, v 0-based into that type's futureMetadata.
    const dynamic = (cm: string) => {
      const rc = metadata.cellMetadata.bk[Number(cm) - 1]?.rc[0];
      const type = metadata.metadataTypes.metadataType[Number(rc["@t"]) - 1]["@name"];
      const future = metadata.futureMetadata.find((m: any) => m["@name"] === type);
      const ext = future.bk[Number(rc["@v"])].extLst.ext.find((e: any) => e["@uri"] === DYNAMIC_ARRAY_EXT);
      return { type, fDynamic: ext?.["xda:dynamicArrayProperties"]?.["@fDynamic"] };
    };
    const seen: string[] = [];
    for (const [sheet, path] of sheetPaths(parts)) {
      for (const cell of cellsOf(parts.get(path) as string).filter((c): c is Required<Pick<XmlCell, "formula">> & XmlCell => !!c.formula)) {
        const text = cell.formula.text;
        expect(text.startsWith("@") || text.includes("_xlfn.SINGLE")).toBe(false);
        if (!text.startsWith(FORMULA_PREFIX.xlsx)) {
          // The spreadsheet's own functions return one value: a plain formula.
          expect({ at: cell.at, cm: cell.cm, t: cell.formula.t }).toEqual({ at: cell.at, cm: undefined, t: undefined });
          continue;
        }
        seen.push(`${sheet}!${cell.at}`);
        expect({ at: cell.at, t: cell.formula.t, ref: cell.formula.ref, cm: cell.cm }).toEqual({
          at: cell.at,
          t: "array",
          ref: cell.at,
          cm: "1",
        });
        expect(dynamic(cell.cm as string)).toEqual({ type: "XLDAPR", fDynamic: "1" });
      }
    }
    expect(seen.sort()).toEqual(mdqCells(template).sort());
    expect(overrides(parts).get("/xl/metadata.xml")).toBe(CONTENT_TYPE.metadata);
    const rels = [...relationships(parts.get("xl/_rels/workbook.xml.rels")).values()];
    expect(rels).toContainEqual({ type: RELATIONSHIP.metadata, target: "metadata.xml" });
  });

  test("Excel calculates every formula on opening (none carries a cached value)", () => {
    expect(parts.get("xl/workbook.xml")).toMatch(/<calcPr [^>]*fullCalcOnLoad="1"/);
  });
});

describe("the LQ45 tracker's chart", () => {
  const template = TEMPLATES.find((t) => t.sheets.some((s) => s.chart)) as Template;
  const def = template.sheets.find((s) => s.chart) as Template["sheets"][number];
  const chart = def.chart as NonNullable<typeof def.chart>;
  let parts: Map<string, string>;
  beforeAll(async () => {
    parts = await partsOf(committedBytes(template.file));
  });

  test("the sheet's drawing holds the chart over its cells, each part related and typed", () => {
    const sheetPath = sheetPaths(parts).get(def.name) as string;
    const sheetRels = relationships(parts.get(sheetPath.replace(/([^/]+)$/, "_rels/$1.rels")));
    const drawingId = /<drawing r:id="([^"]+)"\/><\/worksheet>$/.exec(parts.get(sheetPath) as string)?.[1] as string;
    expect(sheetRels.get(drawingId)).toEqual({ type: RELATIONSHIP.drawing, target: "../drawings/drawing1.xml" });
    const drawing = parseXml(parts.get("xl/drawings/drawing1.xml") as string)["xdr:wsDr"];
    const anchor = drawing["xdr:twoCellAnchor"][0];
    const chartId = anchor["xdr:graphicFrame"]["a:graphic"]["a:graphicData"]["c:chart"]["@r:id"];
    expect(relationships(parts.get("xl/drawings/_rels/drawing1.xml.rels")).get(chartId)).toEqual({
      type: RELATIONSHIP.chart,
      target: "../charts/chart1.xml",
    });
    expect(overrides(parts).get("/xl/drawings/drawing1.xml")).toBe(CONTENT_TYPE.drawing);
    expect(overrides(parts).get("/xl/charts/chart1.xml")).toBe(CONTENT_TYPE.chart);
    // From the top-left cell's corner to the bottom-right cell's far corner, over no cell of the sheet.
    const [first, last] = chart.at.split(":");
    const corner = (c: any) => `${String.fromCharCode(65 + Number(c["xdr:col"]))}${Number(c["xdr:row"]) + 1}`;
    expect([corner(anchor["xdr:from"]), corner(anchor["xdr:to"])]).toEqual([
      first,
      `${String.fromCharCode(last.charCodeAt(0) + 1)}${Number(last.slice(1)) + 1}`,
    ]);
    const covered = new Set(rangeAddresses(chart.at));
    expect(def.cells.filter((c) => covered.has(c.at))).toEqual([]);
  });

  test("one line, its dates and values read through names that span the rows INDEX spills under its header", () => {
    const space = parseXml(parts.get("xl/charts/chart1.xml") as string)["c:chartSpace"];
    const series = space["c:chart"]["c:plotArea"]["c:lineChart"]["c:ser"];
    expect(series).toHaveLength(1);
    const names = chartNames(chart);
    expect(series[0]["c:cat"]["c:numRef"]["c:f"]).toBe(`[0]!${names.categories}`);
    expect(series[0]["c:val"]["c:numRef"]["c:f"]).toBe(`[0]!${names.values}`);
    // A name is not a cell reference (LQ45 would be one).
    for (const name of Object.values(names)) expect(name).not.toMatch(/^[A-Za-z]{1,3}\d+$|^[RC]\d*$|^R\d*C\d*$/i);
    // The names start under the spill's header row (INDEX's anchor) and count the rows it fills.
    const index = def.cells.find((c) => c.formula?.fn === "INDEX") as NonNullable<(typeof def.cells)[number]>;
    const anchorRow = Number(index.at.slice(1));
    const [catFirst] = rangeAddresses(chart.categories);
    const [valFirst] = rangeAddresses(chart.values);
    expect([catFirst, valFirst]).toEqual([`A${anchorRow + 1}`, `B${anchorRow + 1}`]);
    const span = chart.categories.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
    expect(definedNames(parts)).toEqual(
      new Map([
        [names.categories, `OFFSET('${def.name}'!$A$${anchorRow + 1},0,0,MAX(1,COUNTA('${def.name}'!${span})),1)`],
        [names.values, `OFFSET('${def.name}'!$B$${anchorRow + 1},0,0,MAX(1,COUNTA('${def.name}'!${span})),1)`],
      ]),
    );
  });

  test("only the tracker has a chart", async () => {
    for (const other of TEMPLATES.filter((t) => t !== template)) {
      const names = [...(await partsOf(committedBytes(other.file))).keys()];
      expect(names.filter((n) => /chart|drawing/.test(n))).toEqual([]);
    }
  });
});
