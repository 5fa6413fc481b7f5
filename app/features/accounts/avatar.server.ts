import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, userFiles } from "~/db/schema";
import { publicFileUrl } from "~/features/storage/storage";
import type { Storage } from "~/features/storage/storage.server";
import { inProcessImageEncoder, type ImageEncoder } from "~/features/media/image-encoder.server";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export class AvatarError extends Error {}

/**
 * Checks the upload by its content (sharp must read it as an image, whatever its name says), stores it
 * resized to 50×50 under a generated name in the "users" bucket, records it as the user's, points the profile
 * at it and removes the previous one: only a file recorded for this same user is ever removed.
 */
export async function replaceAvatar(
  db: Database,
  storage: Storage,
  userId: string,
  upload: File,
  images: ImageEncoder = inProcessImageEncoder,
) {
  if (upload.size === 0) throw new AvatarError("Intet billed at uploade");
  if (upload.size > AVATAR_MAX_BYTES) throw new AvatarError("Billedet må højst fylde 5 MB");
  const resized = await images.avatar(new Uint8Array(await upload.arrayBuffer()));
  if (!resized) throw new AvatarError("Filen er ikke et billede (JPEG, PNG, WebP, GIF eller AVIF)");
  const key = await storage.store("users", "webp", resized, "image/webp");
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      await tx.insert(userFiles).values({ key, userId });
      const [previous] = await tx
        .select({ avatarKey: profiles.avatarKey })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .for("update");
      await tx.update(profiles).set({ avatarKey: key }).where(eq(profiles.userId, userId));
      if (!previous?.avatarKey) return [];
      const forgotten = await tx
        .delete(userFiles)
        .where(and(eq(userFiles.key, previous.avatarKey), eq(userFiles.userId, userId)))
        .returning({ key: userFiles.key });
      return forgotten.map((file) => file.key);
    });
  } catch (error) {
    await storage.removeAll([key]);
    throw error;
  }
  await storage.removeAll(replaced);
  return publicFileUrl(key);
}
