import { data } from "react-router";
import { getConfig } from "~/config/env.server";

/** Lets the end-to-end tests force a server error. Answers 404 unless ENABLE_TEST_ROUTES is set. */
export function loader() {
  if (!getConfig().ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  throw new Error("Forced test error (ENABLE_TEST_ROUTES)");
}

// A page route (not a resource route), so its error renders in the root error boundary.
export default function TestError() {
  return null;
}
