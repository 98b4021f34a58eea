// GET /v1/industries/ -> [{subsector, industry}] (helper list, service facts).
import type { Endpoint } from "../endpoint";
import { INDUSTRIES } from "../data/idx-taxonomy";

export const industries: Endpoint = {
  path: "/v1/industries/",
  handle: ({ query }) => (query.allow([]), INDUSTRIES),
};
