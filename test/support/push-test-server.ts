import {
  createECDH,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/**
 * A local push service for tests, speaking the real protocols: it takes pushes as a push service
 * does (RFC 8030: POST to the subscription's address, TTL required, 201 Created), checks the
 * VAPID authorization (RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by
 * that key, its `aud` our origin, `exp` within 24 hours, a `sub`), decrypts the body
 * (RFC 8291 aes128gcm) with the key pair and auth secret it made for the subscription, and
 * records what the browser would have received. It can be told to answer a subscription with
 * another status (410 Gone, 500) instead.
 */

export interface FakeSubscription {
  /** What PushManager.subscribe() would give the page (its toJSON()). */
  endpoint: string;
  keys: { p256dh: string; auth: string };
  id: string;
  /** The receiver's private key (base64url), for a browser test that hands the keys over. */
  privateKey: string;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: { title: string; body: string; url: string; tag: string };
  /** The decrypted bytes as text. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, after its signature was checked. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the push was signed with (base64url). */
  vapidKey: string;
}

export interface RefusedPush {
  subscriptionId: string;
  status: number;
  reason: string;
}

export interface PushTestServer {
  url: string;
  /** A new subscription at this service, with keys made for it. */
  subscribe(): FakeSubscription;
  /** Pushes taken and decrypted, in order. */
  received: ReceivedPush[];
  /** Pushes refused (a bad signature or body, or an answer the test asked for). */
  refused: RefusedPush[];
  /** From now on answer pushes to this subscription with `status` (e.g. 410, 500), `times` times. */
  answerWith(subscriptionId: string, status: number, times?: number): void;
  /** Waits until `count` pushes for the subscription were received (default 10 s). */
  waitForPushes(subscriptionId: string, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Receiver {
  ecdh: ECDH;
  auth: string;
  answers: Array<number>;
}

const b64url = (value: Buffer) => value.toString('base64url');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Checks `vapid t=…, k=…` (RFC 8292) and answers the JWT's claims and the key, or throws. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { claims: ReceivedPush['claims']; key: string } {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('malformed JWT');
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) {
    throw new Error(`JWT exp ${claims.exp} not within 24 hours`);
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error(`JWT sub ${claims.sub}`);
  }
  return { claims, key };
}

export async function startPushTestServer(): Promise<PushTestServer> {
  const receivers = new Map<string, Receiver>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = createServer(async (request, response) => {
    const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1];
    const body = await readBody(request);
    const refuse = (status: number, reason: string) => {
      if (id) refused.push({ subscriptionId: id, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      for (const wake of waiters) wake();
    };
    const receiver = id ? receivers.get(id) : undefined;
    if (request.method !== 'POST' || !id || !receiver) return refuse(404, 'no such subscription');
    const forced = receiver.answers.shift();
    if (forced !== undefined) return refuse(forced, `answered ${forced} as asked`);
    try {
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header missing');
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        throw new Error(`content-encoding ${request.headers['content-encoding']}`);
      }
      const { claims, key } = checkVapid(request.headers.authorization, origin);
      const plain = decrypt(body, {
        version: 'aes128gcm',
        privateKey: receiver.ecdh,
        authSecret: receiver.auth,
      });
      const text = plain.toString('utf8');
      received.push({
        subscriptionId: id,
        payload: JSON.parse(text),
        text,
        ttl,
        urgency: request.headers.urgency as string | undefined,
        topic: request.headers.topic as string | undefined,
        claims,
        vapidKey: key,
      });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      for (const wake of waiters) wake();
    } catch (error) {
      refuse(400, error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      receivers.set(id, { ecdh, auth, answers: [] });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth },
        privateKey: b64url(ecdh.getPrivateKey()),
      };
    },
    answerWith(subscriptionId, status, times = 1) {
      const receiver = receivers.get(subscriptionId);
      if (!receiver) throw new Error(`unknown subscription ${subscriptionId}`);
      for (let i = 0; i < times; i++) receiver.answers.push(status);
    },
    waitForPushes(subscriptionId, count, timeoutMs = 10_000) {
      const mine = () => received.filter((push) => push.subscriptionId === subscriptionId);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mine().length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(mine());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `expected ${count} pushes for ${subscriptionId}, got ${mine().length}; refused: ${JSON.stringify(refused)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
