import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageLoading } from '@web/components/page-loading';
import { Banner } from './banner';
import { Button } from './button';

/** A load that failed: the screen's message (announced) and Try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Banner tone="error">{message}</Banner>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What a section shows when there is nothing yet: the spec's empty text, in a quiet box. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{children}</p>
  );
}

interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isLoadingError' | 'refetch'>;
  /** The screen's failure text, shown with Try again when the first load failed. */
  failed: string;
  /** When the answer counts as empty, and what to say then. */
  empty?: { when: (data: T) => boolean; message: ReactNode };
  /** Inside a card or dialog: what is loading, in a line (else the page's spinner). */
  loadingText?: string;
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows a query's states: loading, a first load that failed (message and
 * Try again), empty (the spec's text), else its content. A refetch that fails keeps the content.
 */
export function QueryState<T>({ query, failed, empty, loadingText, children }: QueryStateProps<T>) {
  if (query.isLoadingError) {
    return <LoadFailed message={failed} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending || query.data === undefined) {
    return loadingText ? (
      <p role="status" className="text-slate-700">
        {loadingText}
      </p>
    ) : (
      <PageLoading />
    );
  }
  if (empty && empty.when(query.data)) return <EmptyState>{empty.message}</EmptyState>;
  return <>{children(query.data)}</>;
}
