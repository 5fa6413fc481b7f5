import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { getProfile, type Profile } from "./profile.server";
import { getSessionUser, type SessionUser } from "./session.server";

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

/** The API's caller, allowed to act on `userId`: themselves, or anyone for an admin. Else 401/403 as JSON. */
export async function requireProfileAccess(request: Request, userId: string): Promise<SessionUser> {
  const caller = await getSessionUser(request);
  if (!caller) throw data({ error: "Du skal være logget ind." }, { status: 401 });
  if (caller.id !== userId && !caller.isAdmin) throw data({ error: "Ingen adgang." }, { status: 403 });
  return caller;
}

export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.output<Schema>> {
  const body: unknown = await request.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw data({ error: "Ugyldige data.", fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  return parsed.data;
}

export async function profileResponse(db: Database, userId: string) {
  const profile = await getProfile(db, userId);
  if (!profile) throw data({ error: "Profilen findes ikke." }, { status: 404 });
  return { data: profileJson(profile), authenticated: true };
}

export async function updateProfileFields(
  db: Database,
  userId: string,
  fields: { name?: string; email?: string; lastLoginAt?: Date; avatarUrl?: string | null },
) {
  const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length > 0) await db.update(profiles).set(values).where(eq(profiles.userId, userId));
}
