/**
 * Serialises data for a `<script type="application/json">` block. `<`, `>` and `&` become
 * \u003c, \u003e and \u0026, so neither `</script>` nor `<!--` in target data can end or
 * alter the block; U+2028/U+2029 are escaped for older parsers. JSON.parse reads it back as is.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
