// SGX symbols as the live service takes them: letters or digits ("D05", "C38U"), in any case,
// optionally with ".si"; the listing they name, or the service's 400 and 404.
import { SGX_LISTINGS, type SgxListing } from "../data/sgx-prices";
import { badRequest, notFound } from "../errors";

const SHAPE = /^([A-Za-z0-9]{3,4})(\.si)?$/i;

/** The upper-case code of a well-formed symbol; anything else is the service's 400. */
export function sgxCodeOr400(raw: string): string {
  const m = SHAPE.exec(raw);
  if (!m) throw badRequest("Please provide a valid SGX symbol.");
  return m[1].toUpperCase();
}

/** `missing` words the 404 for the upper-case code asked for. */
export function sgxListingOr404(raw: string, missing: (code: string) => string): SgxListing {
  const code = sgxCodeOr400(raw);
  const listing = SGX_LISTINGS.get(code);
  if (!listing) throw notFound(missing(code));
  return listing;
}
