import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

function problemsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("starts with nothing set: embedded database, port 3000, ./data", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", PUBLIC_URL: "http://localhost:3000" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.requiresExplicitSecrets).toBe(false);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it("names the bad variable and the value it got", () => {
    const problems = problemsOf(() => loadConfig({ PORT: "http" }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: .*whole number.*\(got "http"\)$/);
    expect(problemsOf(() => loadConfig({ PORT: "70000" }))[0]).toMatch(/^PORT: must be between 1 and 65535/);
  });

  it("lists every bad variable at once, without echoing a connection string", () => {
    const problems = problemsOf(() =>
      loadConfig({ DATABASE_URL: "mysql://user:hunter2@db/scene", PUBLIC_URL: "ftp://x", LOG_LEVEL: "loud" }),
    );
    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "DATABASE_URL",
      "LOG_LEVEL",
      "PUBLIC_URL",
    ]);
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  it("requires AUTH_SECRET on a declared deployment with PostgreSQL", () => {
    const deployment = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/scene",
      PUBLIC_URL: "https://havnescenen.dk",
    };
    expect(problemsOf(() => loadConfig(deployment))[0]).toMatch(/^AUTH_SECRET: is required/);
    expect(loadConfig({ ...deployment, AUTH_SECRET: "x".repeat(32) }).requiresExplicitSecrets).toBe(true);
  });

  it("lets a plain `npm start` on PostgreSQL generate its secret", () => {
    const config = loadConfig(
      { NODE_ENV: "production", DATABASE_URL: "postgres://db/scene" },
      { declaredDeployment: false },
    );
    expect(config.isProduction).toBe(true);
    expect(config.requiresExplicitSecrets).toBe(false);
  });

  it("refuses a short secret and an odd build id", () => {
    expect(problemsOf(() => loadConfig({ AUTH_SECRET: "short" }))[0]).toBe(
      "AUTH_SECRET: must be at least 32 characters",
    );
    expect(problemsOf(() => loadConfig({ BUILD_ID: "a b" }))[0]).toMatch(/^BUILD_ID:/);
  });

  it("reads flags and trims a trailing slash from PUBLIC_URL", () => {
    const config = loadConfig({ ENABLE_TEST_ROUTES: "1", PUBLIC_URL: "https://havnescenen.dk/" });
    expect(config).toMatchObject({ ENABLE_TEST_ROUTES: true, PUBLIC_URL: "https://havnescenen.dk" });
  });

  it("trusts a proxy by hops or addresses, never blindly", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
    expect(problemsOf(() => loadConfig({ TRUST_PROXY: "*" }))[0]).toMatch(/^TRUST_PROXY:/);
  });

  it("needs PUBLIC_URL on a declared deployment, and seeds demo content only off one", () => {
    expect(problemsOf(() => loadConfig({ NODE_ENV: "production" }))[0]).toMatch(/^PUBLIC_URL: is required/);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://havnescenen.dk" }).SEED_DEMO_CONTENT).toBe(false);
    expect(loadConfig({}).SEED_DEMO_CONTENT).toBe(true);
  });
});
