import { Link } from "react-router";
import { contentTypes } from "~/features/content/content-types";

/**
 * "Moms" under Priser og regler (decision 054): each kind of sale with its treatment by Skat's rule and why, and the
 * one choice the venue makes, whether it has registered voluntarily for letting to businesses.
 */
export function VatSettingsFields({
  rentVoluntarilyRegistered,
  addOns,
}: {
  rentVoluntarilyRegistered: boolean;
  addOns: { id: string; name: string; vat: string }[];
}) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-2xl border border-border p-5">
      <legend className="px-1 font-display text-xl font-bold">Moms</legend>
      <div>
        <h2 className="font-semibold">
          Leje af salen: {rentVoluntarilyRegistered ? "momsfri, 25 % moms for erhverv" : "momsfri"}
        </h2>
        <p className="text-sm text-muted">
          Udlejning af lokaler er fritaget for moms (momslovens § 13, stk. 1, nr. 8). Er spillestedet frivilligt
          momsregistreret for udlejning, lægges 25 % moms på lejen til erhverv; private, foreninger og offentlige
          institutioner betaler stadig momsfri leje.
        </p>
        <label className="mt-2 flex items-center gap-3">
          <input
            type="checkbox"
            name="rentVoluntarilyRegistered"
            defaultChecked={rentVoluntarilyRegistered}
            className="size-5 accent-accent"
          />
          Frivilligt momsregistreret for udlejning til erhverv
        </label>
      </div>
      <div>
        <h2 className="font-semibold">Tilvalg: 25 % moms</h2>
        <p className="text-sm text-muted">
          Ydelser ud over lejen (lydtekniker, rengøring, opstilling) har 25 % moms. Et tilvalg, der er en del af selve
          udlejningen (fx flere timer i salen), kan følge lejens moms: det vælges på tilvalget.
        </p>
        {addOns.length > 0 && (
          <ul className="mt-2 divide-y divide-border text-sm">
            {addOns.map((addOn) => (
              <li key={addOn.id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
                <Link to={`${contentTypes.addOn.path}/${addOn.id}`} className="underline underline-offset-2">
                  {addOn.name}
                </Link>
                <span className="text-muted">{addOn.vat}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="font-semibold">Billetter og gebyr: 25 % moms</h2>
        <p className="text-sm text-muted">
          Koncerter er ikke omfattet af fritagelsen for kulturelle ydelser (momslovens § 13, stk. 1, nr. 6), og
          billetgebyret følger billetten.
        </p>
      </div>
      <div>
        <h2 className="font-semibold">Sikkerhedsdepositum: uden for moms</h2>
        <p className="text-sm text-muted">Det betales tilbage efter lejen og er ikke et salg.</p>
      </div>
    </fieldset>
  );
}
