import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileTransport } from '../../src/server/mail/transport';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The development mailbox (GET /api/dev/mail) while e-mails are being saved: each message file
 * appears whole, so the mailbox never reads one half written (it answered 500 when it did).
 */
describe('the development mailbox while e-mails are saved', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('lists only whole messages, however many are being written at that moment', async () => {
    const transport = createFileTransport(server.mailDir);
    const client = server.client();
    const sends = Array.from({ length: 40 }, (_, i) =>
      transport.send({
        id: `message-${i}`,
        from: 'ChairFill <hello@chairfill.example.com>',
        to: `person-${i}@example.com`,
        subject: `Message ${i}`,
        // Large enough to be written in several pieces (Node writes a file 512 KiB at a time).
        text: 'x'.repeat(1_500_000),
        html: '<p>A long message.</p>',
      }),
    );
    let sending = true;
    const allSent = Promise.all(sends).finally(() => (sending = false));
    const statuses: number[] = [];
    const poll = async () => {
      while (sending) statuses.push((await client.get('/api/dev/mail')).status);
    };
    await Promise.all([poll(), poll(), poll(), allSent]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const { body } = await client.get<{ messages: Array<{ subject: string }> }>('/api/dev/mail');
    expect(body.messages.filter((m) => m.subject.startsWith('Message ')).length).toBe(40);
    expect((await readdir(server.mailDir)).filter((f) => !f.endsWith('.json'))).toEqual([]);
  });
});
