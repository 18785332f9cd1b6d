import { useRef } from 'react';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import { formatShiftAddress } from '@shared/address-format';
import { formatHourlyRate } from '@shared/money-format';
import { PageLoading } from '@web/components/page-loading';
import { LoadFailed } from '@web/components/ui/query-state';
import { Detail } from '@web/components/ui/detail';
import { shiftDateText, shortShiftDateText } from '@web/features/bookings/booking-text';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { ApplicationStatusBadge } from '@web/features/bookings/components/status-badge';
import { useMyApplications } from '../api/my-applications';
import { ShiftCard } from './shift-card';
import { MessageLink } from '@web/features/bookings/components/message-link';
import { WithdrawApplicationButton } from './withdraw-application-button';

/** The professional's applications, newest first, each with its status and, while undecided, Withdraw. */
export function MyApplicationsList() {
  const applications = useMyApplications();
  if (applications.isPending) return <PageLoading />;
  if (applications.isLoadingError) {
    return (
      <LoadFailed
        message={bookingMessages.loadFailed}
        onRetry={() => void applications.refetch()}
      />
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
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { shift } = application;
  return (
    <ShiftCard
      shift={shift}
      titleRef={titleRef}
      aside={<ApplicationStatusBadge status={application.status} />}
    >
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Practice" value={shift.practiceName} />
        <Detail term="Position" value={shift.position} />
        <Detail term="Rate" value={formatHourlyRate(shift.rateCents)} />
        <Detail term="Applied" value={shiftDateText(application.appliedAt)} />
        <Detail
          term="Location"
          value={formatShiftAddress(shift.location, shift.practiceName)}
          className="sm:col-span-2"
        />
        {application.note ? (
          <Detail term="Your note" value={application.note} className="sm:col-span-2" />
        ) : null}
      </dl>
      {application.status !== 'withdrawn' ? (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <MessageLink
            side="professional"
            shiftId={shift.id}
            professionalId=""
            name={shift.practiceName}
          />
          {application.canWithdraw ? (
            <WithdrawApplicationButton
              applicationId={application.id}
              shiftName={`${shift.position} shift on ${shortShiftDateText(shift.startTime)}`}
              block={
                application.blockDates
                  ? { practiceName: shift.practiceName, dates: application.blockDates }
                  : null
              }
              // The Withdraw button is gone: keep the focus on this application.
              onDone={() => focusAfterUpdate(() => titleRef.current)}
            />
          ) : null}
        </div>
      ) : null}
    </ShiftCard>
  );
}
