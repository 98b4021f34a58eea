// GET /v1/subindustries/ -> [{industry, sub_industry}] (helper list, service facts).

import { SUBINDUSTRIES } from "../data/idx-taxonomy";
import type { Endpoint } from "../endpoint";

export const subindustries: Endpoint = {
  path: "/v1/subindustries/",
  handle: ({ query }) => {
    query.allow([]);
    return SUBINDUSTRIES;
  },
};
