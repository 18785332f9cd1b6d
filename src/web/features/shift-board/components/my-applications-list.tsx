import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { bookingMessages, type MyApplicationDto } from '@shared/marketplace/bookings';
import { formatMoney } from '@shared/money';
import { PageLoading } from '@web/components/page-loading';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { Detail } from '@web/components/ui/detail';
import {
  actionErrorText,
  shiftDateText,
  shiftTimeText,
  shortShiftDateText,
} from '@web/features/bookings/booking-text';
import { focusAfterUpdate } from '@web/features/bookings/focus-after-update';
import { ApplicationStatusBadge } from '@web/features/bookings/components/status-badge';
import { useMyApplications } from '../api/my-applications';
import { useWithdrawApplication } from '../api/withdraw-application';

/** The professional's applications, newest first, each with its status and, while undecided, Withdraw. */
export function MyApplicationsList() {
  const applications = useMyApplications();
  if (applications.isPending) return <PageLoading />;
  if (applications.isError) {
    return (
      <div className="space-y-3">
        <Banner tone="error">{bookingMessages.loadFailed}</Banner>
        <Button variant="secondary" onClick={() => void applications.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = [...applications.data].sort(
    (a, b) => Date.parse(b.appliedAt) - Date.parse(a.appliedAt),
  );
  if (list.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700 shadow-sm sm:p-6">
        You have not applied for any shifts yet. Shifts that take applications have an Apply button
        on the Matching Shifts tab.
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="My applications">
      {list.map((application) => (
        <ApplicationItem key={application.id} application={application} />
      ))}
    </ul>
  );
}

function ApplicationItem({ application }: { application: MyApplicationDto }) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const withdraw = useWithdrawApplication();
  const { shift } = application;

  const withdrawApplication = async () => {
    try {
      await withdraw.mutateAsync(application.id);
      toast.success(bookingMessages.withdrawn);
    } catch (error) {
      toast.error(actionErrorText(error, bookingMessages.actionFailed));
    }
    // The Withdraw button is gone: keep the focus on this application.
    focusAfterUpdate(() => titleRef.current);
  };

  return (
    <li
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="font-semibold text-ink">
            {shiftDateText(shift.startTime)}
          </h2>
          <p className="text-slate-700">{shiftTimeText(shift.startTime, shift.endTime)}</p>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Practice" value={shift.practiceName} />
        <Detail term="Position" value={shift.position} />
        <Detail term="Rate" value={`${formatMoney(shift.rateCents)}/hr`} />
        <Detail term="Applied" value={shiftDateText(application.appliedAt)} />
        <Detail
          term="Location"
          value={`${shift.location.name}${shift.location.address ? `, ${shift.location.address}` : ''}`}
          className="sm:col-span-2"
        />
        {application.note ? (
          <Detail term="Your note" value={application.note} className="sm:col-span-2" />
        ) : null}
      </dl>
      {application.canWithdraw ? (
        <div className="mt-3 flex justify-end">
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            disabled={withdraw.isPending}
            onClick={() => void withdrawApplication()}
            aria-label={`Withdraw application for ${shift.position} shift on ${shortShiftDateText(shift.startTime)}`}
          >
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
