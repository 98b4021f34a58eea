// GET /v1/subsectors/ -> [{sector, subsector}] (helper list, service facts).
import type { Endpoint } from "../endpoint";
import { SUBSECTORS } from "../data/idx-taxonomy";

export const subsectors: Endpoint = {
  path: "/v1/subsectors/",
  handle: ({ query }) => (query.allow([]), SUBSECTORS),
};
