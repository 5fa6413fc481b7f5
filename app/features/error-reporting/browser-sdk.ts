// Named imports only, so the bundler keeps just what is used of the SDK; loaded on demand by ./browser.ts.
export { captureException, init, linkedErrorsIntegration } from "@sentry/react-router";
