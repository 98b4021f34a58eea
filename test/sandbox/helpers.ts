// Test client for the sandbox: raw http requests (so odd paths like ".." reach the server as
// written, which fetch would normalise away) and a server per test file with a fixed "today".
import http from "node:http";
import { tradingDays as calendarDays, type Exchange } from "../../src/sandbox/calendar";
import { IDX_COMPANIES } from "../../src/sandbox/data/idx-companies";
import { fromDay } from "../../src/sandbox/dates";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/server";

export const TODAY = "2025-06-18"; // a Wednesday

/** The banks of the demo's IDX universe (BANKS sub-sector), as answers write them, by symbol. */
export const IDX_BANKS = IDX_COMPANIES.filter((c) => c.subSector === "banks")
  .map((c) => `${c.symbol}.JK`)
  .sort();

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
}

export function request(
  base: string,
  path: string,
  init: { method?: string; auth?: string | null; agent?: http.Agent } = {},
): Promise<Reply> {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  const auth = init.auth === undefined ? "demo" : init.auth;
  if (auth !== null) headers.Authorization = auth;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: init.method ?? "GET", headers, agent: init.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = Symbol("not json");
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Start one sandbox for the file; `get` is bound to it. */
export function useSandbox(options: SandboxOptions = {}) {
  const ctx: { sandbox?: Sandbox } = {};
  beforeAll(async () => {
    ctx.sandbox = await startSandbox({ port: 0, host: "127.0.0.1", today: TODAY, ...options });
  });
  afterAll(async () => {
    await ctx.sandbox?.close();
  });
  return {
    get: (path: string, init?: Parameters<typeof request>[2]) => request(ctx.sandbox!.url, path, init),
    get url() {
      return ctx.sandbox!.url;
    },
  };
}

/** An exchange's trading days from `from` to `to` as the sandbox's calendar has them (weekdays less
 *  the exchange's holidays; test/sandbox/demo-data.test.ts checks the calendar itself). */
export function tradingDays(from: string, to: string, exchange: Exchange = "idx"): string[] {
  return calendarDays(exchange, from, to).map(fromDay);
}

export function plusDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
