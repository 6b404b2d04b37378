/** `cms-conformance list-checks`: every check with its sections, level and operations. */
import { CHECK_DESCRIPTIONS } from "../../checks/checkDescriptions.js";
import { EXIT, type CliIo } from "../io.js";
import { parseCommandLine } from "../parseCommandLine.js";

/** Help text of the command. */
export const LIST_CHECKS_HELP = `Usage: cms-conformance list-checks [--json]

Prints every check: id, level (MUST fails, SHOULD only warns on register defaults), spec
sections, operations, and the rule it enforces.
`;

/** Runs the command; returns its exit code. */
export async function listChecksCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine("list-checks", argv, {
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  });
  if (values.help) {
    io.stdout.write(LIST_CHECKS_HELP);
    return EXIT.ok;
  }
  const checks = CHECK_DESCRIPTIONS.checks.map(
    ({ id, title, rule, family, level, specRefs, operations, registerRefs }) => ({
      id,
      title,
      rule,
      family,
      level,
      specRefs,
      operations,
      registerRefs,
    }),
  );
  if (values.json) {
    io.stdout.write(`${JSON.stringify(checks, null, 2)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(...checks.map((check) => check.id.length));
  for (const check of checks) {
    io.stdout.write(`${check.id.padEnd(width)}  ${check.level.padEnd(6)}  §${check.specRefs.join(", §")}\n`);
    io.stdout.write(`${" ".repeat(width)}  ${check.title}; operations: ${check.operations.join(", ")}\n`);
  }
  io.stdout.write(
    `\n${checks.length} checks, ${CHECK_DESCRIPTIONS.select([], []).length} check × operation verdicts.\n`,
  );
  return EXIT.ok;
}
