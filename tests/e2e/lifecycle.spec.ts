import { expect, test } from "@playwright/test";
import { removeDataDir, startBuiltServer } from "../support/server";

const port = Number(process.env.E2E_LIFECYCLE_PORT ?? 3212);

test("SIGTERM lets the request in flight finish, refuses new ones, and exits cleanly", async () => {
  test.setTimeout(120_000); // a server of its own: a new PGlite database, migrated at start
  const server = await startBuiltServer({ port, env: { SEED_DEMO_CONTENT: "0", ENABLE_TEST_ROUTES: "1" } });
  try {
    const slow = await fetch(`${server.url}/_test/langsom?ms=1500`);
    expect(slow.status).toBe(200);
    const stopped = server.stop();

    // New connections are refused once the signal is handled; the request already in flight is answered in full.
    await expect
      .poll(() =>
        fetch(`${server.url}/healthz`).then(
          (response) => response.status,
          () => "refused",
        ),
      )
      .toBe("refused");
    expect(await slow.text()).toBe("begyndt\nfærdig\n");
    await stopped;
    expect(await server.exited).toBe(0);
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
});
