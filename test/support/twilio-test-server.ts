import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The only credentials the server accepts (HTTP Basic: the Account SID and its auth token). */
export const TWILIO_TEST_ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const TWILIO_TEST_AUTH_TOKEN = 'chairfill-twilio-test-auth-token';
/** The number texts come from (TWILIO_FROM). */
export const TWILIO_TEST_FROM = '+12015550100';

export interface TwilioTestRequest {
  method: string;
  path: string;
  /** The form fields as sent. */
  body: Record<string, string>;
  /** Whether the Basic credentials were the right ones. */
  authenticated: boolean;
}

/** A text the server took: the Message resource it answered with. */
export interface TwilioTestMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

/** A failure to answer with instead of a message, as Twilio's error envelope says it. */
export interface TwilioTestFailure {
  status: number;
  code: number;
  message: string;
}

export interface TwilioTestServer {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Every request that reached the server, in order (refused ones too). */
  requests: TwilioTestRequest[];
  /** Every text taken, in order. */
  messages: TwilioTestMessage[];
  /** Texts to this number (E.164) are refused with this failure until `clearFailures`. */
  failFor(to: string, failure: TwilioTestFailure): void;
  /** The next `times` texts, to anyone, are refused with this failure. */
  failNext(failure: TwilioTestFailure, times?: number): void;
  clearFailures(): void;
  /**
   * Twilio's X-Twilio-Signature for a request to `url` with these form fields: base64 of the
   * HMAC-SHA1, keyed with the auth token, of the URL followed by each field name and value in
   * the names' order (https://www.twilio.com/docs/usage/security#validating-requests).
   */
  sign(url: string, params: Record<string, string>, authToken?: string): string;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/;
const E164 = /^\+[1-9]\d{7,14}$/;

function twilioError(failure: TwilioTestFailure) {
  return {
    status: failure.status,
    json: {
      code: failure.code,
      message: failure.message,
      more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
      status: failure.status,
    },
  };
}

/**
 * A local server speaking Twilio's REST API for sending texts: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with a form body (To, From or
 * MessagingServiceSid, Body) and HTTP Basic authentication, answering 201 with a Message resource
 * or Twilio's error envelope ({ code, message, more_info, status }). The real `twilio` client
 * talks to it over HTTP, as it talks to api.twilio.com.
 */
export async function startTwilioTestServer(): Promise<TwilioTestServer> {
  const requests: TwilioTestRequest[] = [];
  const messages: TwilioTestMessage[] = [];
  const failures = new Map<string, TwilioTestFailure>();
  const nextFailures: TwilioTestFailure[] = [];

  function answer(request: IncomingMessage, rawBody: string): { status: number; json: object } {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://twilio.test').pathname;
    const body = Object.fromEntries(new URLSearchParams(rawBody));
    const expected = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`;
    const authenticated = request.headers.authorization === expected;
    requests.push({ method, path, body, authenticated });
    if (!authenticated) {
      return twilioError({ status: 401, code: 20003, message: 'Authenticate' });
    }
    const match = MESSAGES_PATH.exec(path);
    if (!match) {
      return twilioError({
        status: 404,
        code: 20404,
        message: `The requested resource ${path} was not found`,
      });
    }
    if (method !== 'POST') {
      return twilioError({ status: 405, code: 20004, message: 'Method not allowed' });
    }
    if (match[1] !== TWILIO_TEST_ACCOUNT_SID) {
      return twilioError({ status: 403, code: 20003, message: 'Permission denied' });
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return twilioError({ status: 400, code: 20001, message: 'Bad content type' });
    }
    const {
      To: to = '',
      From: from = '',
      MessagingServiceSid: service = '',
      Body: text = '',
    } = body;
    if (!to) {
      return twilioError({ status: 400, code: 21604, message: "A 'To' phone number is required." });
    }
    if (!from && !service) {
      return twilioError({
        status: 400,
        code: 21603,
        message: "A 'From' phone number is required.",
      });
    }
    if (!text) {
      return twilioError({ status: 400, code: 21602, message: 'Message body is required.' });
    }
    if (text.length > 1600) {
      return twilioError({
        status: 400,
        code: 21617,
        message: 'The concatenated message body exceeds the 1600 character limit.',
      });
    }
    if (!E164.test(to)) {
      return twilioError({
        status: 400,
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
      });
    }
    const failure = failures.get(to) ?? nextFailures.shift();
    if (failure) return twilioError(failure);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const created = new Date().toUTCString();
    messages.push({ sid, to, from: from || service, body: text });
    return {
      status: 201,
      json: {
        account_sid: TWILIO_TEST_ACCOUNT_SID,
        api_version: '2010-04-01',
        body: text,
        date_created: created,
        date_sent: null,
        date_updated: created,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: from || null,
        messaging_service_sid: service || null,
        num_media: '0',
        num_segments: String(Math.ceil(text.length / 153)),
        price: null,
        price_unit: 'USD',
        sid,
        status: service ? 'accepted' : 'queued',
        subresource_uris: {
          media: `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages/${sid}/Media.json`,
        },
        to,
        uri: `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages/${sid}.json`,
      },
    };
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let result: { status: number; json: object };
      try {
        result = answer(request, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        result = twilioError({ status: 500, code: 20500, message: String(error) });
      }
      response.writeHead(result.status, {
        'content-type': 'application/json; charset=utf-8',
        'twilio-request-id': `RQ${randomBytes(16).toString('hex')}`,
      });
      response.end(JSON.stringify(result.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid: TWILIO_TEST_ACCOUNT_SID,
    authToken: TWILIO_TEST_AUTH_TOKEN,
    from: TWILIO_TEST_FROM,
    requests,
    messages,
    failFor: (to, failure) => failures.set(to, failure),
    failNext: (failure, times = 1) => {
      for (let i = 0; i < times; i += 1) nextFailures.push(failure);
    },
    clearFailures: () => {
      failures.clear();
      nextFailures.length = 0;
    },
    sign(url, params, authToken = TWILIO_TEST_AUTH_TOKEN) {
      const data =
        url +
        Object.keys(params)
          .sort()
          .map((key) => `${key}${params[key]}`)
          .join('');
      return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
