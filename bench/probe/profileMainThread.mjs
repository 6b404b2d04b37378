// Preloaded into the profiled suite process (node --import) by `npm run bench -- --profile`: profiles
// the main thread from start-up to exit through the inspector (a session on the same thread answers
// synchronously, so the profile can be written in the exit handler) into $CMS_BENCH_PROFILE_DIR.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const dir = process.env.CMS_BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(dir, "main.cpuprofile"), JSON.stringify(result.profile));
    });
  });
}
