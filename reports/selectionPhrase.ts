/** How a partial run is named in every report: "2 of 104 verdicts selected". */
import type { RunReport } from "../runner/model/RunReport.js";

/** "2 of 104 verdicts selected" when the run judged fewer verdicts (check × operation pairs) than the suite has; undefined for a whole run. */
export function selectionPhrase(report: RunReport): string | undefined {
  const { selectedVerdicts, totalVerdicts } = report.meta.selection;
  return selectedVerdicts < totalVerdicts ? `${selectedVerdicts} of ${totalVerdicts} verdicts selected` : undefined;
}
