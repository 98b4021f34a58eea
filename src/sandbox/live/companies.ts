// GET /v2/companies/ and /v2/sgx/companies/ (live): the screeners over the demo universes, with
// natural-language `q` read by the sandbox's small translator (screener/natural.ts). The SGX rows
// are the SGX report's facts as of today.
import type { Endpoint } from "../endpoint";
import { screen } from "../screener/screen";
import { idxVocabulary, SGX_VOCABULARY } from "./natural-vocabulary";
import { IDX_FIELDS, SGX_FIELDS } from "./screener-fields";
import { idxRows, sgxRows } from "./screener-rows";

export const liveCompanies: Endpoint = {
  path: "/v2/companies/",
  handle: ({ query, today }) => screen(query, idxRows(today), IDX_FIELDS, idxVocabulary(today)),
};

export const liveSgxCompanies: Endpoint = {
  path: "/v2/sgx/companies/",
  handle: ({ query, today }) => screen(query, sgxRows(today), SGX_FIELDS, SGX_VOCABULARY),
};
