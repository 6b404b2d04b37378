/** A waivers file that cannot be used: unreadable, not JSON, not valid, or naming an unknown check. */

/**
 * A mistake in the waivers file given with --waivers, told as sentences a user can act on.
 * The CLI reports it like a usage error (exit 2): no check result can be trusted without it.
 */
export class WaiversFileError extends Error {
  override readonly name = "WaiversFileError";
}
