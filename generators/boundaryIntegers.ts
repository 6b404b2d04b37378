/**
 * Integers past the machine sizes real backends store page numbers and sizes in (§2.11 types
 * them as JSON integers with no maximum; register large-page-numbers): the 32-bit signed limit
 * and one past it, the 32-bit unsigned wrap, the largest safe double integer, and 10^20 (no
 * 64-bit integer holds it).
 */
export const BOUNDARY_INTEGERS: readonly number[] = [2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 1e20];

/** The smallest of them: from here on, pageNumber × pageSize or the value itself leaves 32-bit arithmetic. */
const SMALLEST_BOUNDARY_INTEGER = 2 ** 31 - 1;

/** True when `value` is a number at or beyond the 32-bit signed limit. */
export function isBoundaryInteger(value: unknown): boolean {
  return typeof value === "number" && value >= SMALLEST_BOUNDARY_INTEGER;
}
