import type { ErrorEvent } from "@sentry/react-router";
import { describe, expect, it } from "vitest";
import { BREADCRUMB_TEXT_LIMIT, trimBreadcrumb, withoutPersonalData } from "./options";

describe("what an error report may carry", () => {
  it("keeps no user, cookies, headers, query strings or values of a failed query", () => {
    const event = withoutPersonalData({
      type: undefined,
      user: { email: "ane@example.dk", ip_address: "203.0.113.9" },
      request: {
        url: "https://havnescenen.dk/nulstil-adgangskode?token=hemmelig",
        method: "GET",
        cookies: { s: "x" },
        headers: { cookie: "s=x" },
      },
      exception: {
        values: [
          {
            type: "DrizzleQueryError",
            value: 'Failed query: insert into "profiles" ("email") values ($1)\nparams: ane@example.dk,Kajen 3',
          },
          {
            type: "error",
            value:
              'duplicate key value violates unique constraint "users_email_key" Key (email)=(ane@example.dk) already exists.',
          },
        ],
      },
    } as ErrorEvent);
    const text = JSON.stringify(event);
    for (const secret of ["ane@example.dk", "Kajen 3", "hemmelig", "203.0.113.9", "cookie"])
      expect(text).not.toContain(secret);
    expect(event.exception!.values![0]!.value).toContain('insert into "profiles"');
    expect(event.exception!.values![1]!.value).toContain("Key (email)=([skjult])");
  });

  it("cuts breadcrumb text at 1024 characters and drops query strings from links", () => {
    const crumb = trimBreadcrumb({
      message: "x".repeat(5000),
      data: { url: "/success?ordre=1&session_id=cs_123", from: "/a?b=c", to: "/kurv" },
    });
    expect(crumb.message).toHaveLength(BREADCRUMB_TEXT_LIMIT);
    expect(crumb.data).toEqual({ url: "/success", from: "/a", to: "/kurv" });
  });
});
