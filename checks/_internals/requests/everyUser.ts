/** The users a rule is judged for: the main one, and the restricted one when configured (every listing invariant holds for every user). */
import type { Caller, TargetSession } from "../../../runner/engine/TargetSession.js";

/** "admin", and "restricted" when the configuration has its token. */
export function everyUser(target: TargetSession): Caller[] {
  return target.hasRestrictedUser() ? ["admin", "restricted"] : ["admin"];
}

/** "" for the main user, " as the restricted user" otherwise: a suffix for labels. */
export function asUser(caller: Caller): string {
  return caller === "admin" ? "" : ` as the ${caller} user`;
}
