import type { AccountPart } from "~/features/accounts/account-parts.server";
import { confirmAccountSubscription, verificationConfirmsNewsletter } from "./sign-up.server";
import { forgetSubscription, subscriptionOf } from "./subscription.server";

/**
 * The newsletter's part of an account (decision 055). The subscription is kept by address, as a fan may subscribe
 * without an account: the account's address's is its.
 */
export const newsletterAccountPart: AccountPart = {
  async exportData(db, account) {
    const newsletter = await subscriptionOf(db, account.email);
    return {
      newsletter: newsletter && {
        ...newsletter,
        note: "consentWording er den tekst, du sagde ja til, ord for ord; source er, hvor du tilmeldte dig; requestedAt og confirmedAt er, hvornår du bad om nyhedsbrevet og bekræftede det.",
      },
    };
  },
  // Forgets the address's subscription with its consent.
  beforeDelete: async (db, account) => void (await forgetSubscription(db, { email: account.email })),
  // The link proved the address, so the newsletter ticked at the account's sign-up needs no mail of its own.
  afterEmailVerified: async (db, email) => void (await confirmAccountSubscription(db, email)),
  async verificationNote(db, email, request, siteName) {
    return (await verificationConfirmsNewsletter(db, email, request))
      ? `Du har også bedt om nyhedsbrevet fra ${siteName}. Når du bekræfter din adresse, kommer du på listen. Du kan altid afmelde dig med ét klik nederst i hvert brev.`
      : null;
  },
};
