// The task pane's own spending, as its "This session" counters name it: by what each call was for.
import { PaneTally } from "../../src/excel/taskpane-spent";

test("none before the pane asks; then the totals and each purpose, in a fixed order, the cache's calls at 0", () => {
  const tally = new PaneTally();
  expect(tally.text()).toBe("none");
  tally.add({ purpose: "preview", requests: 1, credits: 4 });
  tally.add({ purpose: "company search", requests: 1, credits: 1 });
  tally.add({ purpose: "preview", requests: 0, credits: 0 });
  expect(tally.text()).toBe("2 requests, 5 credits: company search 1 request, 1 credit; preview 1 request, 4 credits");
  tally.add({ purpose: "explain", requests: 2, credits: 3 });
  expect(tally.text()).toBe(
    "4 requests, 8 credits: company search 1 request, 1 credit; preview 1 request, 4 credits; explain 2 requests, 3 credits",
  );
});
