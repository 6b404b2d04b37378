/** Field names a component declares, read from the schema rather than restated in a check. */
import { CONTRACT_SCHEMAS } from "../../../../../contract/schemaCatalogue.js";

/** The property names of a schema file, e.g. getSchemaProperties("components/Widget.json"). */
export function getSchemaProperties(file: string): ReadonlySet<string> {
  const doc = CONTRACT_SCHEMAS.find((candidate) => candidate.file === file);
  if (!doc) throw new Error(`no schema file ${file}`);
  const properties = doc.schema.properties;
  return new Set(typeof properties === "object" && properties !== null ? Object.keys(properties) : []);
}
