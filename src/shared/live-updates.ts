/**
 * Live updates (decision record 027): a signed-in practice or professional keeps one server-sent
 * events stream open at LIVE_UPDATES_PATH; each event names what changed for them, and the page
 * asks for it again. The events carry no data: what a person may read is still decided by the
 * routes that answer those reads.
 */
export const LIVE_UPDATES_PATH = '/api/live';

/**
 * What an event says changed: the bell ('notifications'), conversations ('messages'), the
 * practice's shifts, applicants and bookings ('shifts'), the professional's applications and
 * bookings ('bookings'), the open shifts of their position ('board'); 'resync' when some changes
 * may have been missed (everything is asked for again); 'ready' once the stream is open;
 * 'signed-out' when the session ended (signed out elsewhere, revoked), just before the stream ends.
 */
export const liveTopics = [
  'ready',
  'notifications',
  'messages',
  'shifts',
  'bookings',
  'board',
  'resync',
  'signed-out',
] as const;
export type LiveTopic = (typeof liveTopics)[number];

/** How long the browser waits before opening a lost stream again (the SSE `retry`). */
export const LIVE_RETRY_MS = 3_000;

export const liveMessages = {
  tooManyStreams:
    'ChairFill is open in too many windows on your devices. Close some and try again.',
} as const;
