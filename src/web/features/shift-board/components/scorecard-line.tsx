import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { practiceScorecardTexts } from '@shared/trust/practice-scorecard-constants';
import type { BoardScorecards, ScorecardWait } from '../api/board-scorecards';

const waitTexts: Record<ScorecardWait, string | null> = {
  loading: practiceScorecardTexts.summaryLoading,
  failed: practiceScorecardTexts.summaryFailed,
  none: null,
};

/**
 * A Find Shifts card's line about the practice: its fill rate, late cancellations and rating (or
 * "New on ChairFill"), from the board's one batch of scorecards, and the link to its page.
 */
export function ScorecardLine({
  practiceId,
  practiceName,
  scorecards,
}: {
  practiceId: string;
  practiceName: string;
  scorecards: BoardScorecards;
}) {
  const card = scorecards.of(practiceId);
  const text = typeof card === 'string' ? waitTexts[card] : practiceScorecardTexts.summary(card);
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
      {text ? (
        <p className="flex min-w-0 items-start gap-2 text-slate-800">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="[overflow-wrap:anywhere]">
            <span className="sr-only">{practiceScorecardTexts.summaryLabel(practiceName)}: </span>
            {text}
          </span>
        </p>
      ) : null}
      <Link
        to={`practices/${practiceId}`}
        relative="path"
        className="font-semibold text-brand-700 underline"
        aria-label={practiceScorecardTexts.aboutLinkLabel(practiceName)}
      >
        {practiceScorecardTexts.aboutLink}
      </Link>
    </div>
  );
}
