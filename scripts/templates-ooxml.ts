// The parts of a ready workbook that exceljs does not write, added to the zip it wrote:
// - dynamic-array metadata: every MDQ formula is written as a one-cell array formula; its cell gets
//   cm="1", the first record of xl/metadata.xml's cell metadata, whose XLDAPR type says "dynamic
//   array" (fDynamic). Without it Excel opens the formula as a legacy one, =@MDQ.INDEX(...), and
//   shows one cell instead of the spill (MDQ's functions all return a matrix);
// - a line chart (xl/charts, xl/drawings, their relationships and content types) over two defined
//   names that follow the spilled rows (OFFSET over as many rows as the result fills), so the chart
//   grows and shrinks with the spill.
// Every part is rewritten with a fixed date, so the same definitions always make the same bytes.
import JSZip from "jszip";
import { rangeAddresses, type Template, type TemplateChart } from "../shared";

const NS = {
  main: "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
  rel: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  chart: "http://schemas.openxmlformats.org/drawingml/2006/chart",
  drawing: "http://schemas.openxmlformats.org/drawingml/2006/main",
  sheetDrawing: "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
  dynamicArray: "http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray",
} as const;

export const CONTENT_TYPE = {
  metadata: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml",
  drawing: "application/vnd.openxmlformats-officedocument.drawing+xml",
  chart: "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
} as const;

export const RELATIONSHIP = {
  metadata: `${NS.rel}/sheetMetadata`,
  drawing: `${NS.rel}/drawing`,
  chart: `${NS.rel}/chart`,
} as const;

/** The extension that holds XLDAPR's dynamic-array properties ([MS-XLSX] 2.6.101). */
export const DYNAMIC_ARRAY_EXT = "{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}";

const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One metadata type (XLDAPR), one record of it (dynamic, not collapsed), and one cell-metadata
 *  block pointing at that record: cm="1" on a cell means "this formula is a dynamic array". */
const METADATA = `${HEADER}<metadata xmlns="${NS.main}" xmlns:xda="${NS.dynamicArray}"><metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes><futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="${DYNAMIC_ARRAY_EXT}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata><cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>`;

/** The zip's parts as text (a workbook exceljs writes holds no binary part), in its order. */
type Parts = Map<string, string>;

function addOverride(parts: Parts, partName: string, contentType: string): void {
  const types = parts.get("[Content_Types].xml") as string;
  parts.set("[Content_Types].xml", types.replace("</Types>", `<Override PartName="${partName}" ContentType="${contentType}"/></Types>`));
}

/** Adds a relationship to a .rels part (created when missing) and returns its id. */
function addRelationship(parts: Parts, relsPath: string, type: string, target: string): string {
  const rels =
    parts.get(relsPath) ?? `${HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`;
  const taken = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
  let n = 1;
  while (taken.has(`rId${n}`)) n++;
  const id = `rId${n}`;
  parts.set(relsPath, rels.replace("</Relationships>", `<Relationship Id="${id}" Type="${type}" Target="${target}"/></Relationships>`));
  return id;
}

