// GET /v1/subindustries/ -> [{industry, sub_industry}] (helper list, service facts).
import type { Endpoint } from "../endpoint";
import { SUBINDUSTRIES } from "../data/idx-taxonomy";

export const subindustries: Endpoint = {
  path: "/v1/subindustries/",
  handle: ({ query }) => (query.allow([]), SUBINDUSTRIES),
};
