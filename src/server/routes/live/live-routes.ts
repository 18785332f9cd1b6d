import { and, eq, gt, sql } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { isProfessionalRole } from '@shared/accounts';
import { liveMessages } from '@shared/live-updates';
import {
  MAX_WIDENED_DISTANCE_MILES,
  shiftPositionByRole,
} from '@shared/matching/shift-board-constants';
import { genericErrors } from '@shared/messages';
import type { Database } from '../../db/client';
import { professionals, session } from '../../db/schema';
import { LiveStream } from '../../live/live-client';
import { liveHubFor } from '../../live/live-hub';
import { DomainError } from '../../services/domain-error';
import { findPracticeForUser } from '../../services/practice/find-practice-for-user';
import { boardAreaTags } from '../../services/matching/board-area';
import type { ServiceContext } from '../../services/context';
import type { SessionUser } from '../app-env';
import { declareRoutes } from '../contract/declare-routes';
import { loadSessionId } from '../session';

const { router, route } = declareRoutes('bellOwner');

/** The change announcements a person's pages follow (live-hub.ts says what each means). */
async function tagsFor(services: ServiceContext, user: SessionUser): Promise<string[]> {
  const tags = [`bell:${user.id}`];
  if (isProfessionalRole(user.accountType)) {
    const [own] = await services.db
      .select({
        id: professionals.id,
        latitude: professionals.homeLatitude,
        longitude: professionals.homeLongitude,
        travel: professionals.travelDistanceMiles,
      })
      .from(professionals)
      .where(eq(professionals.userId, user.id));
    if (own) {
      tags.push(`professional:${own.id}`, `talk:professional:${own.id}`);
      // Find Shifts' areas: as far as its widest filter reaches from their home.
      if (own.latitude !== null && own.longitude !== null) {
        const reach = Math.max(own.travel ?? 0, MAX_WIDENED_DISTANCE_MILES);
        const position = shiftPositionByRole[user.accountType];
        tags.push(...boardAreaTags(position, own.latitude, own.longitude, reach));
      }
    }
  } else {
    const practiceId = await findPracticeForUser(services, user.id);
    tags.push(`practice:${practiceId}`, `talk:practice:${practiceId}`);
  }
  return tags;
}

async function sessionHolds(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, sql`now()`)));
  return row !== undefined;
}

/**
 * Live updates (decision record 027), mounted at /api/live: a server-sent events stream of what
 * changed for the signed-in practice or professional. Each event names a topic (no data); the
 * stream ends when the session does.
 */
export const liveRoutes = router().openapi(
  route(
    {
      method: 'get',
      path: '/',
      summary: 'Live updates: a stream of server-sent events naming what changed',
      responses: {
        200: {
          description:
            'text/event-stream: events named ready, notifications, messages, shifts, bookings, board, resync or signed-out, each with empty data',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    },
    { errors: [429] },
  ),
  async (c) => {
    const { services } = c.var;
    const user = c.var.actor;
    const sessionId = await loadSessionId(c);
    const tags = await tagsFor(services, user);
    const hub = liveHubFor(services.db);
    const live = new LiveStream({
      userId: user.id,
      tags,
      tagsNow: () => tagsFor(services, user),
      stillSignedIn: () =>
        sessionId ? sessionHolds(services.db, sessionId) : Promise.resolve(false),
    });
    const added = hub.add(live);
    if (added === 'full')
      throw new DomainError(429, 'too_many_streams', liveMessages.tooManyStreams);
    if (added === 'stopping') throw new DomainError(503, 'unavailable', genericErrors.unavailable);
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      try {
        await live.run(stream);
      } finally {
        hub.remove(live);
      }
    });
    return response as never;
  },
);
