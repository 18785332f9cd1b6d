import { formatMoment } from '@shared/date-format';
import { blockMessages } from '@shared/trust/blocks-constants';
import { QueryState } from '@web/components/ui/query-state';
import { useAllBlocks } from '@web/features/bookings/api/blocks';

const byLabels = { practice: 'The practice', professional: 'The professional' } as const;

/** Staff console → Blocks: every block between a practice and a professional, newest first. */
export function AdminBlocksSection() {
  const blocks = useAllBlocks();
  return (
    <section aria-labelledby="blocks-heading" className="space-y-4">
      <h1 id="blocks-heading" className="text-2xl font-bold text-ink">
        Blocks
      </h1>
      <p className="text-slate-700">
        Blocks are private between ChairFill and the side that made them: the other side is never
        told. A block keeps the professional from seeing, applying for, booking or being told of the
        practice’s shifts.
      </p>
      <QueryState
        query={blocks}
        failed={blockMessages.listFailed}
        loadingText="Loading…"
        empty={{ when: (data) => data.blocks.length === 0, message: 'No blocks.' }}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.blocks.map((block) => (
              <li
                key={`${block.practiceId}-${block.professionalId}-${block.blockedBy}`}
                className="space-y-1 p-4 text-sm"
              >
                <p className="break-words font-semibold text-ink">
                  {block.practiceName} · {block.professionalName}
                </p>
                <p className="text-slate-700">
                  {byLabels[block.blockedBy]} blocked on{' '}
                  <time dateTime={block.blockedAt}>{formatMoment(block.blockedAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
