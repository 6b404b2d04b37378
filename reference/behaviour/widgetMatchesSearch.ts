/** §4.1 widget search: case-insensitive substring over the translated name and description, the i18n keys and the tags. */
import type { Widget } from "../../contract/types.generated.js";

/** The texts a widget search looks in. */
export function widgetSearchTexts(widget: Widget, translations: Readonly<Record<string, string>>): string[] {
  const keys = [widget.name, widget.description].filter((key): key is string => typeof key === "string");
  const translated = keys.map((key) => translations[key]).filter((text): text is string => text !== undefined);
  return [...keys, ...translated, ...(widget.tags ?? [])];
}

// Lower-casing with a locale is slow; a search over 100,000 widgets did it half a million times a request.
const lowerCasedTexts = new WeakMap<Readonly<Record<string, string>>, WeakMap<Widget, readonly string[]>>();

function searchTextsLowerCased(widget: Widget, translations: Readonly<Record<string, string>>): readonly string[] {
  let byWidget = lowerCasedTexts.get(translations);
  if (!byWidget) {
    byWidget = new WeakMap();
    lowerCasedTexts.set(translations, byWidget);
  }
  let texts = byWidget.get(widget);
  if (!texts) {
    texts = widgetSearchTexts(widget, translations).map((text) => text.toLocaleLowerCase("pt-BR"));
    byWidget.set(widget, texts);
  }
  return texts;
}

/** True when `searchValue` is empty or occurs, ignoring case, in one of the widget's texts. */
export function widgetMatchesSearch(
  widget: Widget,
  searchValue: string,
  translations: Readonly<Record<string, string>>,
): boolean {
  if (searchValue === "") return true;
  const needle = searchValue.toLocaleLowerCase("pt-BR");
  return searchTextsLowerCased(widget, translations).some((text) => text.includes(needle));
}
