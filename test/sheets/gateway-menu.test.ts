// MDQ > Use a team gateway: the gateway's address and a gateway token in one step, checked like
// any base URL and key, the edition set for a gateway's host, the token never shown.
import { loadScript } from "../../scripts/harness/load-sheets";

const TOKEN = "mdqg_R2F0ZXdheVRva2VuRm9yVGhpc1RyYWNrZXIwMTIzNDU2Nzg5";

const visible = (rec: ReturnType<typeof loadScript>["rec"]) =>
  [...rec.alerts, ...rec.toasts, ...rec.logs, ...rec.prompts, ...[...rec.cells.values()].map(String)].join("\n");

test("the menu offers the gateway first; it stores the URL and the token, and sets the live edition", () => {
  const { ctx, rec } = loadScript({ edition: "auto" });
  ctx.onOpen();
  expect(rec.menus[0].items[0]).toEqual(["Use a team gateway (URL + token)", "mdqUseGateway"]);
  rec.promptAnswers.push("https://mdq-gateway.example.com", `  ${TOKEN} `);
  ctx.mdqUseGateway();
  expect(rec.props.get("MDQ_BASE_URL")).toBe("https://mdq-gateway.example.com");
  expect(rec.props.get("MDQ_API_KEY")).toBe(TOKEN);
  expect(rec.props.get("MDQ_EDITION")).toBe("live");
  expect(rec.prompts.join("\n")).toMatch(/every editor of this spreadsheet can read/);
  expect(rec.alerts.at(-1)).toMatch(/Team gateway saved: https:\/\/mdq-gateway.example.com.*Edition set to live/);
  expect(visible(rec)).not.toContain(TOKEN);
});

test("a chosen edition is kept; a gateway Google cannot reach, or a bad token, saves nothing", () => {
  const spec = loadScript({ edition: "spec" });
  spec.rec.promptAnswers.push("https://gw.example.com", TOKEN);
  spec.ctx.mdqUseGateway();
  expect(spec.rec.props.get("MDQ_EDITION")).toBe("spec");

  const local = loadScript({ edition: "auto" });
  local.rec.promptAnswers.push("http://127.0.0.1:8790");
  local.ctx.mdqUseGateway();
  expect(local.rec.alerts[0]).toMatch(/cannot reach a sandbox on your computer.*Nothing was saved/);
  expect(local.rec.props.has("MDQ_BASE_URL")).toBe(false);

  const spaced = loadScript({ edition: "auto" });
  spaced.rec.promptAnswers.push("https://gw.example.com", "mdqg_abc def");
  spaced.ctx.mdqUseGateway();
  expect(spaced.rec.alerts[0]).toMatch(/no spaces.*Nothing was saved/);
  expect([spaced.rec.props.has("MDQ_BASE_URL"), spaced.rec.props.has("MDQ_API_KEY")]).toEqual([false, false]);

  const cancelled = loadScript({ edition: "auto" });
  cancelled.rec.promptAnswers.push(null);
  cancelled.ctx.mdqUseGateway();
  expect(cancelled.rec.props.size).toBe(0);
});
