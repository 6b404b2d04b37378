/** The sentence of the ConfigurationError `run` throws; the test fails when it throws nothing or something else. */
import { expect } from "vitest";
import { ConfigurationError } from "../../../runner/model/ConfigurationError.js";

export function configurationErrorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigurationError");
}
