// What the provider bills for the answers the Apps Script stand-in fetched: UrlFetchApp's requests
// paired with the bodies it read, each at its path's price (shared/rows/credits.ts). The bundle's
// own count is shown by MDQ > Status; the bench reads the wire, as it counts the requests there.
import { creditsOfAnswer } from "../../shared";
import type { Recorder } from "../harness/apps-script";

/** Where a pass starts in the record. */
export const mark = (rec: Recorder) => ({ requests: rec.requests.length, bodies: rec.bodies.length });

/** Credits of the answers since `from`. A request that got no answer (a failed fetch) leaves its
 *  body missing and the pairs unknown: said, rather than miscounted. */
export function sheetsCredits(rec: Recorder, from = { requests: 0, bodies: 0 }): number {
  const requests = rec.requests.slice(from.requests);
  const bodies = rec.bodies.slice(from.bodies);
  if (requests.length !== bodies.length) {
    throw new Error(
      `${requests.length - bodies.length} of ${requests.length} Sheets requests got no answer: their credits cannot be paired`,
    );
  }
  // The stand-in keeps no status: an error answer's body is billed as an answer (none in these passes).
  return requests.reduce((sum, r, i) => sum + creditsOfAnswer(r.url, { status: 200, body: bodies[i] }), 0);
}
