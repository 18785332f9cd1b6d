import { CalendarDays, Clock, MapPin, Wallet } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProfessionalRole } from '@shared/accounts';
import {
  availabilityReason,
  distanceFilterChoices,
  distanceReason,
  rateReason,
  shiftBoardMessages,
} from '@shared/matching/shift-board-constants';
import type { ShiftBoardItemDto, ShiftBoardReply } from '@shared/professional/professional-replies';
import { payThroughLabels } from '@shared/money/pay-terms-constants';
import { bookingModeLabels } from '@shared/marketplace/booking-constants';
import { formatShiftAddress } from '@shared/address-format';
import { formatHourlyRate } from '@shared/money-format';
import { PageLoading } from '@web/components/page-loading';
import { VerificationStatusNotice } from '@web/components/portal/verification-status-notice';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { Tabs } from '@web/components/ui/tabs';
import {
  initialShiftBoardFilters,
  isPageLoadShiftBoard,
  pageLoadShiftBoardShown,
  useShiftBoard,
  type ShiftBoardFilters,
} from '../api/shift-board';
import { Detail } from '@web/components/ui/detail';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { useSeenOnce } from '@web/lib/use-seen-once';
import { useBoardScorecards, type BoardScorecards } from '../api/board-scorecards';
import { OfferLines } from './offer-lines';
import { ScorecardLine } from './scorecard-line';
import { MyApplicationsList } from './my-applications-list';
import { ShiftActions } from './shift-actions';
import { ShiftCard } from './shift-card';
import { RequirementNote } from './requirement-note';

const OWN_DISTANCE = '';

// "Almost a match" is loaded, and asked for, only when it scrolls into view: the board's first
// paint carries none of it.
const AlmostAMatchSection = lazyChunk(() => import('./almost-a-match-section'));

/**
 * Shifts shown at first and per 'Show more': the best fits come first, and a board of 200 shifts
 * renders quickly with every shift one click away.
 */
const BOARD_SHIFTS_PER_PAGE = 20;

/**
 * Shifts rendered with the board's first paint: the rest of the page follows in the background
 * (useDeferredValue), which React splits into short slices instead of one long task.
 */
const FIRST_PAINT_SHIFTS = 3;

/**
 * The filters Find Shifts opens with: its own, or the distance `?maxDistance=` of the address
 * asks for when it is one of the filter's choices (a boosted shift's notice links so).
 */
function filtersFromAddress(search: string): ShiftBoardFilters {
  const miles = Number(new URLSearchParams(search).get('maxDistance'));
  return (distanceFilterChoices as readonly number[]).includes(miles)
    ? { ...initialShiftBoardFilters, maxDistance: miles }
    : initialShiftBoardFilters;
}

/**
 * Find Shifts: the open future shifts for the professional's position that fit their travel
 * distance, minimum rate and weekly availability, best fit first, each saying why it fits.
 * Filters widen the distance (up to 100 miles) or include shifts below the minimum rate. Each
 * shift offers 'Apply' or 'Book now' by its booking mode; 'My Applications' lists the answers.
 */
export function FindShiftsSection({
  portalPath,
  role,
}: {
  portalPath: string;
  role: ProfessionalRole;
}) {
  const [view, setView] = useState<BoardView>('matching');
  // A notice of a shift beyond the travel distance links here with ?maxDistance= (a boost).
  const { pathname, search } = useLocation();
  const [filters, setFilters] = useState<ShiftBoardFilters>(() => filtersFromAddress(search));
  // Another such link followed while the section is shown: its distance, as on opening.
  const [addressSearch, setAddressSearch] = useState(search);
  if (search !== addressSearch) {
    setAddressSearch(search);
    setFilters(filtersFromAddress(search));
  }
  // Opened at page load, the portal has already asked for the board: show that answer.
  const [reusePageLoadAnswer] = useState(
    () => isPageLoadShiftBoard(pathname) && filters.maxDistance === undefined,
  );
  useEffect(pageLoadShiftBoardShown, []);
  const board = useShiftBoard(filters, reusePageLoadAnswer);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionHeading = () => headingRef.current;
  return (
    <section aria-labelledby="find-shifts-heading" className="space-y-6">
      <h1
        id="find-shifts-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-ink"
      >
        Find Shifts
      </h1>
      {board.data && board.data.status !== 'verified' ? (
        <VerificationStatusNotice status={board.data.status} role={role} />
      ) : null}
      <Tabs label="Find Shifts" tabs={boardViews} value={view} onChange={setView}>
        {view === 'applications' ? (
          <MyApplicationsList />
        ) : board.isPending ? (
          <PageLoading />
        ) : board.isLoadingError ? (
          <div className="space-y-3">
            <Banner tone="error">{shiftBoardMessages.loadFailed}</Banner>
            <Button variant="secondary" onClick={() => void board.refetch()}>
              Try again
            </Button>
          </div>
        ) : !board.data.profileComplete ? (
          <IncompleteProfile message={board.data.message} portalPath={portalPath} />
        ) : (
          <div className="space-y-6">
            <BoardFilters reply={board.data} filters={filters} onChange={setFilters} />
            <BoardList
              // A changed filter starts again from the best fits.
              key={JSON.stringify(filters)}
              reply={board.data}
              updating={board.isFetching}
              onShiftGone={sectionHeading}
            />
            <AlmostAMatchWhenSeen />
          </div>
        )}
      </Tabs>
    </section>
  );
}

