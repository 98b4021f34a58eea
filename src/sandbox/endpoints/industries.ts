// GET /v1/industries/ -> [{subsector, industry}] (helper list, service facts).

import { INDUSTRIES } from "../data/idx-taxonomy";
import type { Endpoint } from "../endpoint";

export const industries: Endpoint = {
  path: "/v1/industries/",
  handle: ({ query }) => {
    query.allow([]);
    return INDUSTRIES;
  },
};
