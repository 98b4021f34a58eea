// A committed workbook read back as Excel reads it: its zip's parts, each sheet's cells as the
// worksheet XML holds them (formula text and attributes, the cell-metadata index), and the
// workbook's relationships, content types and defined names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import JSZip from "jszip";

export const ROOT = join(__dirname, "..", "..");

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) =>
    [
      "row",
      "c",
      "Relationship",
      "Override",
      "definedName",
      "sheet",
      "metadataType",
      "futureMetadata",
      "bk",
      "rc",
      "ext",
      "c:ser",
      "xdr:twoCellAnchor",
    ].includes(name),
});

export const parseXml = (text: string): any => parser.parse(text);

export async function partsOf(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const file of Object.values(zip.files)) if (!file.dir) parts.set(file.name, await file.async("string"));
  return parts;
}

export const committedBytes = (file: string) => readFileSync(join(ROOT, "templates", file));

export interface XmlCell {
  at: string;
  /** The cell-metadata index (cm), when there is one. */
  cm?: string;
  style?: string;
  type?: string;
  formula?: { text: string; t?: string; ref?: string };
}

/** A worksheet part's cells, row by row. */
export function cellsOf(sheetXml: string): XmlCell[] {
  const rows = parseXml(sheetXml).worksheet.sheetData?.row ?? [];
  return rows.flatMap((row: any) =>
    (row.c ?? []).map((c: any): XmlCell => {
      const f = c.f;
      const formula =
        f === undefined ? undefined : typeof f === "string" ? { text: f } : { text: f["#text"] ?? "", t: f["@t"], ref: f["@ref"] };
      return { at: c["@r"], cm: c["@cm"], style: c["@s"], type: c["@t"], formula };
    }),
  );
}

/** Relationship targets by id of a .rels part, with their types. */
export function relationships(rels: string | undefined): Map<string, { type: string; target: string }> {
  if (rels === undefined) return new Map();
  const list = parseXml(rels).Relationships.Relationship ?? [];
  return new Map(list.map((r: any) => [r["@Id"], { type: r["@Type"], target: r["@Target"] }] as const));
}

/** The content type each overridden part has, by part name (/xl/metadata.xml). */
export function overrides(parts: ReadonlyMap<string, string>): Map<string, string> {
  const list = parseXml(parts.get("[Content_Types].xml") as string).Types.Override ?? [];
  return new Map(list.map((o: any) => [o["@PartName"], o["@ContentType"]] as const));
}

/** The worksheet part of each sheet, by sheet name. */
export function sheetPaths(parts: ReadonlyMap<string, string>): Map<string, string> {
  const rels = relationships(parts.get("xl/_rels/workbook.xml.rels"));
  const sheets = parseXml(parts.get("xl/workbook.xml") as string).workbook.sheets.sheet;
  return new Map(sheets.map((s: any) => [s["@name"], `xl/${rels.get(s["@r:id"])?.target}`] as const));
}

/** The workbook's defined names and their formulas. */
export function definedNames(parts: ReadonlyMap<string, string>): Map<string, string> {
  const list = parseXml(parts.get("xl/workbook.xml") as string).workbook.definedNames?.definedName ?? [];
  return new Map(list.map((d: any) => [d["@name"], d["#text"]] as const));
}
