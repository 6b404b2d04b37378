/** What the request arbitraries need from the target at run time: ids, roles, search terms, page limits. */
import type { OperationName } from "../contract/operations.js";

/** Data discovered from the target (docs/design.md §5); every field is optional except where an operation needs it. */
export interface RequestContext {
  /** Widget ids the target returned (getWidget always sends one, §4.4). */
  readonly widgetIds?: readonly string[];
  /** Analytic ids from the configuration (getAnalytic always sends one, §4.3). */
  readonly analyticIds?: readonly string[];
  /** Role names from the configuration (§4.5). */
  readonly roles?: readonly string[];
  /** domainName sent with every getRoleFilters request when given (§4.5). */
  readonly domainName?: string;
  /** serviceName sent with every getRoleFilters request when given (§4.5). */
  readonly serviceName?: string;
  /** Texts worth searching for (tags, titles) taken from the target (§4.1, §4.2). */
  readonly searchTerms?: readonly string[];
  /** Largest pageSize asked for; register entry max-page-size, default 100 (§8). */
  readonly maxPageSize?: number;
}

/** Default largest pageSize (register entry max-page-size). */
export const DEFAULT_MAX_PAGE_SIZE = 100;

const LIST_FIELDS = ["widgetIds", "analyticIds", "roles", "searchTerms"] as const;
const TEXT_FIELDS = ["domainName", "serviceName"] as const;

/** Which context field an operation cannot work without. */
export const REQUIRED_CONTEXT: Readonly<Partial<Record<OperationName, "widgetIds" | "analyticIds">>> = {
  getWidget: "widgetIds",
  getAnalytic: "analyticIds",
};

/** Throws, naming the field and the value received, when the context is malformed or lacks what `operation` needs. */
export function assertRequestContext(operation: OperationName, context: RequestContext): void {
  if (typeof context !== "object" || context === null)
    throw new Error(`request context must be an object, received ${JSON.stringify(context)}`);
  for (const field of LIST_FIELDS) {
    const value: unknown = context[field];
    if (value !== undefined && !(Array.isArray(value) && value.every((item) => typeof item === "string"))) {
      throw new Error(`request context: ${field} must be a list of strings, received ${JSON.stringify(value)}`);
    }
  }
  for (const field of TEXT_FIELDS) {
    const value: unknown = context[field];
    if (value !== undefined && typeof value !== "string")
      throw new Error(`request context: ${field} must be a string, received ${JSON.stringify(value)}`);
  }
  const max: unknown = context.maxPageSize;
  if (max !== undefined && !(typeof max === "number" && Number.isSafeInteger(max) && max >= 1)) {
    throw new Error(`request context: maxPageSize must be an integer of at least 1, received ${JSON.stringify(max)}`);
  }
  const needed = REQUIRED_CONTEXT[operation];
  if (needed !== undefined && (context[needed]?.length ?? 0) === 0) {
    throw new Error(
      `${operation} requests need at least one id in context.${needed} (ids come from the target at run time); received ${JSON.stringify(context[needed])}`,
    );
  }
}
