/** How a widget (§2.1) is shown in listings and by getWidget, per mode. */
import type { Widget } from "../../contract/types.generated.js";
import type { ReferenceMode } from "../referenceMode.js";

/** The widget as answered; spec-minimal gives it no tags (an empty array is still the field §2.1 lists). */
export function presentWidget(widget: Widget, mode: ReferenceMode): Widget {
  const copy = structuredClone(widget);
  return mode === "spec-minimal" ? { ...copy, tags: [] } : copy;
}
