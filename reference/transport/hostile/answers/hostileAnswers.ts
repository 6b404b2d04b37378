/** Every behaviour's answer, one table: a behaviour without an answer does not compile. */
import type { HostileBehaviour } from "../hostileBehaviours.js";
import type { HostileAnswer } from "../HostileExchange.js";
import { BROKEN_WIRE_ANSWERS } from "./brokenWireAnswers.js";
import { ECHO_ANSWERS } from "./echoAnswers.js";
import { GZIP_ANSWERS } from "./gzipAnswers.js";
import { HOSTILE_STRING_ANSWERS } from "./hostileStringAnswers.js";
import { OVERSIZED_ANSWERS } from "./oversizedAnswers.js";
import { STATUS_ANSWERS } from "./statusAnswers.js";
import { TIMING_ANSWERS } from "./timingAnswers.js";

/** The answer of each behaviour of HOSTILE_BEHAVIOURS. */
export const HOSTILE_ANSWERS: Readonly<Record<HostileBehaviour, HostileAnswer>> = {
  ...STATUS_ANSWERS,
  ...TIMING_ANSWERS,
  ...BROKEN_WIRE_ANSWERS,
  ...OVERSIZED_ANSWERS,
  ...GZIP_ANSWERS,
  ...ECHO_ANSWERS,
  ...HOSTILE_STRING_ANSWERS,
};
