import { message } from "~/features/email/messages";

/** The double opt-in: the address is on the list only once this link is opened. */
export function confirmSubscriptionMessage(siteName: string, to: string, confirmUrl: string) {
  return message(
    siteName,
    to,
    `Bekræft din tilmelding til nyhedsbrevet fra ${siteName}`,
    [
      "Hej",
      `Nogen, forhåbentlig dig, har bedt om at få nyhedsbrevet fra ${siteName} på denne adresse.`,
      "Åbn linket, og tryk på knappen for at bekræfte. Først da kommer du på listen. Linket virker i 30 dage.",
      "Har du ikke bedt om det, så se bort fra denne e-mail. Så hører du ikke mere fra os.",
    ],
    [{ url: confirmUrl, label: "Bekræft tilmelding" }],
  );
}
