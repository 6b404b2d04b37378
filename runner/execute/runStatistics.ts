/** The run's statistics, built in one place from the session once every check has ended. */
import type { TargetSession } from "../engine/TargetSession.js";
import type { RunStatistics } from "../model/RunStatistics.js";

/** HTTP figures, response times, sampling lines, why the run stopped (when it did) and the kept exchanges. */
export function runStatistics(session: TargetSession): RunStatistics {
  const durationsByPath = Object.fromEntries(
    [...session.durationsByPath()].map(([path, durations]) => [path, [...durations]]),
  );
  const stop = session.stopped();
  const exchanges = session.exchangeLog();
  return {
    ...session.stats(),
    durationsByPath,
    sampling: session.samplingNotes(),
    bodyTexts: session.bodyTextNotes(),
    ...(stop === undefined ? {} : { stopped: stop.message }),
    ...(stop?.ownTrouble === true ? { suiteTrouble: stop.message } : {}),
    ...(exchanges ? { exchanges } : {}),
  };
}
