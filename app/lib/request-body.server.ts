import { data } from "react-router";

/** Put into a body stream that grows past its route's limit (server/body-limits.ts). */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

function causedByTooLarge(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof BodyTooLargeError) return true;
  }
  return false;
}

export const bodyMessages = {
  tooLarge: "Det sendte er for stort.",
  unreadable: "Formularen kunne ikke læses.",
  notJson: "Forventede JSON.",
} as const;

/** The submitted form, or why there is none: past the route's limit, or not a form at all. */
export async function tryReadFormData(request: Request): Promise<FormData | "too-large" | "unreadable"> {
  try {
    return await request.formData();
  } catch (error) {
    return causedByTooLarge(error) ? "too-large" : "unreadable";
  }
}

/**
 * The submitted form of an action. A body that is not a form (broken multipart, JSON, nothing) is the
 * sender's mistake, answered 400 in Danish; one past the route's limit 413. Never a 500.
 */
export function readFormData(request: Request): Promise<FormData> {
  return readBody(() => request.formData(), bodyMessages.unreadable);
}

/** Reads a body one way; a body past the route's limit is 413, one that does not read so is 400 with `unreadable`. */
async function readBody<T>(read: () => Promise<T>, unreadable: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (causedByTooLarge(error)) throw data({ error: bodyMessages.tooLarge }, { status: 413 });
    throw data({ error: unreadable }, { status: 400 });
  }
}

/** The JSON body of an API call, or 400 (413 past the route's limit). */
export function readJson(request: Request): Promise<unknown> {
  return readBody(() => request.json(), bodyMessages.notJson);
}

/** The raw text of a body (a signed webhook event), or 413 past the route's limit. */
export function readText(request: Request): Promise<string> {
  return readBody(() => request.text(), bodyMessages.unreadable);
}
