import { Banner } from '@web/components/ui/banner';

export const shiftsLoadFailed = 'Failed to load shifts. Please try again.';

export function ShiftsLoading() {
  return (
    <p role="status" className="text-slate-700">
      Loading shifts…
    </p>
  );
}

export function ShiftsLoadError() {
  return <Banner tone="error">{shiftsLoadFailed}</Banner>;
}

export function EmptyShifts({ message }: { message: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
      {message}
    </p>
  );
}
