// The static mounts of the sandbox server: the playground and the Excel bundle from folders,
// beside the API on one origin, without leaking anything outside those folders.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mdq-static-"));
  mkdirSync(join(dir, "site", "sub"), { recursive: true });
  writeFileSync(join(dir, "site", "index.html"), "<p>home</p>");
  writeFileSync(join(dir, "site", "app.js"), "1;");
  writeFileSync(join(dir, "site", "sub", "index.html"), "<p>sub</p>");
  writeFileSync(join(dir, "secret.txt"), "do not serve");
  symlinkSync(join(dir, "secret.txt"), join(dir, "site", "link.txt"));
  sandbox = await startSandbox({ port: 0, static: { "/site/": join(dir, "site"), "/missing/": join(dir, "not-built") } });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: the path is sent exactly as given (fetch would normalise "..") */
function get(
  path: string,
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.url}${path}`, { method, timeout: 5000 }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("timeout", () => req.destroy(new Error("no answer in 5 s")));
    req.on("error", reject);
    req.end();
  });
}

test("files with their content types, never cached; a folder gives its index.html", async () => {
  const page = await get("/site/");
  expect(page).toMatchObject({ status: 200, body: "<p>home</p>" });
  expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(page.headers["cache-control"]).toBe("no-store");
  expect((await get("/site/app.js?v=1")).headers["content-type"]).toBe("text/javascript; charset=utf-8");
  expect((await get("/site/sub/")).body).toBe("<p>sub</p>");
  expect(await get("/site/app.js", "HEAD")).toMatchObject({ status: 200, body: "" });
});

test("the mount without its slash redirects; other methods are refused; unknown files are 404", async () => {
  expect(await get("/site")).toMatchObject({ status: 301, headers: { location: "/site/" } });
  expect((await get("/site/app.js", "POST")).status).toBe(405);
  expect((await get("/site/nope.js")).status).toBe(404);
  expect(await get("/missing/")).toMatchObject({ status: 404, body: expect.stringContaining("npm run build") });
});

test("nothing outside the folder: .., encoded .., backslashes, NUL, symbolic links", async () => {
  for (const path of [
    "/site/../secret.txt",
    "/site/%2e%2e/secret.txt",
    "/site/..%2fsecret.txt",
    "/site/..%5csecret.txt",
    "/site/%00",
    "/site/%E0%A4%A",
  ]) {
    const answer = await get(path);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain("do not serve");
  }
  expect((await get("/site/link.txt")).status).toBe(404);
});

test("the API and its JSON 404 are unchanged around the mounts", async () => {
  expect((await get("/v1/index-daily/lq45/")).status).toBe(401);
  const other = await get("/elsewhere");
  expect(other.status).toBe(404);
  expect(JSON.parse(other.body).error).toMatch(/no endpoint/);
});
