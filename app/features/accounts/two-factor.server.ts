import QRCode from "qrcode";
import type { TwoFactorSetup } from "./components/two-factor-section";

/** What the authenticator app needs: the QR code, and the key for typing in by hand. */
export async function twoFactorSetup(totpURI: string, backupCodes?: string[]): Promise<TwoFactorSetup> {
  const svg = await QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    totpURI,
    secret: new URL(totpURI).searchParams.get("secret") ?? "",
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    backupCodes,
  };
}
