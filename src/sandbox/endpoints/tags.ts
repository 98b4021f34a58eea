// GET /v1/tags/ -> ["agms", ...]: every tag the filings and news carry.
import type { Endpoint } from "../endpoint";
import { TAGS } from "../data/tags";

export const tags: Endpoint = {
  path: "/v1/tags/",
  handle: ({ query }) => (query.allow([]), TAGS),
};
