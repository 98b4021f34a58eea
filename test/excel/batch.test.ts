// Range in, table out in the built add-in: a range of tickers (the argument is declared as a
// matrix, so Excel passes the range) is one call whose requests go out in parallel through the
// add-in's gate, answered as one table with the key first.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
});
afterAll(() => sandbox.close());

test("=MDQ.QUARTERLY(A1:A3, 1) sends the three requests of one call and stacks their tables", async () => {
  const { call } = loadBundle(sandbox.url);
  const before = sandbox.hits.length;
  const table = (await call("QUARTERLY", [["BBCA"], ["BBRI"], ["TLKM"]], 1, null, null, [["fields=revenue"]])) as unknown[][];
  expect(sandbox.hits.length - before).toBe(3);
  expect(table[0]).toEqual(["ticker", "date", "revenue"]);
  expect(table.slice(1).map((row) => row[0])).toEqual(["BBCA", "BBRI", "TLKM"]);
  for (const row of table.slice(1)) expect(typeof row[2]).toBe("number");
});

test("the metadata declares every batch argument as a matrix, so Excel passes the range", () => {
  const metadata = JSON.parse(readFileSync(join(__dirname, "..", "..", "dist", "excel", "functions.json"), "utf8"));
  const quarterly = metadata.functions.find((f: { id: string }) => f.id === "QUARTERLY");
  expect(quarterly.parameters[0]).toMatchObject({ name: "ticker", dimensionality: "matrix" });
  const index = metadata.functions.find((f: { id: string }) => f.id === "INDEX");
  expect(index.parameters[0]).toMatchObject({ name: "index_code", dimensionality: "matrix" });
});
