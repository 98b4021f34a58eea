// Data-typed cells as arguments, through the built bundle: Excel passes them as objects (the
// add-in allows custom data for `any`), and each answers as the plain value the cell shows.
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
});
afterAll(() => sandbox.close());

const formatted = (serial: number) => ({ type: "FormattedNumber", basicValue: serial, numberFormat: "yyyy-mm-dd" });
const text = (value: string) => ({ type: "String", basicValue: value });
// 2025-01-02 and 2025-03-31 as Excel serials.
const START = 45659;
const END = 45747;

test("a formatted date, a Double and a String answer as the bare value", async () => {
  const mdq = loadBundle(sandbox.url);
  const bare = await mdq.call("INDEX", "lq45", START, END);
  expect(await mdq.call("INDEX", "lq45", formatted(START), formatted(END))).toEqual(bare);
  expect(
    await mdq.call("INDEX", "lq45", { type: "Double", basicValue: START }, { type: "Double", basicValue: END, numberFormat: "0" }),
  ).toEqual(bare);
  expect(await mdq.call("INDEX", text("lq45"), text("2025-01-02"), text("2025-03-31"))).toEqual(bare);
  expect(await mdq.call("QUARTERLY", text("BBCA"), { type: "Double", basicValue: 4 })).toEqual(await mdq.call("QUARTERLY", "BBCA", 4));
});

test("an entity reads as its ticker property, else its text; in ranges too", async () => {
  const mdq = loadBundle(sandbox.url);
  const stock = {
    type: "LinkedEntity",
    text: "Bank Central Asia Tbk PT (XIDX:BBCA)",
    id: { entityId: "x", domainId: "y", serviceId: 268, culture: "en-US" },
    properties: { "Ticker symbol": text("BBCA"), Exchange: text("XIDX") },
  };
  const card = { type: "Entity", text: "TLKM", properties: { Note: text("a card") } };
  const bare = await mdq.call("QUARTERLY", "BBCA", 2);
  expect(await mdq.call("QUARTERLY", stock, 2)).toEqual(bare);
  expect(await mdq.call("QUARTERLY", [[stock], [card]], 1)).toEqual(await mdq.call("QUARTERLY", [["BBCA"], ["TLKM"]], 1));
});

test("an error cell is named as Excel shows it, and costs no request", async () => {
  const mdq = loadBundle(sandbox.url);
  const before = sandbox.hits.length;
  await expect(mdq.call("QUARTERLY", { type: "Error", errorType: "NotAvailable", basicValue: "#N/A" }, 4)).rejects.toMatchObject({
    message: expect.stringContaining('"#N/A"'),
  });
  expect(sandbox.hits.length).toBe(before);
});
