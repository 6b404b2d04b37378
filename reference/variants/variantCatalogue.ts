/** The catalogue of legitimate variants: named ways to differ from the reference that the suite must pass (no failure, no error). */
import { CONSISTENCY_VARIANTS } from "./consistencyVariants.js";
import { CREDENTIAL_VARIANTS } from "./credentialVariants.js";
import { DATA_VARIANTS } from "./dataVariants.js";
import { ERROR_VARIANTS } from "./errorVariants.js";
import { FIELD_VARIANTS } from "./fieldVariants.js";
import { JSON_TEXT_VARIANTS } from "./jsonTextVariants.js";
import { PAGE_SIZE_VARIANTS } from "./pageSizeVariants.js";
import { PERMISSION_VARIANTS } from "./permissionVariants.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";
import { REQUEST_READING_VARIANTS } from "./requestReadingVariants.js";
import { ROLE_VARIANTS } from "./roleVariants.js";
import { SEARCH_VARIANTS } from "./searchVariants.js";
import { TRAFFIC_VARIANTS } from "./trafficVariants.js";
import { VALUE_SHAPE_VARIANTS } from "./valueShapeVariants.js";

function catalogue(variants: readonly ReferenceVariant[]): readonly ReferenceVariant[] {
  const seen = new Set<string>();
  for (const variant of variants) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(variant.name))
      throw new Error(`variant name ${JSON.stringify(variant.name)} is not kebab-case`);
    if (seen.has(variant.name)) throw new Error(`variant name ${JSON.stringify(variant.name)} is used twice`);
    seen.add(variant.name);
  }
  return variants;
}

/** Every legitimate variant, grouped by family. */
export const VARIANT_CATALOGUE: readonly ReferenceVariant[] = catalogue([
  ...SEARCH_VARIANTS,
  ...DATA_VARIANTS,
  ...FIELD_VARIANTS,
  ...PAGE_SIZE_VARIANTS,
  ...ERROR_VARIANTS,
  ...REQUEST_READING_VARIANTS,
  ...PERMISSION_VARIANTS,
  ...ROLE_VARIANTS,
  ...CREDENTIAL_VARIANTS,
  ...TRAFFIC_VARIANTS,
  ...VALUE_SHAPE_VARIANTS,
  ...CONSISTENCY_VARIANTS,
  ...JSON_TEXT_VARIANTS,
]);

/** The variant with that name, if any. */
export function findVariant(name: string): ReferenceVariant | undefined {
  return VARIANT_CATALOGUE.find((variant) => variant.name === name);
}
