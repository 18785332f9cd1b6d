import { PageLoading } from '@web/components/page-loading';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';

export const profileLoadFailed = 'Failed to load your profile. Please try again.';

/** Loading and failure states shared by the sections that need the profile. */
export function SectionLoading() {
  return <PageLoading />;
}

export function SectionFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Banner tone="error">{message}</Banner>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h1 id={id} className="text-2xl font-bold text-ink">
      {children}
    </h1>
  );
}
