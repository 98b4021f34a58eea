// The gateway's lifetimes (src/gateway/lifetimes.ts): the catalogue's, by path, with the rules that
// need only the clock: a price path follows its exchange's session, a statement keeps its fixed ttl
// (the report-date rule is the front ends': docs/gateway.md).
import { TTL } from "../../shared";
import { Lifetimes } from "../../src/gateway/lifetimes";

const lifetimes = new Lifetimes();
const at = (iso: string) => Date.parse(iso);
const path = (p: string) => p.split("/").filter(Boolean);

test("a price path: minutes while the IDX trades, until the next open after its close", () => {
  const daily = path("/v2/daily/BBCA/");
  expect(lifetimes.of(daily, at("2025-06-18T03:00:00Z"))).toBe(TTL.live); // Wednesday 10:00 WIB
  // Wednesday 17:00 WIB: until Thursday 09:00 WIB, 16 hours.
  expect(lifetimes.of(daily, at("2025-06-18T10:00:00Z"))).toBe(16 * 3600);
  // Friday 17:00 WIB: until Monday's open.
  expect(lifetimes.of(daily, at("2025-06-20T10:00:00Z"))).toBe((at("2025-06-23T02:00:00Z") - at("2025-06-20T10:00:00Z")) / 1000);
  // SGX_DAILY follows Singapore's hours: at 17:30 SGT, until Thursday 09:00 SGT.
  expect(lifetimes.of(path("/v2/sgx/daily/D05/"), at("2025-06-18T09:30:00Z"))).toBe(15.5 * 3600);
});

test("a statement keeps its fixed ttl at the gateway, at any hour; a path no row names, the shortest", () => {
  for (const now of [at("2025-06-18T03:00:00Z"), at("2025-06-21T03:00:00Z")])
    expect(lifetimes.of(path("/v2/financials/quarterly/BBCA/"), now)).toBe(TTL.financials);
  expect(lifetimes.of(path("/v9/nothing/here/"), at("2025-06-21T03:00:00Z"))).toBe(lifetimes.shortest);
  // The report-date feed the front ends check hourly is kept an hour, not REPORTED_SINCE's 6 h.
  expect(lifetimes.of(path("/v2/companies/quarterly-financial-dates/"), at("2025-06-18T03:00:00Z"))).toBe(3600);
});
