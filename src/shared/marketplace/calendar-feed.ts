/** The path of a feed, below the site's address. */
export function calendarFeedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

/**
 * The feed address with the webcal:// scheme: opening it hands the feed to the device's calendar
 * app (Apple Calendar, Outlook, most phone calendars) as a subscription rather than a download.
 */
export function webcalFeedUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//i, 'webcal://');
}

/**
 * Google Calendar's "add a calendar by URL" page for the feed: its `cid` parameter takes the
 * feed's webcal:// address, URL-encoded (an https address there is read as a calendar id).
 */
export function googleCalendarSubscribeUrl(feedUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalFeedUrl(feedUrl))}`;
}

/** Tokens are 32 random bytes in base64url: 43 characters. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const calendarFeedMessages = {
  title: 'Calendar feed',
  intro:
    'Subscribe to this private link from your calendar app to see your shifts next to your other appointments. It updates on its own; calendar apps check it every few hours.',
  urlLabel: 'Your private calendar link',
  copy: 'Copy link',
  addToGoogle: 'Add to Google Calendar',
  subscribeWebcal: 'Subscribe (webcal)',
  /** Read after a link's text by screen readers. */
  opensInNewTab: '(opens in a new tab)',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Select it and copy it yourself.',
  replace: 'Replace link',
  replaceTitle: 'Replace your calendar link?',
  replaceBody:
    'The current link stops working at once: calendars subscribed to it stop updating and you will need to subscribe again with the new link. Do this if you shared the link by mistake.',
  replaceConfirm: 'Replace link',
  replaced: 'Your calendar link was replaced',
  replaceFailed: 'Could not replace the link. Please try again.',
  loadFailed: 'Failed to load your calendar link. Please try again.',
  privateNote: 'Keep this link private: anyone who has it can see your shifts.',
  help: [
    {
      app: 'Google Calendar',
      steps:
        'On a computer, open Google Calendar, click + next to "Other calendars", choose "From URL", paste the link and click "Add calendar".',
    },
    {
      app: 'Apple Calendar',
      steps:
        'On a Mac choose File > New Calendar Subscription and paste the link; on an iPhone go to Settings > Calendar > Accounts > Add Account > Other > Add Subscribed Calendar.',
    },
    {
      app: 'Outlook',
      steps:
        'In Outlook on the web open the calendar, choose "Add calendar", then "Subscribe from web", paste the link and click "Import".',
    },
  ],
} as const;
