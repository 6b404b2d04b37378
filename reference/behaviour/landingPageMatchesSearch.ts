/** §4.2 landing page search: on the title, as a case-insensitive substring (register landing-search-case). */
import type { LandingPage } from "../../contract/types.generated.js";

/** True when `searchValue` is empty or occurs in the title, ignoring case. */
export function landingPageMatchesSearch(page: Pick<LandingPage, "title">, searchValue: string): boolean {
  if (searchValue === "") return true;
  return page.title.toLocaleLowerCase("pt-BR").includes(searchValue.toLocaleLowerCase("pt-BR"));
}
