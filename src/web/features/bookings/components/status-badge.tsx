import {
  applicationStatusLabels,
  bookingStatusLabels,
  type ApplicationStatus,
  type BookingStatus,
} from '@shared/marketplace/booking-constants';

const applicationTones: Record<ApplicationStatus, string> = {
  pending: 'bg-blue-100 text-blue-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-800',
  expired: 'bg-amber-100 text-amber-900',
};

const bookingTones: Record<BookingStatus, string> = {
  confirmed: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-900',
  no_show: 'bg-red-100 text-red-900',
};

const badgeClass = 'inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold';

/** 'Applied', 'Accepted', 'Declined', 'Withdrawn', 'Expired'. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`${badgeClass} ${applicationTones[status]}`}>
      {applicationStatusLabels[status]}
    </span>
  );
}

/** 'Confirmed', 'Completed', 'Cancelled', 'No-show'. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={`${badgeClass} ${bookingTones[status]}`}>{bookingStatusLabels[status]}</span>
  );
}
