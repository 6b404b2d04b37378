/**
 * errors.near-miss-id-404 on an in-memory CMS (judgeNearMissIds): near misses of a listed id get 404; the real
 * item served for one fails; a 200 with that very id passes; a 400 is the register's (near-miss-ids).
 */
import { describe, expect, it } from "vitest";
import { checkOnScript, jsonOf } from "../../checkOnScript.js";
import { fakeCms, type FakeCms } from "../../fakeCms.js";

const W1 = { id: "widget://t/hcm/payroll/Sales", name: "n", url: "u" };

async function run(cms: Partial<FakeCms>) {
  const { result, client } = await checkOnScript(
    "errors.near-miss-id-404",
    "getWidget",
    fakeCms({ widgets: [W1], ...cms }),
  );
  const asked = client.sent.filter((request) => request.path.endsWith("/getWidget")).map((r) => jsonOf(r).widgetId);
  return { result, asked };
}

describe("errors.near-miss-id-404", () => {
  it("passes a target that answers every near miss 404, having asked the three kinds", async () => {
    const { result, asked } = await run({});
    expect(result.outcome).toBe("passed");
    expect(asked).toEqual(["widget://t/hcm/payroll/Sa", "widget://t/hcm/payroll", "widget://t/HCM/PAYROLL/sALES"]);
  });

  it("fails a target that serves the real item for an id cut short, naming both ids", async () => {
    const { result } = await run({
      tamperRead: ({ id }) => (typeof id === "string" && W1.id.startsWith(id) ? { status: 200, json: W1 } : undefined),
    });
    expect(result).toMatchObject({ outcome: "failed" });
    expect(result.message).toContain(`getWidget of widget://t/hcm/payroll/Sa (${W1.id}, cut short) was answered with`);
    expect(result.message).toContain(JSON.stringify(W1.id));
  });

  it("fails a target that ignores the letter case of the path", async () => {
    const { result } = await run({
      tamperRead: ({ id }) =>
        typeof id === "string" && id.toLowerCase() === W1.id.toLowerCase() ? { status: 200, json: W1 } : undefined,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toContain("path case changed");
  });

  it("passes a 200 that returns the very id asked (an item that exists), and warns on a 400", async () => {
    const served = await run({
      tamperRead: ({ id }) => (id === "widget://t/hcm/payroll" ? { status: 200, json: { ...W1, id } } : undefined),
    });
    expect(served.result.outcome).toBe("passed");
    expect(served.result.message).toContain("answered 200 with that very id");
    const refused = await run({
      tamperRead: ({ id }) => (id !== W1.id ? { status: 400, json: { message: "bad id" } } : undefined),
    });
    expect(refused.result).toMatchObject({ outcome: "warning" });
  });
});