type BoardView = 'matching' | 'applications';

/** The card heading of a shift on the board, when the board shows it. */
function boardShiftHeading(shiftId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    `ul[aria-label="Matching shifts"] > li[data-shift-id="${CSS.escape(shiftId)}"] h2`,
  );
}

/** Below the board: "Almost a match", once the person scrolls near it. */
function AlmostAMatchWhenSeen() {
  const [ref, seen] = useSeenOnce<HTMLDivElement>();
  return (
    <div ref={ref} className="min-h-px">
      {seen ? (
        <Suspense fallback={null}>
          <AlmostAMatchSection boardShiftHeading={boardShiftHeading} />
        </Suspense>
      ) : null}
    </div>
  );
}

const boardViews = [
  { value: 'matching', label: 'Matching Shifts' },
  { value: 'applications', label: 'My Applications' },
] as const satisfies ReadonlyArray<{ value: BoardView; label: string }>;

function IncompleteProfile({
  message,
  portalPath,
}: {
  message: string | null;
  portalPath: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" role="status">
      <p className="font-medium text-ink">{message ?? shiftBoardMessages.incompleteProfile}</p>
      <p className="mt-2 flex flex-wrap gap-4 text-sm">
        <Link className="font-semibold text-brand-700 underline" to={`${portalPath}/profile`}>
          Go to your profile
        </Link>
        <Link className="font-semibold text-brand-700 underline" to={`${portalPath}/availability`}>
          Set your availability
        </Link>
      </p>
    </div>
  );
}

