import { addDays, format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { useState } from 'react';
import {
  dateFnsLocalizer,
  Navigate,
  Views,
  type NavigateAction,
  type View,
} from 'react-big-calendar';
import { calendarNow } from './calendar-dates';

/**
 * What both portals' schedule calendars share (react-big-calendar): the spec's calendar defaults
 * (en-US, weeks from Sunday, a 30-day agenda) and the view a phone opens with.
 */
export const CALENDAR_CULTURE = 'en-US';

export const calendarLocalizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 0 }),
  getDay,
  locales: { [CALENDAR_CULTURE]: enUS },
});

export const calendarViews: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];

/** The agenda lists this many days, its first day included. */
export const AGENDA_DAYS = 30;
/**
 * react-big-calendar's agenda `length` counts the days after the first (its range runs from
 * `date` to `date + length`, both included), so 30 days is a length of 29.
 */
export const agendaLength = AGENDA_DAYS - 1;

/** Below this width the month and week grids do not fit: the calendar opens on the agenda. */
export const NARROW_CALENDAR_QUERY = '(max-width: 639px)';

function initialView(): View {
  if (typeof window !== 'undefined' && window.matchMedia(NARROW_CALENDAR_QUERY).matches) {
    return Views.AGENDA;
  }
  return Views.MONTH;
}

/**
 * The calendar's date and view (controlled): today in New Jersey, month on wide screens, the
 * agenda on phones. The
 * agenda's Back and Next move by its 30 days (react-big-calendar would move by `length`, one day
 * short, so each period would repeat the last day of the one before).
 */
export function useCalendarNavigation() {
  const [date, setDate] = useState(calendarNow);
  const [view, setView] = useState<View>(initialView);
  const onNavigate = (next: Date, nextView: View, action: NavigateAction) => {
    if (nextView === Views.AGENDA && (action === Navigate.NEXT || action === Navigate.PREVIOUS)) {
      setDate((current) => addDays(current, action === Navigate.NEXT ? AGENDA_DAYS : -AGENDA_DAYS));
      return;
    }
    setDate(next);
  };
  return { date, view, onView: setView, onNavigate, length: agendaLength };
}
