/** The start banner names the demo accounts only when they exist: the embedded operator's. */
import { describe, expect, it } from "vitest";
import { startBanner } from "../../server/banner";

describe("startBanner", () => {
  it("prints the demo passwords for the embedded operator, and never for a real one", () => {
    const base = { url: "http://localhost:3000", mode: "production", operatorNote: "operator" };
    expect(startBanner({ ...base, embeddedOperator: true })).toContain("player01 / Player123");
    const real = startBanner({ ...base, embeddedOperator: false });
    expect(real).toContain("Portal ready: http://localhost:3000");
    expect(real).not.toMatch(/Player123|Agent1234|Demo accounts/);
  });

  it("names the second merchant's accounts when the portal runs as that merchant", () => {
    const banner = startBanner({
      url: "http://localhost:3000",
      mode: "production",
      operatorNote: "operator",
      embeddedOperator: true,
      merchantCode: "demo2",
    });
    expect(banner).toContain("tiger01 / Tiger1234");
    expect(banner).not.toContain("player01");
  });
});
