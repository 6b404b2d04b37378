/** Finds Debian's chromium for the browser tests: /usr/bin/chromium, else `chromium` on the PATH. Never a downloaded browser. */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Path of the system chromium, or undefined when none is installed. */
export function findChromium(): string | undefined {
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    for (const name of ["chromium", "chromium-browser"]) {
      const candidate = join(dir, name);
      if (dir !== "" && executable(candidate)) return candidate;
    }
  }
  return undefined;
}
