import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import type { ActionAnswer } from "~/lib/form";

export interface LetterRow {
  id: string;
  subject: string;
  /** In Danish. */
  status: string;
  /** "Sendt 04.12.26 kl. 10.00", "Planlagt til …", "Oprettet …". */
  when: string;
  /** The messages of a send that began; null before. */
  recipients: number | null;
  digest: boolean;
}

export const letterPath = (id: string) => `/admin/nyhedsbrev/breve/${id}`;

/** "Skriv nyt brev", and the letters, newest first, each to its own page. */
export function LetterList({ letters, answer }: { letters: LetterRow[]; answer?: ActionAnswer }) {
  return (
    <div className="grid gap-4">
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="new-letter" className={buttonStyles.primary}>
          Skriv nyt brev
        </button>
        {answer?.intent === "new-letter" && answer.formError && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {answer.formError}
          </p>
        )}
      </Form>
      {letters.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-muted">
          Der er ingen breve endnu.
        </p>
      ) : (
        <CardTable columns={["Emne", "Status", "Tidspunkt", "Modtagere"]} widths={["md:w-1/2"]}>
          {letters.map((letter) => (
            <tr key={letter.id} className="border-b border-border align-middle">
              <th scope="row" className="py-3 pr-4 font-medium max-md:basis-full max-md:text-base">
                <Link
                  to={letterPath(letter.id)}
                  className="font-semibold text-accent underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                >
                  {letter.subject}
                </Link>
                {letter.digest && <span className="ml-2 text-sm font-normal text-muted">(månedsbrev)</span>}
              </th>
              <td className="py-3 pr-4">{letter.status}</td>
              <td className="py-3 pr-4 max-md:basis-full">{letter.when}</td>
              <td className="py-3 tabular-nums max-md:basis-full" data-label="Modtagere">
                {letter.recipients === null ? "–" : letter.recipients.toLocaleString("da-DK")}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </div>
  );
}
