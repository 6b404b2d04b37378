/** The catalogue of faults (docs/design.md §6): every named variant of the reference server, unique names. */
import { ANSWER_FAULTS } from "./answerFaults.js";
import { AUTH_FAULTS } from "./authFaults.js";
import { CONSISTENCY_FAULTS } from "./consistencyFaults.js";
import { CREDENTIAL_FORM_FAULTS } from "./credentialFormFaults.js";
import { ERROR_BODY_FAULTS } from "./errorBodyFaults.js";
import { FIELD_PRESENCE_FAULTS } from "./fieldPresenceFaults.js";
import { GET_FAULTS } from "./getFaults.js";
import { HTTP_FAULTS } from "./httpFaults.js";
import { IDENTITY_FAULTS } from "./identityFaults.js";
import { JSON_TEXT_FAULTS } from "./jsonTextFaults.js";
import { PAGINATION_FAULTS } from "./paginationFaults.js";
import { PERMISSION_FAULTS } from "./permissionFaults.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { REQUEST_FORM_FAULTS } from "./requestFormFaults.js";
import { REQUEST_READING_FAULTS } from "./requestReadingFaults.js";
import { RENAMED_FIELD_FAULTS } from "./renamedFieldFaults.js";
import { ROLE_FILTER_FAULTS } from "./roleFilterFaults.js";
import { SCHEMA_FAULTS } from "./schemaFaults.js";
import { SEARCH_FAULTS } from "./searchFaults.js";
import { TYPE_FAULTS } from "./typeFaults.js";
import { VALUE_SHAPE_FAULTS } from "./valueShapeFaults.js";

function catalogue(faults: readonly ReferenceFault[]): readonly ReferenceFault[] {
  const seen = new Set<string>();
  for (const fault of faults) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(fault.name))
      throw new Error(`fault name ${JSON.stringify(fault.name)} is not kebab-case`);
    if (seen.has(fault.name)) throw new Error(`fault name ${JSON.stringify(fault.name)} is used twice`);
    seen.add(fault.name);
  }
  return faults;
}

/** Every fault, grouped by family. */
export const FAULT_CATALOGUE: readonly ReferenceFault[] = catalogue([
  ...PAGINATION_FAULTS,
  ...SCHEMA_FAULTS,
  ...FIELD_PRESENCE_FAULTS,
  ...RENAMED_FIELD_FAULTS,
  ...GET_FAULTS,
  ...ERROR_BODY_FAULTS,
  ...AUTH_FAULTS,
  ...CREDENTIAL_FORM_FAULTS,
  ...PERMISSION_FAULTS,
  ...SEARCH_FAULTS,
  ...ROLE_FILTER_FAULTS,
  ...HTTP_FAULTS,
  ...TYPE_FAULTS,
  ...ANSWER_FAULTS,
  ...REQUEST_FORM_FAULTS,
  ...REQUEST_READING_FAULTS,
  ...VALUE_SHAPE_FAULTS,
  ...CONSISTENCY_FAULTS,
  ...IDENTITY_FAULTS,
  ...JSON_TEXT_FAULTS,
]);

/** The fault with that name, if any. */
export function findFault(name: string): ReferenceFault | undefined {
  return FAULT_CATALOGUE.find((fault) => fault.name === name);
}
