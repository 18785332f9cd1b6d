import { describe, expect, it } from 'vitest';
import type { LiveTopic } from '../../src/shared/live-updates';
import { LiveHub, type LiveClient } from '../../src/server/live/live-hub';

/**
 * A professional's stream follows the board areas around their home, asked again when their
 * record is announced to change (decision record 042). Their record is announced with every
 * booking, timesheet or payment of theirs: a burst of announcements asks once or twice, one
 * query at a time, and the stream ends up following what the last ask answered.
 */
describe('live streams asking their tags again', () => {
  it('folds a burst of announcements into at most two asks, one at a time, and follows the last', async () => {
    const hub = new LiveHub();
    const sent: LiveTopic[] = [];
    let asks = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    let home = 'area:Hygienist:163:-297';
    const client: LiveClient = {
      userId: 'u1',
      tags: ['professional:p1', home],
      send: (topic) => sent.push(topic),
      end: () => {},
      stillSignedIn: async () => true,
      tagsNow: async () => {
        asks += 1;
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        return ['professional:p1', home];
      },
    };
    expect(hub.add(client)).toBe('added');
    home = 'area:Hygienist:155:-300';
    for (let i = 0; i < 20; i += 1) hub.notice('professional:p1');
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(asks).toBe(2);
    expect(mostInFlight).toBe(1);
    expect(sent.filter((topic) => topic === 'bookings')).toHaveLength(20);
    // The new area reaches it; the old one no longer does.
    sent.length = 0;
    hub.notice('area:Hygienist:163:-297');
    hub.notice('area:Hygienist:155:-300');
    expect(sent).toEqual(['board']);
    hub.remove(client);
  });
});
