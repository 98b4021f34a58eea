// GET /v1/tags/ -> ["agms", ...]: every tag the filings and news carry.

import { TAGS } from "../data/tags";
import type { Endpoint } from "../endpoint";

export const tags: Endpoint = {
  path: "/v1/tags/",
  handle: ({ query }) => {
    query.allow([]);
    return TAGS;
  },
};
