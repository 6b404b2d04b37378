/**
 * The bias of the valid request arbitraries: which candidate values each request field draws
 * from. The shape of every request (which fields, which are optional) still comes from its
 * schema; a hint that names a field the schema lacks fails at compile time.
 */
import fc from "fast-check";
import type { OperationName } from "../../contract/operations.js";
import { BOUNDARY_INTEGERS } from "../boundaryIntegers.js";
import { DEFAULT_MAX_PAGE_SIZE, type RequestContext } from "../requestContext.js";
import type { CompileHint } from "./compileSchema.js";

/**
 * A part of one of `terms`: a run of at least two of its code points, never the whole term when it
 * is longer (register search-match-mode: a part of a stored value is searched in it as the whole is).
 */
function termPieceArbitrary(terms: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...terms), fc.nat(), fc.nat()).map(([term, a, b]) => {
    const chars = [...term];
    if (chars.length <= 2) return term;
    const length = 2 + (a % (chars.length - 2));
    const start = b % (chars.length - length + 1);
    return chars.slice(start, start + length).join("");
  });
}

/** searchValue (§4.1, §4.2): empty, ASCII, unicode, mixed case, wildcard-like, very long, or a term of the target, or a part of one, in any case. */
function searchValueArbitrary(terms: readonly string[]): fc.Arbitrary<string> {
  const fromTarget =
    terms.length > 0
      ? [fc.constantFrom(...terms), fc.mixedCase(fc.constantFrom(...terms)), termPieceArbitrary(terms)]
      : [];
  return fc.oneof(
    fc.constant(""),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
    fc.mixedCase(fc.string({ minLength: 1, maxLength: 12 })),
    fc.constantFrom("%", "_", "*", ".*", "'", "\\", " "),
    fc.string({ maxLength: 2048, size: "max" }),
    ...fromTarget,
  );
}

/** pageNumber (§2.11, §8): the first page 0, 1, a few more, far past the end, and past the machine integer sizes (BOUNDARY_INTEGERS). */
function pageNumberArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, 1),
    fc.integer({ min: 0, max: 20 }),
    fc.constant(10_000),
    fc.constantFrom(...BOUNDARY_INTEGERS),
  );
}

/**
 * pageSize (§2.11, §8): 1, the default 10, sizes up to the largest the target serves (register
 * max-page-size), and past the machine integer sizes (register large-page-numbers).
 */
function pageSizeArbitrary(maxPageSize: number): fc.Arbitrary<number> {
  const edges = [...new Set([1, Math.min(10, maxPageSize), maxPageSize, Math.max(1, maxPageSize - 1)])];
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.integer({ min: 1, max: maxPageSize }),
    fc.constantFrom(...BOUNDARY_INTEGERS),
  );
}

/** roles (§4.5): empty, a reordered subset, or a list with duplicates, of the target's roles. */
function rolesArbitrary(roles: readonly string[]): fc.Arbitrary<string[]> {
  if (roles.length === 0) return fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 4 });
  return fc.oneof(
    fc.array(fc.constantFrom(...roles), { maxLength: 0 }), // a fresh empty list each time
    fc.shuffledSubarray([...roles], { minLength: 1 }),
    fc.array(fc.constantFrom(...roles), { minLength: 1, maxLength: 2 * roles.length + 1 }),
  );
}

/** The hints of one operation's request, by instance path. */
export function requestHints(operation: OperationName, context: RequestContext): Map<string, CompileHint> {
  const hints = new Map<string, CompileHint>();
  const constantFromContext = (path: string, value: string | undefined): void => {
    if (value !== undefined) hints.set(path, { arbitrary: fc.constant(value), alwaysPresent: true });
  };
  switch (operation) {
    case "listFactoryDefaultWidgets":
    case "listLandingPages":
      hints.set("/searchValue", { arbitrary: searchValueArbitrary(context.searchTerms ?? []) });
      hints.set("/pagination/pageNumber", { arbitrary: pageNumberArbitrary() });
      hints.set("/pagination/pageSize", { arbitrary: pageSizeArbitrary(context.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE) });
      break;
    case "getWidget":
      hints.set("/widgetId", { arbitrary: fc.constantFrom(...(context.widgetIds ?? [])), alwaysPresent: true });
      break;
    case "getAnalytic":
      hints.set("/analyticId", { arbitrary: fc.constantFrom(...(context.analyticIds ?? [])), alwaysPresent: true });
      break;
    case "getRoleFilters":
      hints.set("/roles", { arbitrary: rolesArbitrary(context.roles ?? []), alwaysPresent: true });
      constantFromContext("/domainName", context.domainName);
      constantFromContext("/serviceName", context.serviceName);
      break;
  }
  return hints;
}