function BoardFilters({
  reply,
  filters,
  onChange,
}: {
  reply: ShiftBoardReply;
  filters: ShiftBoardFilters;
  onChange: (filters: ShiftBoardFilters) => void;
}) {
  const distanceId = useId();
  const belowId = useId();
  const travel = reply.filters.travelDistanceMiles ?? 0;
  const wider = distanceFilterChoices.filter((miles) => miles > travel);
  const minimum = reply.filters.minimumRateCents;
  return (
    <form
      aria-label="Filter shifts"
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex max-w-full min-w-0 flex-col gap-1">
        <label htmlFor={distanceId} className="font-medium text-ink">
          Distance
        </label>
        <select
          id={distanceId}
          className="max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink"
          value={filters.maxDistance === undefined ? OWN_DISTANCE : String(filters.maxDistance)}
          onChange={(event) =>
            onChange({
              ...filters,
              maxDistance:
                event.target.value === OWN_DISTANCE ? undefined : Number(event.target.value),
            })
          }
        >
          <option value={OWN_DISTANCE}>Within my travel distance ({travel} miles)</option>
          {wider.map((miles) => (
            <option key={miles} value={String(miles)}>
              Within {miles} miles
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 pb-2">
        <input
          id={belowId}
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={filters.includeBelowMinimum}
          onChange={(event) => onChange({ ...filters, includeBelowMinimum: event.target.checked })}
        />
        <label htmlFor={belowId} className="text-ink">
          Show shifts below my minimum rate
          {minimum !== null ? ` (${formatHourlyRate(minimum)})` : ''}
        </label>
      </div>
    </form>
  );
}

function BoardList({
  reply,
  updating,
  onShiftGone,
}: {
  reply: ShiftBoardReply;
  updating: boolean;
  /** Where focus goes when an action removed a shift from the board (it was booked). */
  onShiftGone: () => HTMLElement | null;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(BOARD_SHIFTS_PER_PAGE);
  // The first few paint at once; the others (and those 'Show more' adds) render in the
  // background, as Staffing Requests' rows do.
  const rendered = useDeferredValue(shown, FIRST_PAINT_SHIFTS);
  // After 'Show more', focus moves to the first shift it revealed, once it is rendered.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || rendered <= index) return;
    listRef.current?.children[index]?.querySelector<HTMLElement>('h2')?.focus();
    focusIndex.current = null;
  }, [rendered]);
  const count = reply.shifts.length;
  const remaining = count - shown;
  // The scorecards of every practice on the board, in one request.
  const scorecards = useBoardScorecards(reply.shifts.map((shift) => shift.practiceId));
  return (
    <div className="space-y-3" aria-busy={updating || undefined}>
      <p role="status" className="text-sm text-slate-700">
        {count === 0 ? '' : `${count} matching ${count === 1 ? 'shift' : 'shifts'}, best fit first`}
      </p>
      <RequirementNote note={reply.requirementNote} />
      {count === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700 shadow-sm sm:p-6">
          <p className="font-medium text-ink">{reply.message ?? shiftBoardMessages.noMatches}</p>
          <p className="mt-1 text-sm">{shiftBoardMessages.noMatchesHint}</p>
        </div>
      ) : (
        <>
          <ul ref={listRef} className="space-y-3" aria-label="Matching shifts">
            {reply.shifts.slice(0, rendered).map((shift) => (
              <BoardItem
                key={shift.id}
                shift={shift}
                canBook={reply.canBook}
                professionalStatus={reply.status}
                onShiftGone={onShiftGone}
                scorecards={scorecards}
              />
            ))}
          </ul>
          {remaining > 0 ? (
            <Button
              variant="secondary"
              onClick={() => {
                focusIndex.current = shown;
                setShown(shown + BOARD_SHIFTS_PER_PAGE);
              }}
            >
              Show {Math.min(BOARD_SHIFTS_PER_PAGE, remaining)} more of {remaining} remaining
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function BoardItem({
  shift,
  canBook,
  professionalStatus,
  onShiftGone,
  scorecards,
}: {
  shift: ShiftBoardItemDto;
  canBook: boolean;
  professionalStatus: ShiftBoardReply['status'];
  onShiftGone: () => HTMLElement | null;
  scorecards: BoardScorecards;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The board has refreshed: the shift is still listed (applied, withdrawn) or gone (booked).
  const focusAfterAction = () => focusAfterUpdate(() => titleRef.current ?? onShiftGone());
  const { reasons } = shift;
  const fits = reasons.withinTravelDistance && reasons.meetsMinimumRate;
  return (
    <ShiftCard
      shift={shift}
      shiftId={shift.id}
      titleRef={titleRef}
      aside={<p className="text-lg font-semibold text-ink">{formatHourlyRate(shift.rateCents)}</p>}
    >
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Practice" value={shift.practiceName} />
        <Detail term="Position" value={shift.position} />
        <Detail term="Booking" value={bookingModeLabels[shift.bookingMode]} />
        <Detail term="Paid" value={payThroughLabels[shift.payThrough]} />
        <Detail
          term="Location"
          value={formatShiftAddress(shift.location, shift.practiceName)}
          className="sm:col-span-2"
        />
        {shift.notes ? <Detail term="Notes" value={shift.notes} className="sm:col-span-2" /> : null}
      </dl>
      <OfferLines offer={shift.offer} />
      <ScorecardLine
        practiceId={shift.practiceId}
        practiceName={shift.practiceName}
        scorecards={scorecards}
      />
      <div className="mt-3 rounded-md bg-slate-50 p-3">
        <h3 className="text-sm font-semibold text-ink">
          {fits ? 'Why it fits' : 'How it compares'}
        </h3>
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          <Reason icon={MapPin} ok={reasons.withinTravelDistance} text={distanceReason(reasons)} />
          <Reason icon={Wallet} ok={reasons.meetsMinimumRate} text={rateReason(reasons)} />
          <Reason icon={CalendarDays} ok text={availabilityReason(reasons.window)} />
        </ul>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        <ShiftActions
          shift={shift}
          canBook={canBook}
          professionalStatus={professionalStatus}
          onDone={focusAfterAction}
        />
      </div>
    </ShiftCard>
  );
}

function Reason({ icon: Icon, ok, text }: { icon: typeof Clock; ok: boolean; text: string }) {
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={`mt-0.5 h-4 w-4 shrink-0 ${ok ? 'text-emerald-700' : 'text-amber-700'}`}
        aria-hidden="true"
      />
      <span>{text}</span>
    </li>
  );
}