/** The worksheet part of each sheet, by sheet name, through workbook.xml and its relationships. */
function sheetParts(parts: ReadonlyMap<string, string>): Map<string, string> {
  const book = parts.get("xl/workbook.xml") as string;
  const rels = parts.get("xl/_rels/workbook.xml.rels") as string;
  const targets = new Map([...rels.matchAll(/<Relationship Id="([^"]+)"[^>]*Target="([^"]+)"/g)].map((m) => [m[1], m[2]] as const));
  return new Map(
    [...book.matchAll(/<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"/g)].map((m) => [m[1], `xl/${targets.get(m[2])}`] as const),
  );
}

/** Marks every array formula's cell as a dynamic array; adds the metadata part when there is one. */
function markDynamicArrays(parts: Parts): void {
  let marked = 0;
  for (const path of sheetParts(parts).values()) {
    const xml = parts.get(path) as string;
    parts.set(
      path,
      xml.replace(/<c r="([A-Z]+\d+)"((?: [a-z]+="[^"]*")*)><f t="array"/g, (_all, at: string, attrs: string) => {
        marked++;
        return `<c r="${at}"${attrs} cm="1"><f t="array"`;
      }),
    );
  }
  if (marked === 0) return;
  parts.set("xl/metadata.xml", METADATA);
  addOverride(parts, "/xl/metadata.xml", CONTENT_TYPE.metadata);
  addRelationship(parts, "xl/_rels/workbook.xml.rels", RELATIONSHIP.metadata, "metadata.xml");
}

/** A sheet name as a formula writes it: always quoted (LQ45 alone would read as the cell LQ45). */
const quoted = (sheet: string) => `'${sheet.replace(/'/g, "''")}'`;
const absolute = (a1: string) => a1.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2");

/** A name for the rows of a column that a spill fills: from the first cell of `range`, as many
 *  rows as hold something (at least one, so the name is always a reference). */
function spilledRows(sheet: string, range: string, countedBy: string): string {
  const [first] = rangeAddresses(range);
  const counted = rangeAddresses(countedBy);
  const span = `${quoted(sheet)}!${absolute(counted[0])}:${absolute(counted[counted.length - 1])}`;
  return `OFFSET(${quoted(sheet)}!${absolute(first)},0,0,MAX(1,COUNTA(${span})),1)`;
}

/** The defined names a chart reads: its dates and its values. */
export const chartNames = (chart: TemplateChart) => ({ categories: `${chart.names}Dates`, values: `${chart.names}Values` });

function chartXml(chart: TemplateChart): string {
  const names = chartNames(chart);
  const [catId, valId] = [50010001, 50010002];
  const title = `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr/></a:pPr><a:r><a:t>${escapeXml(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>`;
  // "[0]!" is this workbook: how a chart part refers to a workbook-level defined name.
  const series = `<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:v>${escapeXml(chart.series)}</c:v></c:tx><c:marker><c:symbol val="none"/></c:marker><c:cat><c:numRef><c:f>[0]!${names.categories}</c:f></c:numRef></c:cat><c:val><c:numRef><c:f>[0]!${names.values}</c:f></c:numRef></c:val><c:smooth val="0"/></c:ser>`;
  // auto="1": a date axis when the categories are dates, text labels otherwise.
  const catAx = `<c:catAx><c:axId val="${catId}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="yyyy-mm-dd" sourceLinked="1"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="${valId}"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`;
  const valAx = `<c:valAx><c:axId val="${valId}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/><c:numFmt formatCode="#,##0" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="${catId}"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>`;
  return `${HEADER}<c:chartSpace xmlns:c="${NS.chart}" xmlns:a="${NS.drawing}" xmlns:r="${NS.rel}"><c:date1904 val="0"/><c:lang val="en-US"/><c:roundedCorners val="0"/><c:chart>${title}<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/><c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${series}<c:marker val="1"/><c:axId val="${catId}"/><c:axId val="${valId}"/></c:lineChart>${catAx}${valAx}</c:plotArea><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`;
}

/** Zero-based column and row of an A1 address. */
function position(a1: string): { col: number; row: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(a1) as RegExpExecArray;
  return { col: [...m[1]].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1, row: Number(m[2]) - 1 };
}

/** The drawing that places the chart over its cells: from the top-left cell's corner to the
 *  bottom-right cell's far corner. */
function drawingXml(chart: TemplateChart, chartRel: string): string {
  const [from, to] = chart.at.split(":").map(position);
  const corner = (tag: string, col: number, row: number) =>
    `<xdr:${tag}><xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  const frame = `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="${NS.chart}"><c:chart xmlns:c="${NS.chart}" xmlns:r="${NS.rel}" r:id="${chartRel}"/></a:graphicData></a:graphic></xdr:graphicFrame>`;
  return `${HEADER}<xdr:wsDr xmlns:xdr="${NS.sheetDrawing}" xmlns:a="${NS.drawing}"><xdr:twoCellAnchor editAs="oneCell">${corner("from", from.col, from.row)}${corner("to", to.col + 1, to.row + 1)}${frame}<xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`;
}

/** Elements a worksheet holds after <drawing>: the drawing must come before them. */
const AFTER_DRAWING = /<(legacyDrawing|legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b/;

function addChart(parts: Parts, sheet: string, chart: TemplateChart): void {
  const sheetPath = sheetParts(parts).get(sheet);
  if (!sheetPath) throw new Error(`no sheet ${sheet} for the chart`);
  const sheetXml = parts.get(sheetPath) as string;
  if (AFTER_DRAWING.test(sheetXml) || sheetXml.includes("<drawing "))
    throw new Error(`${sheetPath} holds parts the chart's drawing must precede`);
  parts.set("xl/charts/chart1.xml", chartXml(chart));
  const chartRel = addRelationship(parts, "xl/drawings/_rels/drawing1.xml.rels", RELATIONSHIP.chart, "../charts/chart1.xml");
  parts.set("xl/drawings/drawing1.xml", drawingXml(chart, chartRel));
  const sheetRels = sheetPath.replace(/([^/]+)$/, "_rels/$1.rels");
  const drawingRel = addRelationship(parts, sheetRels, RELATIONSHIP.drawing, "../drawings/drawing1.xml");
  parts.set(sheetPath, sheetXml.replace("</worksheet>", `<drawing r:id="${drawingRel}"/></worksheet>`));
  addOverride(parts, "/xl/drawings/drawing1.xml", CONTENT_TYPE.drawing);
  addOverride(parts, "/xl/charts/chart1.xml", CONTENT_TYPE.chart);
  // The names, counted by the dates column: the rows the spill fills.
  const names = chartNames(chart);
  const book = parts.get("xl/workbook.xml") as string;
  if (book.includes("<definedNames")) throw new Error("the workbook already has defined names");
  const defined = [
    [names.categories, spilledRows(sheet, chart.categories, chart.categories)],
    [names.values, spilledRows(sheet, chart.values, chart.categories)],
  ]
    .map(([name, formula]) => `<definedName name="${name}">${escapeXml(formula)}</definedName>`)
    .join("");
  parts.set("xl/workbook.xml", book.replace("<calcPr", `<definedNames>${defined}</definedNames><calcPr`));
}

/** The workbook exceljs wrote, with the dynamic-array metadata and the template's chart added,
 *  zipped again with every part dated `date`. */
export async function finishWorkbook(bytes: Buffer, template: Template, date: Date): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const parts: Parts = new Map();
  for (const file of Object.values(zip.files)) if (!file.dir) parts.set(file.name, await file.async("string"));
  markDynamicArrays(parts);
  const charted = template.sheets.filter((s) => s.chart);
  if (charted.length > 1) throw new Error(`${template.id}: one chart per workbook`);
  for (const sheet of charted) addChart(parts, sheet.name, sheet.chart as TemplateChart);
  const out = new JSZip();
  for (const [name, text] of parts) out.file(name, text, { date, createFolders: false });
  return out.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 6 } });
}
