// The linter of npm test's static step (issue 43.5): type-aware promise rules everywhere; size and
// complexity limits on the product's code (a test's describe block is a list of cases, not a unit).
import tseslint from "typescript-eslint";

const PRODUCT = ["checks", "cli", "contract", "generators", "reference", "reports", "runner", "scripts", "bench"];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-artifacts/**", "mutation/**", "**/*.generated.ts", "bin/*.d.mts"] },
  {
    files: ["**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: PRODUCT.map((folder) => `${folder}/**/*.ts`),
    rules: {
      complexity: ["error", 20],
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }],
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "max-len": ["error", { code: 160, ignoreUrls: false, ignoreStrings: false, ignoreTemplateLiterals: false }],
    },
  },
);
