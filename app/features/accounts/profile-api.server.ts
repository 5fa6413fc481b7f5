import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import {
  profileChangesSchema,
  serverOwnedFields,
  serverOwnedMessage,
  type ProfileChanges,
  type ServerOwnedField,
} from "./profile-api";
import type { Auth } from "./auth.server";
import { changeProfile, getProfile, type Profile } from "./profile.server";
import { getSessionUser, type SessionUser } from "./session.server";
import { readJson } from "~/lib/request-body.server";

export function profileJson(profile: Profile) {
  return {
    userId: profile.userId,
    name: profile.name,
    email: profile.email,
    last_login_at: profile.lastLoginAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
    avatar_url: profile.avatarUrl,
    address: profile.address,
    phone: profile.phone,
  };
}

/** The answer to a method a changing route does not take (a GET to the PATCH address): 405, in Danish. */
export function methodNotAllowed(allow: "PATCH" | "POST") {
  return Response.json({ error: `Her kan kun sendes med ${allow}.` }, { status: 405, headers: { Allow: allow } });
}

/** The API's caller, allowed to act on `userId`: themselves, or anyone for an admin. Else 401/403 as JSON. */
export async function requireProfileAccess(auth: Auth, request: Request, userId: string): Promise<SessionUser> {
  const caller = await getSessionUser(auth, request);
  if (!caller) throw data({ error: "Du skal være logget ind." }, { status: 401 });
  if (caller.id !== userId && !caller.isAdmin) throw data({ error: "Ingen adgang." }, { status: 403 });
  return caller;
}

/** The JSON body: the changes a user may make, and everything sent, for `refuseServerOwnedChanges`. */
async function readProfileBody(request: Request): Promise<{ changes: ProfileChanges; sent: Record<string, unknown> }> {
  const body = await readJson(request);
  const parsed = profileChangesSchema.safeParse(body);
  if (!parsed.success) {
    throw data({ error: "Ugyldige data.", fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  return { changes: parsed.data, sent: body as Record<string, unknown> };
}

/** What the server holds for a user: the account (404 when there is none) and the profile, if made yet. */
async function storedProfile(db: Database, userId: string) {
  const [[account], profile] = await Promise.all([
    db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)),
    getProfile(db, userId),
  ]);
  if (!account) throw data({ error: "Profilen findes ikke." }, { status: 404 });
  return { account, profile };
}

function sameInstant(sent: unknown, stored: Date) {
  return typeof sent === "string" && new Date(sent).getTime() === stored.getTime();
}

/**
 * Spec §7's client sends the whole record back. A field the server owns may come back only as the server has it
 * (a time as the same instant in any notation, the e-mail in any case); any other value is answered with 400
 * naming the field, before anything is written.
 */
function refuseServerOwnedChanges(stored: Awaited<ReturnType<typeof storedProfile>>, sent: Record<string, unknown>) {
  const { account, profile } = stored;
  const unchanged: Record<ServerOwnedField, (value: unknown) => boolean> = {
    email: (value) => typeof value === "string" && value.trim().toLowerCase() === account.email,
    role: (value) => value === account.role,
    // A profile not made yet has no times to change.
    last_login_at: (value) => !profile || sameInstant(value, profile.lastLoginAt),
    updated_at: (value) => !profile || sameInstant(value, profile.updatedAt),
    avatar_url: (value) => value === (profile?.avatarUrl ?? null),
  };
  const changed = (Object.keys(unchanged) as ServerOwnedField[]).filter(
    (field) => field in sent && !unchanged[field](sent[field]),
  );
  if (changed.length === 0) return;
  throw data(
    {
      error: serverOwnedMessage(changed),
      fieldErrors: Object.fromEntries(changed.map((field) => [field, [serverOwnedFields[field]]])),
    },
    { status: 400 },
  );
}

export async function profileResponse(db: Database, userId: string) {
  const profile = await getProfile(db, userId);
  if (!profile) throw data({ error: "Profilen findes ikke." }, { status: 404 });
  return { data: profileJson(profile), authenticated: true };
}

/**
 * Spec §7's two changing calls. POST /api/prisma/create-profile/ makes the caller's profile from their account when
 * it is missing (the sign-in normally has), then applies the name, address or phone the body gives. PATCH
 * /api/prisma/update-profile/{id} (`profileId`) changes those of an existing profile, the one the body names too.
 */
export async function changeProfileByApi(db: Database, auth: Auth, request: Request, profileId?: string) {
  const method = profileId === undefined ? "POST" : "PATCH";
  if (request.method !== method) throw methodNotAllowed(method);
  if (profileId !== undefined) await requireProfileAccess(auth, request, profileId);
  const { changes, sent } = await readProfileBody(request);
  const { userId } = changes;
  if (profileId === undefined) await requireProfileAccess(auth, request, userId);
  else if (userId !== profileId) {
    throw data({ error: "Ugyldige data.", fieldErrors: { userId: ["Skal være profilens id"] } }, { status: 400 });
  }
  const stored = await storedProfile(db, userId);
  if (profileId !== undefined && !stored.profile) throw data({ error: "Profilen findes ikke." }, { status: 404 });
  refuseServerOwnedChanges(stored, sent);
  await changeProfile(db, userId, changes, { createMissing: profileId === undefined });
  return profileResponse(db, userId);
}
