// Every catalogue function's example, in every edition that offers it, through the core against
// the in-process sandbox: no cell holds JSON text (a nested object becomes dotted columns, a nested
// list rows or text), no header repeats, and no column typed as codes holds a number. The reports' `table=` choices and a few calls the
// examples do not reach (several keys at once, the screener over `indices`) are walked too.

import type { CellValue } from "../../shared/base/cells";
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { columnType } from "../../shared/rows/column-types";
import { startSandbox } from "../../src/sandbox/server";

const TODAY = "2025-06-30";
const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, today: TODAY, edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

async function cells(name: string, args: readonly CellValue[], edition: Edition): Promise<unknown[][]> {
  const settings = { baseUrl: sandboxes[edition].url, apiKey: sandboxes[edition].apiKey, edition };
  return (await callAsync(functionNamed(name), args, settings, fetchHost(fetch as never))).cells as unknown[][];
}

/** Text that parses as a JSON object or list. */
function isJsonText(value: unknown): boolean {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return false;
  try {
    return typeof JSON.parse(value) === "object";
  } catch {
    return false;
  }
}

/** The calls walked: each example, each report table, and a few more. */
function calls(): Array<[string, Edition, CellValue[]]> {
  const out: Array<[string, Edition, CellValue[]]> = [];
  for (const fn of CATALOGUE) {
    for (const edition of EDITIONS.filter((e) => fn.editions[e])) {
      out.push([fn.name, edition, fn.example]);
      const table = fn.args.findIndex((a) => a.name === "table" && a.kind.choices);
      if (table < 0) continue;
      for (const choice of fn.args[table].kind.choices ?? []) {
        const args = fn.args.map((_, i) => (i === table ? choice : i === 0 ? fn.example[0] : ""));
        out.push([fn.name, edition, args]);
      }
    }
  }
  for (const edition of EDITIONS) {
    out.push(["INDEX", edition, ["lq45,idx30", "2025-03-03", "2025-03-07"]]);
    out.push(["LIST", edition, ["index_members", "index=lq45"]]);
  }
  // The screener over `indices` answers a list of codes per company (LIST's index_members uses it).
  out.push(["SCREENER", "live", ["indices in ['LQ45']", "symbol", "", "limit=5"]]);
  return out;
}

describe.each(calls())("%s in the %s edition, %j", (name, edition, args) => {
  test("no cell holds JSON text, no header repeats, no code is a number", async () => {
    const table = await cells(name, args, edition);
    const header = table[0].map(String);
    const repeated = header.filter((h, i) => header.indexOf(h) !== i);
    expect({ repeated }).toEqual({ repeated: [] });
    const json = table.flat().filter(isJsonText);
    expect({ json }).toEqual({ json: [] });
    const { identifiers } = functionNamed(name);
    // A field, value table types its rows by their label; any other its columns by their header.
    const transposed = header[0] === "field" || name === "QUARTERLY";
    const labelled = transposed
      ? table.slice(1).flatMap((row) => row.slice(1).map((cell) => [String(row[0]), cell] as const))
      : table.slice(1).flatMap((row) => row.map((cell, i) => [header[i], cell] as const));
    const numericCodes = labelled.filter(([label, cell]) => typeof cell === "number" && columnType(label, identifiers) === "code");
    expect({ numericCodes }).toEqual({ numericCodes: [] });
  });
});

describe("the live edition's screener over `indices` (a list of codes per company) is read, not refused", () => {
  test('LIST("index_members", "index=lq45"): symbol and company name, every row an LQ45 member', async () => {
    const members = await cells("LIST", ["index_members", "index=lq45"], "live");
    expect(members[0]).toEqual(["symbol", "company_name"]);
    expect(members.length).toBeGreaterThan(10);
    const screened = await cells("SCREENER", ["indices in ['LQ45']", "symbol", "", "limit=1000"], "live");
    expect(screened.slice(1).map((r) => r[0])).toEqual(members.slice(1).map((r) => r[0]));
  });

  test("SCREENER over indices: the codes used, joined as text, each row's holding LQ45", async () => {
    const table = await cells("SCREENER", ["indices in ['LQ45']", "symbol", "", "limit=5"], "live");
    const at = table[0].indexOf("query_values.indices");
    expect(at).toBeGreaterThan(0);
    for (const row of table.slice(1)) expect(String(row[at]).split(", ")).toContain("LQ45");
  });
});
