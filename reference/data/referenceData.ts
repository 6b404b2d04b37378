/** The in-memory data set of the reference server: public resources plus the facts only the server knows. */
import type { Analytic, LandingPage, RoleFilterGroup, Widget } from "../../contract/types.generated.js";

/** Who a request acts for: the admin holds the Visualizar permission (§4.2, §5), the restricted user does not. */
export type ReferenceUserName = "admin" | "restricted";

/** A factory-default widget (§2.1) and who may see it. */
export interface WidgetRecord {
  /** The widget with every field of §2.1 filled. */
  readonly widget: Widget;
  /** Whether the restricted user holds the widget's permission (§5). */
  readonly visibleToRestricted: boolean;
}

/** A landing page (§2.4) with its owner and, for SHARED pages, the roles it is shared with. */
export interface LandingPageRecord {
  /** The page as listed (never with roles, §2.4). */
  readonly page: LandingPage;
  readonly owner: ReferenceUserName;
  /** Roles of a SHARED page; kept internally, omitted in listings (§2.4, §4.2). */
  readonly roles: readonly string[];
  /** A soft-deleted page: never listed to anyone. */
  readonly archived: boolean;
}

/** An analytic (§2.5) and whether the restricted user may read it. */
export interface AnalyticRecord {
  readonly analytic: Analytic;
  readonly visibleToRestricted: boolean;
}

/** A role and the filter groups linked to it (§2.12, §4.5). */
export interface RoleRecord {
  readonly name: string;
  readonly groups: readonly RoleFilterGroup[];
}

/** How many items of each kind to build. */
export interface ReferenceSizes {
  readonly widgets: number;
  readonly landingPages: number;
  readonly analytics: number;
}

/** Default sizes: several pages each, and totals that are not multiples of 10 so that rounding faults show. */
export const DEFAULT_SIZES: ReferenceSizes = { widgets: 137, landingPages: 53, analytics: 34 };

/** The whole data set; every list is sorted by id, which is the listing order. */
export interface ReferenceData {
  readonly tenant: string;
  readonly widgets: readonly WidgetRecord[];
  readonly landingPages: readonly LandingPageRecord[];
  readonly analytics: readonly AnalyticRecord[];
  readonly roles: readonly RoleRecord[];
  /** The platform.cms bundle: i18n key → text; widget search reads it (§4.1). */
  readonly translations: Readonly<Record<string, string>>;
  /** The domain/service pair the suite is told to send to getRoleFilters. */
  readonly domainName: string;
  readonly serviceName: string;
}
