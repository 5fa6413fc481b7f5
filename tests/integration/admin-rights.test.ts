import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { events } from "~/db/schema";
import type { Auth } from "~/features/accounts/auth.server";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import { routeGuard } from "~/features/accounts/route-guard.server";
import { setDisabled, setRole } from "~/features/accounts/users.server";
import { collaborators, setCollaborators } from "~/lib/collaborators.server";
import { action as libraryUploadAction } from "~/routes/admin.medier.upload";
import { loader as authApiLoader } from "~/routes/api.auth";
import { loader as programmeLoader } from "~/routes/koncerter";
import { loader as concertLoader } from "~/routes/koncerter.event";
import { limitRequestBodies } from "../../server/body-limits";
import { callAuthApi, cookieHeader } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const password = "Admin-kode-2026";

/** What a door did with the request: let it through, or the status it refused with. */
async function outcome(work: () => Promise<unknown>): Promise<number | "through"> {
  try {
    await work();
    return "through";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status === undefined) throw thrown;
    return status;
  }
}

/**
 * Every door an admin's cookies open, tried with the cookies an admin had before losing the rights, within the
 * cookie cache's lifetime (better-auth would still believe the signed copy in them). Decision 027.
 */
describe.each(databaseKinds)("an admin's old cookies after a demotion or a disabling on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let bodyDoor: string;
  let closeBodyDoor: () => void;
  let draftId: string;
  let people = 0;

  /** An admin signed in through /api/auth, as a browser would be: their cookies carry a copy saying admin. */
  async function signedInAdmin() {
    people += 1;
    const email = `admin${people}@havnescenen.dk`;
    await ensureAdmin(database.db, auth, { email, password, name: `Admin ${people}` });
    const signedIn = await callAuthApi("/sign-in/email", { email, password });
    expect(signedIn.status).toBe(200);
    const { user } = (await signedIn.json()) as { user: { id: string } };
    return { id: user.id, cookie: cookieHeader(signedIn.headers.getSetCookie()) };
  }

  /** An upload as it reaches the server, larger than a form: the permission is asked before the body is read. */
  async function uploadThroughBodyLimits(path: string, cookie: string) {
    const body = new FormData();
    body.set("file", new File([new Uint8Array(200 * 1024)], "billede.png", { type: "image/png" }));
    const response = await fetch(`${bodyDoor}${path}`, { method: "POST", headers: { Cookie: cookie }, body });
    return response.status;
  }

  /** The root middleware's guard, by the route's declared access, for a POST to the path. */
  function guard(pattern: string, path: string, cookie: string) {
    const args = { ...routeArgs(path, { method: "POST", headers: { Cookie: cookie } }), pattern: pattern.slice(1) };
    return outcome(() =>
      routeGuard(
        collaborators(),
        args,
        vi.fn(async () => new Response("route ran")),
      ),
    );
  }

  /** The library's upload route itself; the bytes are no picture, so one that gets through is refused for them. */
  async function libraryUpload(cookie: string) {
    const body = new FormData();
    body.set("file", new File([new Uint8Array(1024)], "billede.png", { type: "image/png" }));
    const args = routeArgs("/medier/upload", {
      method: "POST",
      body,
      headers: { Cookie: cookie, Accept: "application/json" },
    });
    return outcome(() => libraryUploadAction(args));
  }

  /** Which concerts the programme shows with `?forhaandsvisning`, and whether the draft's own page opens. */
  async function preview(cookie: string) {
    const headers = { Cookie: cookie };
    const programme = await programmeLoader(routeArgs("/koncerter?forhaandsvisning", { headers }));
    const ownPage = await outcome(() =>
      concertLoader(routeArgs(`/koncerter/${draftId}?forhaandsvisning`, { headers, params: { eventId: draftId } })),
    );
    return { shown: programme.events.map((event) => event.title), preview: programme.preview, ownPage };
  }

  /** better-auth's own admin API (its admin plugin reads the session from the database too). */
  async function betterAuthAdminApi(cookie: string) {
    const args = routeArgs("/api/auth/admin/list-users", {
      headers: { Cookie: cookie },
      params: { "*": "admin/list-users" },
    });
    return (await authApiLoader(args)).status;
  }

  async function everyDoor(cookie: string) {
    return {
      betterAuthAdminApi: await betterAuthAdminApi(cookie),
      uploadToLibraryBeforeBody: await uploadThroughBodyLimits("/medier/upload", cookie),
      uploadToContentFormBeforeBody: await uploadThroughBodyLimits("/album/create", cookie),
      libraryUploadGuard: await guard("/medier/upload", "/medier/upload", cookie),
      contentFormGuard: await guard("/album/create", "/album/create", cookie),
      libraryUpload: await libraryUpload(cookie),
      preview: await preview(cookie),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const testSet = testCollaborators(database);
    setCollaborators(testSet);
    auth = testSet.auth;
    const app = express()
      .use(limitRequestBodies(auth))
      // What gets through is read, as the request handler would, and answered.
      .use(async (_req, res) => {
        const body = res.locals.requestBody as Buffer | Readable;
        if (!Buffer.isBuffer(body)) await buffer(body);
        res.send("read");
      });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    bodyDoor = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeBodyDoor = () => server.close();
    const day = 24 * 60 * 60 * 1000;
    await database.db.insert(events).values({ title: "Offentlig koncert", startsAt: new Date(Date.now() + 30 * day) });
    const [draft] = await database.db
      .insert(events)
      .values({ title: "Hemmelig kladde", startsAt: new Date(Date.now() + 31 * day), published: false })
      .returning({ id: events.id });
    draftId = draft!.id;
  });

  afterAll(async () => {
    closeBodyDoor?.();
    setCollaborators(undefined);
    await database?.destroy();
  });

  const asAdmin = {
    betterAuthAdminApi: 200,
    uploadToLibraryBeforeBody: 200,
    uploadToContentFormBeforeBody: 200,
    libraryUploadGuard: "through",
    contentFormGuard: "through",
    libraryUpload: "through",
    preview: { shown: ["Offentlig koncert", "Hemmelig kladde"], preview: true, ownPage: "through" },
  };
  const publishedOnly = { shown: ["Offentlig koncert"], preview: false, ownPage: 404 };

  it("refuses a demoted admin at every door at once: uploads before their body, the routes, the draft preview", async () => {
    const owner = await signedInAdmin();
    const demoted = await signedInAdmin();
    expect(await everyDoor(demoted.cookie)).toEqual(asAdmin);

    await setRole(database.db, owner.id, demoted.id, "user");

    expect(await everyDoor(demoted.cookie)).toEqual({
      betterAuthAdminApi: 403,
      uploadToLibraryBeforeBody: 403,
      uploadToContentFormBeforeBody: 403,
      libraryUploadGuard: 403,
      contentFormGuard: 403,
      libraryUpload: 403,
      preview: publishedOnly,
    });
  });

  it("refuses a disabled admin at every door at once, as a visitor", async () => {
    const owner = await signedInAdmin();
    const disabled = await signedInAdmin();
    expect(await everyDoor(disabled.cookie)).toEqual(asAdmin);

    await setDisabled(database.db, owner.id, disabled.id, true);

    // The guard and the upload route send a visitor to the login page.
    expect(await everyDoor(disabled.cookie)).toEqual({
      betterAuthAdminApi: 401,
      uploadToLibraryBeforeBody: 401,
      uploadToContentFormBeforeBody: 401,
      libraryUploadGuard: 302,
      contentFormGuard: 302,
      libraryUpload: 302,
      preview: publishedOnly,
    });
  });
});
