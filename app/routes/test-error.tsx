/** Lets the end-to-end tests force a server error. Loopback only, with ENABLE_TEST_ROUTES (features/accounts/access.ts). */
export function loader() {
  throw new Error("Forced test error (ENABLE_TEST_ROUTES)");
}

// A page route (not a resource route), so its error renders in the root error boundary.
export default function TestError() {
  return null;
}
