/** How a landing page (§2.4) is shown in listings: never with roles (§2.4 "omitted"), in every mode. */
import type { LandingPage } from "../../contract/types.generated.js";
import { pickFields } from "./pickFields.js";

/** The page as listed: the fields of the §2.4 table, and nothing the record keeps besides them (its roles). */
export function presentLandingPage(page: LandingPage): LandingPage {
  return pickFields(page, ["id", "pageId", "title", "includeHeader", "landingPageType"]);
}
