/**
 * Judges the answer to a search (§4.1, §4.2): a 200 listing is what every searchValue must get.
 * A 4xx is a departure from register search-special-characters when the value holds a special
 * character, else a failure (§7 keeps 400 for invalid requests); a 5xx or no usable answer fails.
 */
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import type { FetchedPage } from "../walks/fetchListingPage.js";
import { hasSpecialSearchCharacters } from "../probes/hasSpecialSearchCharacters.js";
import { answered, describeAnswer, preview } from "./judgeExchange.js";

/** Records what is wrong with the answer to searching `value`; true when it is a 200 listing with totals. */
export function judgeSearchAnswer(judge: Judgement, label: string, value: string, fetched: FetchedPage): boolean {
  const { exchange } = fetched;
  if (!answered(judge, label, exchange)) return false;
  if (fetched.ok) return true;
  const status = exchange.response.status;
  const details = {
    expected: "200 with the listing and its totals (§4.1, §4.2)",
    actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
    evidence: [evidence(label, exchange)],
  };
  // answered() has failed a 5xx already: a status of 400 or more here is a 4xx.
  if (status >= 400 && hasSpecialSearchCharacters(value)) {
    judge.depart("search-special-characters", `${label} was refused with ${status}.`, details);
  } else if (status >= 400) {
    judge.fail(
      `${label} was refused with ${status}, though the value holds only letters, digits, spaces and hyphens.`,
      details,
    );
  } else {
    judge.fail(
      `${label} got ${describeAnswer(exchange)}${status === 200 ? " that is not a listing with integer totals" : ""}.`,
      details,
    );
  }
  return false;
}
