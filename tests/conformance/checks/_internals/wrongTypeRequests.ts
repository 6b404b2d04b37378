/**
 * Requests that break exactly one rule: one field of the wrong JSON type in an otherwise
 * successful body. Derived from the request schema's declared types, never restated.
 */
import { CONTRACT_SCHEMAS } from "../../../../contract/schemaCatalogue.js";
import type { OperationName } from "../../../../contract/operations.js";
import { isJsonObject, type JsonObject } from "../../../../contract/jsonValue.js";
import { wellFormedRequestBody } from "./sampleRequests.js";
import type { TargetSession } from "../../../../runner/engine/TargetSession.js";

/** One wrong-type request. */
export interface WrongTypeRequest {
  readonly label: string;
  readonly body: JsonObject;
}

const PAGINATION_FILE = "components/Pagination.json";

/** A value of a JSON type other than the declared one (§7 "a field filled incorrectly"). */
function wrongValueFor(type: unknown): unknown {
  switch (type) {
    case "string":
      return 12345;
    case "integer":
    case "number":
      return "12";
    case "boolean":
      return "true";
    case "array":
      return "cms-conformance";
    case "object":
      return "cms-conformance";
    default:
      return undefined;
  }
}

function schemaProperties(file: string): [string, JsonObject][] {
  const doc = CONTRACT_SCHEMAS.find((candidate) => candidate.file === file);
  const properties = doc?.schema.properties;
  return isJsonObject(properties) ? Object.entries(properties).filter((entry): entry is [string, JsonObject] => isJsonObject(entry[1])) : [];
}

/** One request per declared field (and per pagination field), each with that field of a wrong type. */
export async function wrongTypeRequests(session: TargetSession, operation: OperationName): Promise<WrongTypeRequest[]> {
  const valid = await wellFormedRequestBody(session, operation);
  const requests: WrongTypeRequest[] = [];
  for (const [name, property] of schemaProperties(`bodies/${operation}.request.json`)) {
    const isPagination = property.$ref === "../components/Pagination.json";
    const wrong = wrongValueFor(isPagination ? "object" : property.type);
    if (wrong !== undefined) requests.push({ label: `${name} as ${JSON.stringify(wrong)}`, body: { ...valid, [name]: wrong } });
    if (property.type === "array" && isJsonObject(property.items)) {
      const wrongItem = wrongValueFor(property.items.type);
      if (wrongItem !== undefined) requests.push({ label: `${name} holding ${JSON.stringify(wrongItem)}`, body: { ...valid, [name]: [wrongItem] } });
    }
    if (isPagination) {
      for (const [field, fieldSchema] of schemaProperties(PAGINATION_FILE)) {
        const wrongField = wrongValueFor(fieldSchema.type);
        if (wrongField !== undefined) {
          requests.push({ label: `${name}.${field} as ${JSON.stringify(wrongField)}`, body: { ...valid, [name]: { pageNumber: 0, pageSize: 10, [field]: wrongField } } });
        }
      }
    }
  }
  return requests;
}
