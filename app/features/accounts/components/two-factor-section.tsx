import { Form } from "react-router";
import { CodeField, CurrentPasswordField, DoneLine, SubmitButton } from "./forms";

export interface TwoFactorSetup {
  totpURI: string;
  secret: string;
  qrCode: string;
  backupCodes?: string[];
}

/** The second factor's part of "Mine oplysninger": what the last answer says, else the form for the next step. */
export function TwoFactorSection({
  enabled,
  answer,
  busy,
}: {
  enabled: boolean;
  answer?: { done?: string; setup?: TwoFactorSetup; fieldErrors?: Record<string, string[] | undefined> };
  busy: (intent: "enable-2fa" | "confirm-2fa" | "disable-2fa") => boolean;
}) {
  if (answer?.done) return <DoneLine done={answer.done} />;
  if (answer?.setup) {
    const { setup } = answer;
    return (
      <div className="mt-6 grid gap-6">
        <p>
          Scan QR-koden med en godkendelses-app (fx Google Authenticator, Microsoft Authenticator eller 1Password), og
          skriv koden fra appen.
        </p>
        <img
          src={setup.qrCode}
          alt="QR-kode til din godkendelses-app"
          width={192}
          height={192}
          className="rounded-lg bg-white p-2"
        />
        <p className="text-sm">
          Kan du ikke scanne? Skriv nøglen:{" "}
          <code data-testid="totp-secret" className="rounded bg-surface-sunken px-1.5 py-0.5 break-all">
            {setup.secret}
          </code>
        </p>
        {setup.backupCodes && (
          <div>
            <h3 className="font-bold">Dine backup-koder</h3>
            <p className="text-sm text-muted">
              Gem dem et sikkert sted. Hver kode kan bruges én gang, hvis du mister telefonen.
            </p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
              {setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        )}
        <Form method="post" className="grid max-w-md gap-5" noValidate>
          <input type="hidden" name="intent" value="confirm-2fa" />
          <input type="hidden" name="totpURI" value={setup.totpURI} />
          <CodeField label="Kode fra appen" name="code" errors={answer.fieldErrors?.code} />
          <SubmitButton busy={busy("confirm-2fa")} label="Slå totrinsbekræftelse til" />
        </Form>
      </div>
    );
  }
  const intent = enabled ? "disable-2fa" : "enable-2fa";
  return (
    <Form method="post" className="mt-6 grid max-w-md gap-5" noValidate>
      {enabled ? (
        <p>Totrinsbekræftelse er slået til.</p>
      ) : (
        <p className="text-muted">Beskyt kontoen med en kode fra en app på din telefon, når du logger ind.</p>
      )}
      <input type="hidden" name="intent" value={intent} />
      <CurrentPasswordField label="Adgangskode" name="password" errors={answer?.fieldErrors?.password} />
      <SubmitButton
        busy={busy(intent)}
        variant="secondary"
        label={enabled ? "Slå totrinsbekræftelse fra" : "Kom i gang"}
      />
    </Form>
  );
}
