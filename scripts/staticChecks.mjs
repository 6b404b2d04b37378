/**
 * `npm test`'s static checks (prettier, knip, eslint, tsc) side by side rather than one after the other: each keeps
 * about one core busy for a few seconds, so on two cores they take about as long as the slowest of them
 * (issue 25.5). Each tool's output is printed whole once it ends, so the three never interleave; the exit
 * code is 1 when any of them failed, naming it.
 */
import { spawn } from "node:child_process";

const localBin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const TOOLS = [
  // Caches in node_modules/.cache, by content: a check after an edit reads again only what changed.
  { name: "prettier", command: [localBin("prettier"), "--check", "--cache", "--cache-strategy", "content", "."] },
  { name: "knip", command: [localBin("knip"), "--cache"] },
  // Type-aware rules (promises, unused names) and the size limits of eslint.config.mjs (issue 43.5).
  { name: "eslint", command: [localBin("eslint"), "--max-warnings", "0", "."] },
  // The type check, emitting dist/ too (scripts/build.mjs): the tests that start the bin then run the compiled CLI.
  { name: "tsc", command: [process.execPath, new URL("./build.mjs", import.meta.url).pathname] },
];

/** Runs one tool; resolves with its exit code and everything it printed. */
function runTool({ name, command: [file, ...args] }) {
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ name, code: 1, text: `${name} could not start: ${error.message}\n` }));
    child.on("close", (code, signal) =>
      resolve({ name, code: code ?? 1, text: Buffer.concat(output).toString("utf8"), signal }),
    );
  });
}

const results = await Promise.all(TOOLS.map(runTool));
for (const { name, code, text } of results) {
  process.stdout.write(`> ${name}: ${code === 0 ? "ok" : `failed (exit ${code})`}\n${text}`);
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  process.stderr.write(`static checks failed: ${failed.join(", ")}\n`);
  process.exitCode = 1;
}
