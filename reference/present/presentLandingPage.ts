/** How a landing page (§2.4) is shown in listings: never with roles, per mode. */
import type { LandingPage } from "../../contract/types.generated.js";
import type { ReferenceMode } from "../referenceMode.js";
import { pickFields } from "./pickFields.js";

/** The page as listed; sdk-minimal keeps only id, pageId, title and landingPageType. */
export function presentLandingPage(page: LandingPage, mode: ReferenceMode): LandingPage {
  const listed = pickFields(page, ["id", "pageId", "title", "includeHeader", "landingPageType"]);
  return mode === "sdk-minimal" ? pickFields(listed, ["id", "pageId", "title", "landingPageType"]) : listed;
}
