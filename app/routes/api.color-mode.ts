import { data, redirect } from "react-router";
import { z } from "zod";
import { colorModeCookie, colorModes } from "~/features/color-mode/color-mode";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/api.color-mode";
import { readFormData } from "~/lib/request-body.server";
import { answer, parseSubmission } from "~/lib/form";

const colorModeFormSchema = z.object({
  colorMode: z.enum(colorModes),
  redirectTo: z.string().optional(),
});

/** Stores the colour mode. A plain form post (no JavaScript) is sent back to the page it came from. */
export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseSubmission(await readFormData(request), colorModeFormSchema);
  if (!submission.ok) return answer({ formError: "Ukendt farvetema" }, 400);
  const { colorMode, redirectTo } = submission.value;

  const headers = { "Set-Cookie": colorModeCookie(colorMode, { secure: url.protocol === "https:" }) };
  if (redirectTo !== undefined) throw redirect(safeRedirectPath(redirectTo), { headers });
  return data({ colorMode }, { headers });
}

export const loader = () => redirect("/");
