// The task pane's builder host follows the selection with one Excel.run per move, whatever the
// number of followers (the builder and explain): each takes the selection that read found. Opened
// together, they take one read between them too; a move never takes a read begun before it.
import type { Selection } from "../../src/builder/host";
import type { Addin } from "../../src/excel/addin";
import { excelHost } from "../../src/excel/taskpane-host";

/** Excel.run over one active cell, counting the runs; `move` fires Workbook.onSelectionChanged. */
function fakeExcel() {
  const cell = { address: "Sheet1!A1", formulas: [[""]] as unknown[][], load: () => undefined };
  const handlers: Array<() => Promise<void>> = [];
  const context = {
    workbook: { getActiveCell: () => cell, onSelectionChanged: { add: (h: () => Promise<void>) => handlers.push(h) } },
    sync: async () => undefined,
  };
  const excel = {
    runs: 0,
    run: async <T>(batch: (c: typeof context) => Promise<T>) => {
      excel.runs++;
      return batch(context);
    },
  };
  const move = async (address: string, formula: string) => {
    cell.address = address;
    cell.formulas = [[formula]];
    for (const h of handlers) await h();
  };
  return { excel, handlers, move };
}

test("one read of the selection per move, handed to every follower", async () => {
  const { excel, handlers, move } = fakeExcel();
  (globalThis as { Excel?: unknown }).Excel = excel;
  try {
    const host = excelHost({} as Addin);
    const seen: Array<[string, Selection | undefined]> = [];
    host.onSelectionChanged?.((s) => seen.push(["builder", s]));
    host.onSelectionChanged?.((s) => seen.push(["explain", s]));
    await new Promise((settled) => setTimeout(settled, 0));
    expect(handlers).toHaveLength(1);
    const before = excel.runs;
    await move("Sheet1!B2", '=MDQ.QUARTERLY("BBCA", 4)');
    expect(excel.runs - before).toBe(1);
    const selection = { address: "Sheet1!B2", formula: '=MDQ.QUARTERLY("BBCA", 4)' };
    expect(seen).toEqual([
      ["builder", selection],
      ["explain", selection],
    ]);
  } finally {
    delete (globalThis as { Excel?: unknown }).Excel;
  }
});

test("the builder and explain asking at once (the pane opening) share one read; a later ask reads again", async () => {
  const { excel, move } = fakeExcel();
  (globalThis as { Excel?: unknown }).Excel = excel;
  try {
    const host = excelHost({} as Addin);
    await move("Sheet1!C3", '=MDQ.INDEX("lq45")');
    const [builder, explain] = await Promise.all([host.selected(), host.selected()]);
    expect(excel.runs).toBe(1);
    expect(builder).toEqual({ address: "Sheet1!C3", formula: '=MDQ.INDEX("lq45")' });
    expect(explain).toEqual(builder);
    await move("Sheet1!D4", "");
    expect(await host.selected()).toEqual({ address: "Sheet1!D4", formula: "" });
    expect(excel.runs).toBe(2);
  } finally {
    delete (globalThis as { Excel?: unknown }).Excel;
  }
});

test("a move while an opening's read is in flight reads the cell again, for the cell it moved to", async () => {
  const { excel, handlers, move } = fakeExcel();
  (globalThis as { Excel?: unknown }).Excel = excel;
  try {
    const host = excelHost({} as Addin);
    const seen: Array<Selection | undefined> = [];
    host.onSelectionChanged?.((s) => seen.push(s));
    await new Promise((settled) => setTimeout(settled, 0));
    // The opening's read, held in flight (Excel answers a batch later) while the selection moves.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const run = excel.run;
    excel.run = async (batch) => {
      excel.run = run;
      excel.runs++;
      await held;
      const before = { address: "Sheet1!A1", formulas: [[""]], load: () => undefined };
      return batch({ workbook: { getActiveCell: () => before }, sync: async () => undefined } as never);
    };
    const opening = host.selected();
    const runs = excel.runs;
    const moved = move("Sheet1!E5", '=MDQ.KLSE_TOP("pe")');
    await new Promise((settled) => setTimeout(settled, 0));
    expect(excel.runs - runs).toBe(1);
    await moved;
    expect(seen).toEqual([{ address: "Sheet1!E5", formula: '=MDQ.KLSE_TOP("pe")' }]);
    answer();
    expect(await opening).toEqual({ address: "Sheet1!A1", formula: "" });
    expect(handlers).toHaveLength(1);
  } finally {
    delete (globalThis as { Excel?: unknown }).Excel;
  }
});
