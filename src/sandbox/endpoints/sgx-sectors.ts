// GET /v1/sgx/sectors/ -> ["financial-services", ...].
import type { Endpoint } from "../endpoint";
import { SGX_SECTORS } from "../data/sgx";

export const sgxSectors: Endpoint = {
  path: "/v1/sgx/sectors/",
  handle: ({ query }) => (query.allow([]), SGX_SECTORS),
};
