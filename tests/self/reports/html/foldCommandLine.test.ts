/** foldCommandLine (issue 50.8): a Reproduce line with an option repeated many times, shown in its shortest faithful form. */
import { describe, expect, it } from "vitest";
import { foldCommandLine, shellWords } from "../../../../reports/html/foldCommandLine.js";

describe("foldCommandLine", () => {
  it("shows an option given three times or more once, with its count, where it first stands", () => {
    const ids = Array.from({ length: 40 }, (_, index) => `--analytic-id analytic://t/${index}`).join(" ");
    expect(foldCommandLine(`cms-conformance run --base-url http://h ${ids} --role a --seed 3`)).toBe(
      "cms-conformance run --base-url http://h --analytic-id … ×40 --role a --seed 3",
    );
  });

  it("leaves a line alone when no option is repeated three times", () => {
    const line = 'cms-conformance run --role a --role b --token="$CMS_TOKEN" -x --seed 3';
    expect(foldCommandLine(line)).toBe(line);
  });

  it("counts --name=value and quoted values with spaces as one option each", () => {
    expect(
      foldCommandLine(`cms-conformance run --header 'X-A: 1' --header="X-B: 2" --header 'X-C: it'\\''s' --seed 3`),
    ).toBe("cms-conformance run --header … ×3 --seed 3");
  });
});

describe("shellWords", () => {
  it("splits as a shell does: quotes and backslashes keep spaces inside a word, written as they were", () => {
    expect(shellWords(`a 'b c' "d \\" e" f\\ g  h`)).toEqual(["a", "'b c'", '"d \\" e"', "f\\ g", "h"]);
  });
});
