import {
  Building2,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  CreditCard,
  LayoutDashboard,
  MapPin,
  MessageSquare,
  Plus,
  Settings,
  UsersRound,
} from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { locationMessages } from '@shared/practice/location-constants';
import { favouriteTexts } from '@shared/trust/favourites-constants';
import { PageLoading } from '@web/components/page-loading';
import { PortalShell, type PortalNavItem } from '@web/components/portal/portal-shell';
import { Button } from '@web/components/ui/button';
import { useSignOut } from '@web/features/accounts/api/sign-out';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { LiveUpdates } from '@web/features/live-updates/components/live-updates';
import { RequireAccount } from '@web/features/accounts/components/require-account';
import type { SessionUser } from '@web/features/accounts/api/session';
import { useLocations } from '@web/features/practice/api/locations';
import { useUnreadMessages } from '@web/features/messages/api/conversations';
import { messageTexts } from '@shared/conversations/conversations-constants';
import { DashboardCards } from '@web/features/practice/components/dashboard-cards';
import { FillSummarySection } from '@web/features/practice/components/fill-summary-section';
import { CheckInCodesCard } from '@web/features/attendance/components/check-in-codes-card';
import { CurrentMonthShifts } from '@web/features/shifts/components/current-month-shifts';
import { PracticeReviewBanner } from '@web/features/trust/components/practice-review-banner';
import { useOwnPracticeReview } from '@web/features/trust/api/practice-review';
import { useCheckInCodes } from '@web/features/attendance/api/practice-attendance';
import { SelectSection } from './select-section';

// The dashboard is the first screen; every other section is its own chunk, loaded when opened, so
// the first load stays light: the calendar (react-big-calendar and its CSS), the new-shift form
// (react-day-picker), billing (the bank-linking widget) and the forms (react-hook-form and zod).
const ShiftCalendar = lazyChunk(() => import('@web/features/shifts/components/shift-calendar'));
const NewShiftForm = lazyChunk(() => import('@web/features/shifts/components/new-shift-form'));
const BillingSection = lazyChunk(() => import('@web/features/billing/components/billing-section'));
const ShiftRequestsList = lazyChunk(() =>
  import('@web/features/shifts/components/shift-requests-list').then((m) => ({
    default: m.ShiftRequestsList,
  })),
);
const OfficeInformation = lazyChunk(() =>
  import('@web/features/practice/components/office-information').then((m) => ({
    default: m.OfficeInformation,
  })),
);
const LocationsSection = lazyChunk(() =>
  import('@web/features/practice/components/locations-section').then((m) => ({
    default: m.LocationsSection,
  })),
);
const PortalSettings = lazyChunk(() => import('./portal-settings'));
const MyProfessionalsSection = lazyChunk(() =>
  import('@web/features/trust/components/my-professionals-section').then((m) => ({
    default: m.MyProfessionalsSection,
  })),
);
const MessagesSection = lazyChunk(() =>
  import('@web/features/messages/components/messages-section').then((m) => ({
    default: m.MessagesSection,
  })),
);
const PracticeTimesheets = lazyChunk(
  () => import('@web/features/attendance/components/practice-timesheets'),
);

const PORTAL = '/practice-portal';

const paths = {
  dashboard: '',
  staffingRequests: 'staffing-requests',
  schedule: 'schedule',
  timesheets: 'timesheets',
  messages: 'messages',
  professionals: 'professionals',
  billing: 'billing',
  officeInformation: 'office-information',
  locations: 'locations',
  settings: 'settings',
} as const;

const items: PortalNavItem[] = [
  { path: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { path: paths.staffingRequests, label: 'Staffing Requests', icon: ClipboardList },
  { path: paths.schedule, label: 'Schedule', icon: CalendarDays },
  { path: paths.timesheets, label: 'Timesheets', icon: ClipboardCheck },
  { path: paths.messages, label: messageTexts.section, icon: MessageSquare },
  { path: paths.professionals, label: favouriteTexts.section, icon: UsersRound },
  { path: paths.billing, label: 'Billing', icon: CreditCard },
  { path: paths.officeInformation, label: 'Office Information', icon: Building2 },
  { path: paths.locations, label: 'Locations', icon: MapPin },
  { path: paths.settings, label: 'Settings', icon: Settings },
];

/** Navigation state that opens a section with its form showing. */
interface SectionState {
  newRequest?: boolean;
  addLocation?: boolean;
}

export default function PracticePortal() {
  return (
    <RequireAccount allowed="practice" loginPath="/practice-login">
      {(user) => <PracticePortalScreen user={user} />}
    </RequireAccount>
  );
}

function PracticePortalScreen({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const unread = useUnreadMessages('practice').data?.unread ?? 0;
  const navItems = items.map((item) =>
    item.path === paths.messages
      ? { ...item, badge: unread, badgeLabel: messageTexts.navLabel(unread) }
      : item,
  );
  return (
    <PortalShell
      portalPath={PORTAL}
      heading={user.name}
      subheading="Admin Account"
      items={navItems}
      signOutLabel="Sign Out"
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
      headerActions={
        <NotificationBell messages={{ count: unread, path: `${PORTAL}/${paths.messages}` }} />
      }
    >
      <LiveUpdates side="practice" />
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path={paths.staffingRequests} element={<StaffingRequestsPage />} />
        <Route path={paths.schedule} element={<SchedulePage />} />
        <Route path={paths.timesheets} element={<TimesheetsPage />} />
        <Route path={paths.professionals} element={<ProfessionalsPage />} />
        {[paths.messages, `${paths.messages}/:shiftId/:professionalId`].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<PageLoading />}>
                <MessagesSection side="practice" />
              </Suspense>
            }
          />
        ))}
        <Route path={paths.billing} element={<BillingPage />} />
        <Route path={paths.officeInformation} element={<OfficeInformationPage />} />
        <Route path={paths.locations} element={<LocationsPage />} />
        <Route
          path={paths.settings}
          element={
            <Suspense fallback={<PageLoading />}>
              <PortalSettings audience="practice" />
            </Suspense>
          }
        />
        <Route path="*" element={<SelectSection />} />
      </Routes>
    </PortalShell>
  );
}

