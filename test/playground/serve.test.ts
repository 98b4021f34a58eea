// `mdq serve` from the built CLI (what `npm start` runs): its banner names the playground, and
// the same process serves the page and the Excel bundle it loads. npm run build first.
import { startServe } from "../serve-command";

test("the banner prints the playground URL, and the page and the functions bundle are served there", async () => {
  const served = await startServe();
  try {
    const { base } = served;
    const playground = /Playground .*: (http:\/\/\S+)/.exec(served.banner)![1];
    expect(playground).toBe(`${base}/playground/`);
    const page = await fetch(playground, { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("<title>MDQ playground</title>");
    for (const [path, type] of [
      ["/playground/playground.js", "text/javascript"],
      ["/playground/playground.css", "text/css"],
      ["/excel/functions.js", "text/javascript"],
    ]) {
      const file = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5000) });
      expect({ path, status: file.status, type: file.headers.get("content-type")?.split(";")[0] }).toEqual({ path, status: 200, type });
    }
    expect(await served.stop()).toBe(0);
  } finally {
    await served.stop();
  }
});
