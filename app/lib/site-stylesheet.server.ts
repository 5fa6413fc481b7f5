import { readFileSync } from "node:fs";
import path from "node:path";
import { stylesheetHref } from "./site-stylesheet";

let text: string | undefined;

/** The built stylesheet's text, read once from the client build that the server serves. */
export function siteStylesheetText() {
  if (import.meta.env.DEV) return "";
  text ??= readFileSync(path.resolve("build/client", `.${stylesheetHref}`), "utf8");
  return text;
}
