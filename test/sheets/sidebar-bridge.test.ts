// The stand-in of google.script.run (scripts/harness/sidebar.ts) in real Chromium, held to Google's
// documented rules: handlers run after the call returns, each with the user object; a Date or a
// function fails the request both ways; undefined in an array becomes null; the server works on a
// copy; an exception reaches the failure handler; the page is 300 px wide and has no network.
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../scripts/harness/chromium";
import { loadScript, type Script } from "../../scripts/harness/load-sheets";
import { openSidebar, SIDEBAR_WIDTH, type Sidebar } from "../../scripts/harness/sidebar";

let browser: Browser;
let script: Script;
let sidebar: Sidebar;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  script = loadScript();
  // Server functions of the test's own, beside the bundle's: they live in the script's realm.
  script.evaluate(`
    function echo(value) { return { got: value, isArray: Array.isArray(value) }; }
    function change(list) { list.push("server"); return list.length; }
    function aDate() { return { when: new Date(0) }; }
    function fails() { throw new Error("MDQ: refused on the server"); }
    function private_() { return "never"; }
  `);
  script.rec.sidebars.push({ title: "test", content: "<!DOCTYPE html><html><body><p id=p>page</p></body></html>" });
  sidebar = await openSidebar(browser, script);
  page = sidebar.page;
});

afterAll(async () => {
  await browser?.close();
});

/** Call a server function from the page; what the handlers saw, and whether one ran during the call. */
const call = (name: string, args: string, userObject = "'user-object'") =>
  page.evaluate(
    ([name, args, userObject]) =>
      new Promise<{ ok?: unknown; error?: string; user?: unknown; during: boolean }>((resolve) => {
        let returned = false;
        const runner = (window as any).google.script.run
          .withSuccessHandler((ok: unknown, user: unknown) => resolve({ ok, user, during: !returned }))
          .withFailureHandler((e: Error, user: unknown) =>
            resolve({ error: `${e instanceof Error}:${e.message}`, user, during: !returned }),
          )
          .withUserObject(new Function(`return ${userObject}`)());
        const result = runner[name](...new Function(`return ${args}`)());
        if (result !== undefined) resolve({ error: "the call returned a value", during: false });
        returned = true;
      }),
    [name, args, userObject] as const,
  );

test("the sidebar is 300 px wide, as Google draws it, and has no network", async () => {
  expect(await page.evaluate(() => window.innerWidth)).toBe(SIDEBAR_WIDTH);
  const reached = await page.evaluate(() =>
    fetch("http://127.0.0.1:9/").then(
      () => "reached",
      () => "refused",
    ),
  );
  expect(reached).toBe("refused");
});

test("a server function's answer reaches the success handler later, with the user object", async () => {
  const { ok, user, during } = await call("echo", `[[1, "a", true, null, undefined, { x: [2] }]]`, "document.getElementById('p')");
  expect(ok).toEqual({ got: [1, "a", true, null, null, { x: [2] }], isArray: true });
  // The user object stays on the page: a DOM element is fine there.
  expect(user).toBeTruthy();
  expect(during).toBe(false);
});

test("the server works on a copy", async () => {
  const kept = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const list = ["page"];
        (window as any).google.script.run.withSuccessHandler((n: number) => resolve({ n, list })).change(list);
      }),
  );
  expect(kept).toEqual({ n: 2, list: ["page"] });
});

test.each([
  ["a Date", "[new Date()]", /^true:a Date cannot be passed/],
  ["a Date inside an object", "[{ at: [new Date()] }]", /^true:a Date cannot be passed/],
  ["a function", "[() => 1]", /^true:a Function cannot be passed/],
  ["a DOM element", "[document.body]", /^true:a DOM element cannot be passed/],
  ["an object that refers to itself", "[(() => { const o = {}; o.o = o; return o; })()]", /^true:an object that refers to itself/],
])("passing %s fails the request", async (_, args, message) => {
  const before = sidebar.traffic.length;
  const { error, during } = await call("echo", args);
  expect(error).toMatch(message);
  expect(during).toBe(false);
  expect(sidebar.traffic.length).toBe(before); // never sent
});

test("returning a Date fails the request; a thrown error reaches the failure handler with its message", async () => {
  expect((await call("aDate", "[]")).error).toMatch(/^true:a Date cannot be returned/);
  const { error, user } = await call("fails", "[]");
  expect(error).toBe("true:MDQ: refused on the server");
  expect(user).toBe("user-object");
});

test("only the script's global functions are there, and none whose name ends with _", async () => {
  const names = await page.evaluate(() => Object.keys((window as any).google.script.run));
  expect(names).toEqual(expect.arrayContaining(["echo", "mdqBuilderRun", "mdqBuilderInsert", "mdqBuilderSelected", "MDQ_QUARTERLY"]));
  expect(names).not.toContain("private_");
});