function Section({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script: an action whose item leaves the list hands focus here. */}
        <h1 id={`${id}-heading`} tabIndex={-1} className="text-2xl font-bold text-ink">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

function DashboardPage() {
  const navigate = useNavigate();
  const review = useOwnPracticeReview();
  const checkInCodes = useCheckInCodes();
  // Once both have answered (an urgent update from the query library's store), the figures and the
  // month's shifts mount in a background render React works on in slices, not in one long task.
  const noticesKnown = useDeferredValue(!review.isPending && !checkInCodes.isPending);
  const openNewRequest = () =>
    navigate(`${PORTAL}/${paths.staffingRequests}`, {
      state: { newRequest: true } satisfies SectionState,
    });
  return (
    <Section
      id="dashboard"
      title="Dashboard"
      actions={
        <Button onClick={openNewRequest}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New Staffing Request
        </Button>
      }
    >
      {/* The notices on top (review, today's check-in codes) are known before anything shows, so
          one arriving later does not push the figures and the month's shifts down (a layout shift). */}
      {!noticesKnown ? (
        <PageLoading />
      ) : (
        <>
          <PracticeReviewBanner />
          <CheckInCodesCard codes={checkInCodes} />
          <DashboardCards onOpenActiveRequests={() => navigate(`${PORTAL}/${paths.schedule}`)} />
          <section aria-labelledby="month-shifts-heading" className="space-y-3">
            <h2 id="month-shifts-heading" className="text-xl font-bold text-ink">
              This Month&apos;s Shifts
            </h2>
            <CurrentMonthShifts />
          </section>
          {/* Below the month's shifts: arriving with the figures, it moves nothing already shown. */}
          <FillSummarySection />
        </>
      )}
    </Section>
  );
}

function StaffingRequestsPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as SectionState;
  const [showForm, setShowForm] = useState(Boolean(state.newRequest));
  const locations = useLocations();

  const closeForm = () => {
    setShowForm(false);
    // Forget the "open the form" request, so a reload shows the section as usual.
    if (state.newRequest) navigate('.', { replace: true, state: null });
  };

  return (
    <Section
      id="staffing-requests"
      title="Staffing Requests"
      actions={
        showForm ? null : (
          <Button onClick={() => setShowForm(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New Staffing Request
          </Button>
        )
      }
    >
      <PracticeReviewBanner />
      {showForm ? (
        <div>
          <Suspense fallback={<PageLoading />}>
            <FocusOnMount>
              <NewShiftForm
                locations={locations.data}
                locationsLoading={locations.isPending}
                locationsError={locations.isError ? locationMessages.loadFailed : undefined}
                onAddLocation={() =>
                  navigate(`${PORTAL}/${paths.locations}`, {
                    state: { addLocation: true } satisfies SectionState,
                  })
                }
                onClose={closeForm}
              />
            </FocusOnMount>
          </Suspense>
        </div>
      ) : null}
      <section aria-labelledby="all-shifts-heading" className="space-y-3">
        <h2 id="all-shifts-heading" className="text-xl font-bold text-ink">
          All Shifts
        </h2>
        <Suspense fallback={<PageLoading />}>
          <ShiftRequestsList />
        </Suspense>
      </section>
    </Section>
  );
}

/** Moves focus to the first heading inside once it has rendered (the revealed form). */
function FocusOnMount({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = ref.current?.querySelector<HTMLElement>('h2');
    heading?.focus();
    heading?.scrollIntoView({ block: 'start' });
  }, []);
  return <div ref={ref}>{children}</div>;
}

function ProfessionalsPage() {
  return (
    <Section id="professionals" title={favouriteTexts.title}>
      <Suspense fallback={<PageLoading />}>
        <MyProfessionalsSection />
      </Suspense>
    </Section>
  );
}

function SchedulePage() {
  return (
    <Section id="schedule" title="Schedule">
      <Suspense fallback={<PageLoading />}>
        <ShiftCalendar />
      </Suspense>
    </Section>
  );
}

function TimesheetsPage() {
  return (
    <Section id="timesheets" title="Timesheets">
      <Suspense fallback={<PageLoading />}>
        <PracticeTimesheets />
      </Suspense>
    </Section>
  );
}

/** Billing is its own feature; it renders its own section and h1. */
function BillingPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <BillingSection />
    </Suspense>
  );
}

function OfficeInformationPage() {
  return (
    <Section id="office-information" title="Office Information">
      <Suspense fallback={<PageLoading />}>
        <OfficeInformation />
      </Suspense>
    </Section>
  );
}

function LocationsPage() {
  const state = (useLocation().state ?? {}) as SectionState;
  return (
    <Section id="locations" title="Locations">
      <Suspense fallback={<PageLoading />}>
        <LocationsSection startAdding={Boolean(state.addLocation)} />
      </Suspense>
    </Section>
  );
}
