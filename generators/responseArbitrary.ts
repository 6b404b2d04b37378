/** Response and error bodies (§4, §7) generated from their schemas, to test validators, reporters and the reference server. */
import type fc from "fast-check";
import { BODY_NAMES, isBodyName, schemaIdForBody } from "../contract/schemaCatalogue.js";
import { schemaArbitrary, type SchemaProfile } from "./schemaArbitrary.js";

/** Options of responseArbitrary. */
export interface ResponseArbitraryOptions {
  /** "stated" (default): valid as the spec states; "strict": also meets every register default (x-strict). */
  readonly profile?: SchemaProfile;
  /** Add unknown extra fields, which every profile must accept (register entry unknown-extra-fields). */
  readonly extraFields?: boolean;
}

/** Bodies valid against the schema of `bodyName` (one of BODY_NAMES, e.g. "getAnalytic.response" or "error.cms.notFound"). */
export function responseArbitrary(bodyName: string, options: ResponseArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if (!isBodyName(bodyName))
    throw new Error(
      `responseArbitrary: unknown body ${JSON.stringify(bodyName)}; known bodies: ${BODY_NAMES.join(", ")}`,
    );
  return schemaArbitrary(schemaIdForBody(bodyName), {
    profile: options.profile ?? "stated",
    extraFields: options.extraFields ?? false,
  });
}
