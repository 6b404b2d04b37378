/** attachRedactor and exchangeRedactor: an exchange remembers its client's redactor, out of sight. */
import { describe, expect, it } from "vitest";
import { attachRedactor, exchangeRedactor } from "../../../../runner/http/exchangeRedactor.js";
import { createRedactor } from "../../../../runner/http/redactSecrets.js";
import type { Exchange } from "../../../../runner/model/Exchange.js";

const anExchange = (): Exchange =>
  ({
    request: { method: "GET", url: "http://127.0.0.1:1/", headers: {} },
    isJson: false,
    startedAt: "2024-01-01T00:00:00.000Z",
    durationMs: 1,
    curl: "curl http://127.0.0.1:1/",
    retriesAfter429: 0,
  }) as Exchange;

describe("attachRedactor", () => {
  it("attaches the redactor hidden and read-only, so it is never spread nor overwritten by assignment", () => {
    const redactor = createRedactor(["secret-value-1234"]);
    const exchange = attachRedactor(anExchange(), redactor);
    const [symbol] = Object.getOwnPropertySymbols(exchange);
    expect(Object.getOwnPropertyDescriptor(exchange, symbol as symbol)).toEqual({
      value: redactor,
      enumerable: false,
      writable: false,
      configurable: true,
    });
    expect(exchangeRedactor({ ...exchange })).not.toBe(redactor);
  });

  it("lets a redactor be attached again in place of the first", () => {
    const exchange = attachRedactor(anExchange(), createRedactor(["first-secret-1234"]));
    const second = createRedactor(["second-secret-5678"]);
    expect(exchangeRedactor(attachRedactor(exchange, second))).toBe(second);
  });
});
