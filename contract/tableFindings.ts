/**
 * What the §2, §4 and §7 tables add to a body's stated issues: a missing field is cited with the
 * table that lists it ("must have required property 'thumbnailURL' (§2.1 Widget)"), and a field
 * under a near-miss name of a tabled one that is absent (nearMissName.ts) is named as that field
 * renamed, a failure: it never passes as an unknown extra field (register unknown-extra-fields).
 * The renamed field takes the place of the missing one's issue, so one mistake reads as one line.
 */
import { pathOf, tableAt, visitTabledObjects, type FieldTable } from "./fieldTables.js";
import { nearMissOf } from "./nearMissName.js";
import type { SchemaIssue } from "./schemaIssue.js";

/** "§2.7 ColumnRef", or the title alone when the table cites no section. */
const citation = (table: FieldTable): string =>
  table.section === "" ? table.title : `${table.section} ${table.title}`;

/** The renamed fields of `data`, a body described by the schema file `file`, at most `limit` of them. */
function renamedFieldIssues(file: string, data: unknown, limit: number): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  visitTabledObjects(file, data, (value, table, place) => {
    // Most objects have every field: that is found without allocating.
    if (table.names.every((name) => value[name] !== undefined)) return true;
    const absent = table.names.filter((name) => value[name] === undefined);
    for (const field of Object.keys(value)) {
      if (table.names.includes(field)) continue;
      const tabled = nearMissOf(field, absent);
      if (tabled === undefined) continue;
      issues.push({
        instancePath: pathOf(place),
        schemaPath: `${table.schemaPath}/properties/${tabled}`,
        keyword: "renamed",
        params: { field, tabledField: tabled },
        message: `has no '${tabled}' but has '${field}', which looks like ${citation(table)}'s '${tabled}' renamed`,
      });
      if (issues.length >= limit) return false;
    }
    return true;
  });
  return issues;
}

/** A required-property issue with the table that lists the property; any other issue as it is. */
function cited(file: string, data: unknown, issue: SchemaIssue): SchemaIssue {
  if (issue.keyword !== "required") return issue;
  const table = tableAt(file, data, issue.instancePath);
  return table ? { ...issue, message: `${issue.message} (${citation(table)})` } : issue;
}

/**
 * `stated`, the stated issues of `data` against the schema file `file`, with the tables' findings:
 * missing fields cited, and renamed ones, found in `searched` (the body or a sample of it that keeps
 * its items' places), in place of the missing field they stand for (first when they stand for none: a
 * field that may be absent, such as a GAUGE chart's category).
 */
export function withTableFindings(
  file: string,
  data: unknown,
  stated: readonly SchemaIssue[],
  limit: number,
  searched: unknown = data,
): SchemaIssue[] {
  const renamed = renamedFieldIssues(file, searched, limit);
  const renameOf = (issue: SchemaIssue): SchemaIssue | undefined =>
    issue.keyword === "required"
      ? renamed.find(
          (rename) =>
            rename.instancePath === issue.instancePath && rename.params.tabledField === issue.params.missingProperty,
        )
      : undefined;
  const inPlace = stated.map((issue) => renameOf(issue) ?? cited(file, data, issue));
  const alone = renamed.filter((rename) => !inPlace.includes(rename));
  return [...alone, ...inPlace];
}
