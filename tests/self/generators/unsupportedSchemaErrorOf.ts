/** The UnsupportedSchemaError `run` throws; the test fails when it throws nothing or something else. */
import { expect } from "vitest";
import { UnsupportedSchemaError } from "../../../generators/_internals/supportedKeywords.js";

export function unsupportedSchemaErrorOf(run: () => unknown): UnsupportedSchemaError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnsupportedSchemaError);
    return error as UnsupportedSchemaError;
  }
  throw new Error("expected an UnsupportedSchemaError");
}
