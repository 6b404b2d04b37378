/** The five operations of the interface (§4) and the bodies each one exchanges. */

/** Name of one of the five operations of §4. */
export type OperationName =
  "listFactoryDefaultWidgets" | "listLandingPages" | "getAnalytic" | "getWidget" | "getRoleFilters";

/** What the suite knows about an operation from the spec. */
export interface OperationSpec {
  readonly name: OperationName;
  /** Path below base_url (§4). */
  readonly path: string;
  /** Spec section that defines the operation. */
  readonly section: string;
  /** §5: the four content management operations require a bearer token. */
  readonly requiresBearer: boolean;
  /** Which §7 400 body the operation answers with. */
  readonly badRequestBody: "error.cms.badRequest" | "error.authorization";
  readonly area: "cms" | "authorization";
  /** For the two listings (§2.11): the field that holds the items. */
  readonly listField?: "widgets" | "landingPages";
}

/** The operations in the order the spec lists them. */
export const OPERATIONS: readonly OperationSpec[] = [
  {
    name: "listFactoryDefaultWidgets",
    path: "/platform/cms/listFactoryDefaultWidgets",
    section: "4.1",
    requiresBearer: true,
    badRequestBody: "error.cms.badRequest",
    area: "cms",
    listField: "widgets",
  },
  {
    name: "listLandingPages",
    path: "/platform/cms/listLandingPages",
    section: "4.2",
    requiresBearer: true,
    badRequestBody: "error.cms.badRequest",
    area: "cms",
    listField: "landingPages",
  },
  {
    name: "getAnalytic",
    path: "/platform/cms/getAnalytic",
    section: "4.3",
    requiresBearer: true,
    badRequestBody: "error.cms.badRequest",
    area: "cms",
  },
  {
    name: "getWidget",
    path: "/platform/cms/getWidget",
    section: "4.4",
    requiresBearer: true,
    badRequestBody: "error.cms.badRequest",
    area: "cms",
  },
  {
    name: "getRoleFilters",
    path: "/platform/authorization/getRoleFilters",
    section: "4.5",
    requiresBearer: false,
    badRequestBody: "error.authorization",
    area: "authorization",
  },
];

/** Looks an operation up by name; throws on an unknown name (a bug of ours). */
export function operationSpec(name: OperationName): OperationSpec {
  const found = OPERATIONS.find((op) => op.name === name);
  if (!found) throw new Error(`unknown operation ${JSON.stringify(name)}`);
  return found;
}

/** The two paginated listings (§2.11). */
export const LISTING_OPERATIONS: readonly OperationName[] = OPERATIONS.filter((op) => op.listField).map(
  (op) => op.name,
);

/** The four content management operations, which require a bearer token (§5). */
export const CMS_OPERATIONS: readonly OperationName[] = OPERATIONS.filter((op) => op.area === "cms").map(
  (op) => op.name,
);

/** Every operation name. */
export const ALL_OPERATIONS: readonly OperationName[] = OPERATIONS.map((op) => op.name);

/** Where a deployment mounts operations, when not at the §4 paths (--operation-path), e.g. { getWidget: "/platform/cms/queries/getWidget" }. */
export type OperationPaths = Readonly<Partial<Record<OperationName, string>>>;

/** The path of an operation below base_url: the deployment's own when given, else the §4 path. */
export function operationPath(name: OperationName, paths: OperationPaths = {}): string {
  return paths[name] ?? operationSpec(name).path;
}
