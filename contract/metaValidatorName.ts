/** The name a schema file's validator is exported under in metaValidators.generated.ts: run-config.schema.json → runConfig. */
export function metaValidatorName(file: string): string {
  return file.replace(/\.schema\.json$/, "").replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
