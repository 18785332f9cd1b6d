import { Megaphone, Pencil } from 'lucide-react';
import { boostTexts } from '@shared/fill/boost-texts';
import { whyNotTexts } from '@shared/fill/why-not-texts';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { QueryState } from '@web/components/ui/query-state';
import { Button } from '@web/components/ui/button';
import { errorText } from '@web/lib/error-text';
import { useWhyNot } from '../api/why-not';

/**
 * "Why isn't this filling?" of one open shift: of the verified professionals of its role near
 * it, how many it reaches, how many each rule alone leaves out, and the one change that would
 * reach the most, with the shift's edit form when the change is one of its hours or rate, and its
 * Boost dialog when it is to tell more professionals.
 * Loaded and mounted only when the practice opens it.
 */
export default function WhyNotPanel({
  id,
  shiftId,
  position,
  date,
  headingLevel,
  onEdit,
  onWiden,
}: {
  /** The panel's element id (the control's aria-controls). */
  id: string;
  shiftId: string;
  position: ShiftPosition;
  /** The shift's date as its heading says it, for the edit button's name. */
  date: string;
  /** One level under the shift's own heading. */
  headingLevel: 4 | 5;
  onEdit?: () => void;
  /** Opens the shift's Boost dialog on "Tell more professionals" (the widen change). */
  onWiden?: () => void;
}) {
  const Heading = headingLevel === 5 ? 'h5' : 'h4';
  const query = useWhyNot(shiftId);
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-ink"
    >
      <Heading id={headingId} className="font-semibold">
        {whyNotTexts.heading}
      </Heading>
      <div className="mt-2 space-y-2">
        <QueryState
          query={query}
          failed={errorText(query.error, whyNotTexts.failed)}
          loadingText={whyNotTexts.loading}
        >
          {(answer) => {
            const change = answer.bestChange;
            const note = change ? whyNotTexts.changeNote(change) : null;
            const editable = change?.kind === 'rate' || change?.kind === 'time';
            return (
              <>
                <p>
                  {whyNotTexts.summary(position, answer)} {whyNotTexts.leftOut(answer)}
                </p>
                {answer.leftOutBy.bookedThen > 0 ? (
                  <p className="text-slate-700">{whyNotTexts.bookedNote}</p>
                ) : null}
                {change ? (
                  <p>
                    <span className="font-medium">{whyNotTexts.bestChangeLead}</span>{' '}
                    {whyNotTexts.change(change)}
                  </p>
                ) : (
                  <p>{whyNotTexts.noChange}</p>
                )}
                {note ? <p className="text-slate-700">{note}</p> : null}
                {editable && onEdit ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    onClick={onEdit}
                    aria-label={`${whyNotTexts.edit} on ${date}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    {whyNotTexts.edit}
                  </Button>
                ) : null}
                {change?.kind === 'widen' && onWiden ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    onClick={onWiden}
                    aria-label={`${boostTexts.fromWhyNot} on ${date}`}
                  >
                    <Megaphone className="h-4 w-4" aria-hidden="true" />
                    {boostTexts.fromWhyNot}
                  </Button>
                ) : null}
              </>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}
