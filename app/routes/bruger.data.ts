import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { profileJson } from "~/features/accounts/profile-api.server";
import { getProfile } from "~/features/accounts/profile.server";
import { requireUser } from "~/features/accounts/session.server";
import type { Route } from "./+types/bruger.data";

/** GDPR art. 15 and 20: everything we hold about the signed-in user, as a JSON download. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const db = getDb();
  const [[account], profile, userSessions] = await Promise.all([
    db
      .select({
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        twoFactorEnabled: users.twoFactorEnabled,
      })
      .from(users)
      .where(eq(users.id, user.id)),
    getProfile(db, user.id),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
  ]);
  const body = {
    exportedAt: new Date().toISOString(),
    account,
    profile: profile ? profileJson(profile) : null,
    sessions: userSessions,
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="mine-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
