import { useId } from 'react';
import { toast } from 'sonner';
import { formatMoment } from '@shared/date-format';
import { blockMessages, type BlockSide } from '@shared/trust/blocks-constants';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import { useBlock, useOwnBlocks } from '@web/features/bookings/api/blocks';

/** Settings → the professionals a practice blocked, or the practices a professional blocked. */
export function BlockedListCard({ side }: { side: BlockSide }) {
  const blocks = useOwnBlocks(side);
  const unblock = useBlock(side);
  const texts = blockMessages[side];
  const headingId = useId();
  const hintId = useId();
  const undo = async (id: string, name: string) => {
    try {
      await unblock.mutateAsync({ id, block: false });
      toast.success(texts.undone(name));
    } catch (error) {
      toast.error(errorText(error, blockMessages.unblockFailed));
    }
  };
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={hintId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {texts.title}
      </h2>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        {texts.hint}
      </p>
      <div className="mt-4">
        <QueryState
          query={blocks}
          failed={blockMessages.listFailed}
          loadingText="Loading…"
          empty={{ when: (data) => data.blocks.length === 0, message: texts.empty }}
        >
          {(data) => (
            <ul className="divide-y divide-slate-200">
              {data.blocks.map((block) => (
                <li
                  key={block.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <div className="min-w-0">
                    <p className="break-words font-medium text-ink">{block.name}</p>
                    <p className="text-sm text-slate-600">
                      Blocked on{' '}
                      <time dateTime={block.blockedAt}>{formatMoment(block.blockedAt)}</time>
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    disabled={unblock.isPending}
                    aria-label={`${blockMessages.unblock} ${block.name}`}
                    onClick={() => void undo(block.id, block.name)}
                  >
                    {blockMessages.unblock}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
