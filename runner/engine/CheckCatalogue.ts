/**
 * The one catalogue of checks (STYLE: Schemathesis): refuses duplicate ids, ids whose prefix is
 * not the family, unknown register entries and malformed sections, and selects checks by id or glob.
 */
import { ambiguityEntry } from "../../contract/ambiguityRegister.js";
import type { OperationName } from "../../contract/operations.js";
import type { CheckDescription } from "./CheckDefinition.js";

/** A check paired with one of its operations: one verdict of a run (C: with its code or without). */
export interface PlannedCheck<C extends CheckDescription = CheckDescription> {
  readonly check: C;
  readonly operation: OperationName;
}

/** A selection that names a check id the catalogue lacks. */
export class UnknownCheckError extends Error {}

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${escaped}$`);
}

/** Every check of the suite, validated once (C: the checks with their code, or their descriptions only). */
export class CheckCatalogue<C extends CheckDescription = CheckDescription> {
  readonly checks: readonly C[];

  constructor(checks: readonly C[]) {
    const seen = new Set<string>();
    for (const check of checks) {
      if (seen.has(check.id)) throw new Error(`duplicate check id ${check.id}`);
      seen.add(check.id);
      if (!/^[a-z-]+\.[a-z0-9-]+$/.test(check.id))
        throw new Error(`check id ${check.id} must read family.rule-in-kebab-case`);
      const prefix = check.id.slice(0, check.id.indexOf("."));
      if (prefix !== check.family)
        throw new Error(`check ${check.id} is in family ${check.family}: its id must start with "${check.family}."`);
      if (check.specRefs.length === 0 || !check.specRefs.every((ref) => /^\d+(\.\d+)*$/.test(ref)))
        throw new Error(`check ${check.id}: bad specRefs ${JSON.stringify(check.specRefs)}`);
      if (check.operations.length === 0) throw new Error(`check ${check.id} covers no operation`);
      for (const register of check.registerRefs) ambiguityEntry(register); // throws on an unknown entry
    }
    this.checks = checks;
  }

  /** The ids of every check. */
  ids(): ReadonlySet<string> {
    return new Set(this.checks.map((check) => check.id));
  }

  /**
   * The checks to run: those matching any of `include` (all when empty), minus those matching
   * `exclude`, restricted to `operations` (all when empty). A pattern without a wildcard that
   * names no check is refused, so a typo never silently runs nothing.
   */
  select(
    include: readonly string[],
    exclude: readonly string[],
    operations: readonly OperationName[] = [],
  ): PlannedCheck<C>[] {
    for (const pattern of [...include, ...exclude]) {
      if (!/[*?]/.test(pattern) && !this.ids().has(pattern)) {
        throw new UnknownCheckError(
          `unknown check id ${JSON.stringify(pattern)}; run cms-conformance list-checks for the ids`,
        );
      }
    }
    const matches = (patterns: readonly string[], id: string) =>
      patterns.some((pattern) => globToRegExp(pattern).test(id));
    return this.checks
      .filter((check) => (include.length === 0 || matches(include, check.id)) && !matches(exclude, check.id))
      .flatMap((check) =>
        check.operations
          .filter((operation) => operations.length === 0 || operations.includes(operation))
          .map((operation) => ({ check, operation })),
      );
  }
}
