/** `cms-conformance openapi`: prints or writes the OpenAPI 3.1 document of the contract. */
import { writeFile } from "node:fs/promises";
import { buildOpenApiDocument } from "../../contract/buildOpenApiDocument.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { parseCommandLine } from "../parseCommandLine.js";

/** Help text of the command. */
export const OPENAPI_HELP = `Usage: cms-conformance openapi [--out FILE]

Prints the OpenAPI 3.1 document of the interface as JSON, built from the suite's JSON Schemas
(schemas/): the five POST operations with their request bodies, the 200 response and the §7 error
responses that apply (400, 401, 403, 404 for getAnalytic and getWidget), the bearerAuth and clientId
security schemes, and {base_url} as a server variable. Feed it to mock servers, documentation
renderers or fuzzers. Schemas keep the suite's x-strict annotations (ambiguity register defaults).

Options:
  --out FILE   write the document to FILE instead of standard output
  -h, --help   show this help

Exit codes: 0 written, 2 usage error (unknown option, unwritable file).
`;

/** Runs the command; returns its exit code. */
export async function openapiCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    "openapi",
    argv,
    {
      out: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    true,
  );
  if (values.help) {
    io.stdout.write(OPENAPI_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}; use --out FILE to write to a file`);
  }
  if (values.out === "") throw new UsageError("--out needs a file name");
  const document = buildOpenApiDocument();
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out === undefined) {
    io.stdout.write(text);
    return EXIT.ok;
  }
  try {
    await writeFile(values.out, text, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new UsageError(`cannot write ${values.out} (${code}); give a path in a writable folder`);
  }
  const paths = Object.keys(document.paths).length;
  const schemas = Object.keys(document.components.schemas).length;
  io.stdout.write(`wrote ${values.out}: OpenAPI ${document.openapi}, ${paths} paths, ${schemas} schemas\n`);
  return EXIT.ok;
}
