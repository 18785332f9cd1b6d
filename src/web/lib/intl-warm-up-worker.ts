/**
 * Runs in a dedicated worker while the app's code loads: the first date formatter a page builds
 * in the practices' time zone loads the browser's locale and time-zone data (about 100 ms on a
 * slow phone, all in the render that first shows a shift time). That data is shared by the whole
 * page's process, so building one formatter here, off the main thread, makes the page's own first
 * formatter cheap. The money formatter's locale data comes with it. Nothing is sent back but
 * "done".
 */
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

const now = new Date();
// As @date-fns/tz builds it (the offset of an instant in the zone).
new Intl.DateTimeFormat('en-US', {
  timeZone: PRACTICE_TIME_ZONE,
  timeZoneName: 'longOffset',
}).format(now);
new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric' }).format(now);
postMessage('done');
