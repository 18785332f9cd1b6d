import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileTransport } from '../../src/server/mail/transport';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The development mailbox (GET /api/dev/mail): each e-mail is saved whole under another name and
 * renamed, and a file that cannot be read whole never turns the mailbox into a 500 (it answered
 * 500 reading a message still being written, with two browsers testing at once).
 */
describe('the development mailbox', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const message = (i: number) => ({
    id: `message-${i}`,
    from: 'ChairFill <hello@chairfill.example.com>',
    to: `person-${i}@example.com`,
    subject: `Message ${i}`,
    text: 'Hello',
    html: '<p>Hello</p>',
  });

  it('lists the whole messages beside one that cannot be read whole', async () => {
    const transport = createFileTransport(server.mailDir);
    await transport.send(message(1));
    // What a message caught half written looked like: the start of its JSON.
    await writeFile(path.join(server.mailDir, `${Date.now()}-half.json`), '{"id": "half", "subj');
    await transport.send(message(2));
    const { status, body } = await server
      .client()
      .get<{ messages: Array<{ subject: string }> }>('/api/dev/mail');
    expect(status).toBe(200);
    expect(body.messages.map((m) => m.subject).filter((s) => s.startsWith('Message '))).toEqual([
      'Message 2',
      'Message 1',
    ]);
  });

  it('saves each message under its final name only once it is whole', async () => {
    const transport = createFileTransport(server.mailDir);
    await Promise.all(Array.from({ length: 20 }, (_, i) => transport.send(message(100 + i))));
    const files = await readdir(server.mailDir);
    expect(files.filter((file) => !file.endsWith('.json'))).toEqual([]);
    expect(files.filter((file) => /-message-1\d\d\.json$/.test(file))).toHaveLength(20);
  });
});
