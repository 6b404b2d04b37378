/** How a widget (§2.1) is shown in listings and by getWidget, per mode. */
import type { Widget } from "../../contract/types.generated.js";
import type { ReferenceMode } from "../referenceMode.js";
import { pickFields } from "./pickFields.js";

/** The widget as answered; sdk-minimal keeps only the SDK-required id, name and url. */
export function presentWidget(widget: Widget, mode: ReferenceMode): Widget {
  return mode === "sdk-minimal" ? pickFields(widget, ["id", "name", "url"]) : structuredClone(widget);
}
