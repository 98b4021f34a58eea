// GET /v1/subsectors/ -> [{sector, subsector}] (helper list, service facts).

import { SUBSECTORS } from "../data/idx-taxonomy";
import type { Endpoint } from "../endpoint";

export const subsectors: Endpoint = {
  path: "/v1/subsectors/",
  handle: ({ query }) => {
    query.allow([]);
    return SUBSECTORS;
  },
};
