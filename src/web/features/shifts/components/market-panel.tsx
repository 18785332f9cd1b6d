import { useId } from 'react';
import { formatShiftDate } from '@shared/date-format';
import { marketRateTexts as t } from '@shared/fill/market-rate-texts';
import {
  shiftPreviewQueryOf,
  shiftPreviewQuerySchema,
  type ShiftPreviewQueryInput,
} from '@shared/fill/shift-preview';
import { practiceInstant } from '@shared/practice/shift-dates';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useShiftPreview } from '../api/shift-preview';

/** How long the fields must rest before the preview is asked again. */
const SETTLE_MS = 300;

/** The new-shift form's fields the panel reads, as the form holds them. */
export interface MarketPanelFields {
  position: string;
  dates: string[];
  startTime: string;
  endTime: string;
  rate: string;
  locationId: string;
  requirements: string[];
}

/**
 * The query the fields make once they have rested, or why there is none yet: a field still
 * empty (the panel says what it needs) or refused by the new-shift rules (their message).
 */
function settledQuery(fields: MarketPanelFields, settled: string) {
  const required = [fields.position, fields.dates[0], fields.startTime, fields.endTime];
  if (required.some((value) => !value) || !fields.rate || !fields.locationId) {
    return { query: null, note: t.needsFields };
  }
  const query = Object.fromEntries(
    new URLSearchParams(settled),
  ) as Required<ShiftPreviewQueryInput>;
  const checked = shiftPreviewQuerySchema.safeParse(query);
  if (!checked.success) return { query: null, note: checked.error.issues[0]!.message };
  return { query, note: null };
}

/**
 * Under the new-shift form's rate: what shifts of this role filled at nearby in the last 90 days
 * (or that there is not enough history), and how many verified professionals the shift would
 * reach at the rate typed and at the market's rates. Asked once the fields rest for SETTLE_MS;
 * the previous answer stays until the next arrives; nothing is posted.
 */
export function MarketPanel({ fields }: { fields: MarketPanelFields }) {
  const headingId = useId();
  const dates = [...fields.dates].sort();
  const asked = new URLSearchParams(
    shiftPreviewQueryOf({ ...fields, date: dates[0] ?? '' }),
  ).toString();
  const settled = useDebouncedValue(asked, SETTLE_MS);
  const { query, note } = settledQuery(fields, settled);
  const preview = useShiftPreview(query);
  const firstDate = dates.length > 1 ? practiceInstant(dates[0]!, '12:00') : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-ink"
    >
      <h3 id={headingId} className="font-semibold">
        {t.heading}
      </h3>
      <div className="mt-2 space-y-2" aria-live="polite" aria-busy={preview.isFetching}>
        {query === null ? (
          <p className="text-slate-700">{note}</p>
        ) : (
          <QueryState
            query={preview}
            failed={errorText(preview.error, t.failed)}
            loadingText={t.loading}
          >
            {(answer) => (
              <>
                {answer.band ? (
                  <p>
                    {t.band(answer.band)} {t.middle(answer.band)}
                  </p>
                ) : (
                  <p>{t.noBand}</p>
                )}
                <p>{t.reach(answer.reach, fields.requirements.length > 0)}</p>
                {firstDate ? (
                  <p className="text-slate-700">{t.firstDate(formatShiftDate(firstDate))}</p>
                ) : null}
                {preview.isPlaceholderData && preview.isFetching ? (
                  <p className="text-slate-600">{t.updating}</p>
                ) : null}
              </>
            )}
          </QueryState>
        )}
      </div>
    </section>
  );
}
