/** The hostile answer whose every string is markup, script or control characters. */
import { JSON_HEADERS, type HostileAnswers } from "../HostileExchange.js";

/** The strings "hostile-strings" puts everywhere. */
export const HOSTILE_STRINGS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\u0000\u001b[31m",
] as const;

/** "hostile-strings". */
export const HOSTILE_STRING_ANSWERS = {
  "hostile-strings": ({ response }) => {
    const [script, img, control] = HOSTILE_STRINGS;
    const item = { id: script, name: img, title: control, description: `${script}${img}${control}` };
    response.writeHead(200, JSON_HEADERS).end(
      JSON.stringify({
        ...item,
        widgets: [item],
        landingPages: [item],
        error: script,
        error_description: img,
        reason: control,
        [script]: img,
      }),
    );
  },
} satisfies HostileAnswers;
