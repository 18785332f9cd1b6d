import { PageLoading } from '@web/components/page-loading';

export const profileLoadFailed = 'Failed to load your profile. Please try again.';

/** Loading and failure states shared by the sections that need the profile. */
export function SectionLoading() {
  return <PageLoading />;
}

/** A section whose data could not be loaded (components/ui/query-state). */
export { LoadFailed as SectionFailed } from '@web/components/ui/query-state';

export function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h1 id={id} className="text-2xl font-bold text-ink">
      {children}
    </h1>
  );
}
