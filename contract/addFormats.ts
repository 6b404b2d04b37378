/** ajv-formats' plugin, unwrapped: it is CommonJS, and its default export arrives wrapped under tsx and vitest. */
import addFormatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";

/** Adds the standard formats (date-time, uri …) to an Ajv instance. */
export const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);
