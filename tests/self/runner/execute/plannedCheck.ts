/** A planned pair of a made-up http check on getWidget whose code is `run`, for the executors' tests. */
import type { PlannedCheck } from "../../../../runner/engine/CheckCatalogue.js";
import type { CheckDefinition } from "../../../../runner/engine/CheckDefinition.js";

/** The pair of check `http.<id>` (title and rule `id`, section 7, MUST) on getWidget. */
export function plannedCheck(id: string, run: CheckDefinition["run"]): PlannedCheck<CheckDefinition> {
  return {
    check: {
      id: `http.${id}`,
      title: id,
      rule: id,
      family: "http",
      specRefs: ["7"],
      level: "MUST",
      operations: ["getWidget"],
      registerRefs: [],
      run,
    },
    operation: "getWidget",
  };
}
