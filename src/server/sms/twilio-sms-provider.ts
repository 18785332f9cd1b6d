import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { TwilioConfig } from '../env';
import { SmsProviderError, type SmsProvider } from './sms-provider';

/**
 * Twilio's error codes that no later try can change: the number is not one that takes texts
 * (invalid, a landline, a region we may not text, unreachable), or its owner replied STOP.
 * https://www.twilio.com/docs/api/errors
 */
const PERMANENT_CODES = new Set([
  21211, // invalid 'To' number
  21214, // 'To' number cannot be reached
  21217, // phone number does not appear to be valid
  21401, // invalid phone number
  21407, // this number is not supported for SMS
  21408, // permission to send to this region is not enabled
  21421, // phone number is invalid
  21610, // the recipient replied STOP (unsubscribed)
  21612, // the 'To' number is not reachable by this route
  21614, // 'To' number is not a valid mobile number
  21635, // 'To' number cannot be a landline
]);
/** The recipient unsubscribed from our number (replied STOP). */
const UNSUBSCRIBED = 21610;

/** A Twilio request timeout well inside the outbox lease (db/outbox-queue.ts LOCK_SECONDS). */
const TIMEOUT_MS = 30_000;

/**
 * Twilio's own HTTP client, sending to another address than api.twilio.com (a local server that
 * speaks Twilio's REST API in tests, or a proxy): only the scheme, host and port change; the
 * path, Basic authentication and form body are the SDK's.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: TIMEOUT_MS });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const target = new URL(opts.uri);
    const base = new URL(this.baseUrl);
    target.protocol = base.protocol;
    target.host = base.host;
    return super.request<TData>({ ...opts, uri: target.href });
  }
}

function toSmsProviderError(error: unknown): SmsProviderError {
  if (error instanceof twilio.RestException) {
    const code = error.code;
    // Twilio's own words can quote the number; the code and status say what happened.
    return new SmsProviderError(
      `Twilio refused the text (code ${code ?? 'none'}, HTTP ${error.status})`,
      {
        code,
        permanent: code !== undefined && PERMANENT_CODES.has(code),
        optedOut: code === UNSUBSCRIBED,
      },
    );
  }
  const reason = error instanceof Error ? (error as NodeJS.ErrnoException).code || error.name : '';
  return new SmsProviderError(`Twilio could not be reached${reason ? ` (${reason})` : ''}`);
}

/** Texts through Twilio's Messages API with the official `twilio` client. */
export function createTwilioSmsProvider(config: TwilioConfig): SmsProvider {
  const client = twilio(config.accountSid, config.authToken, {
    ...(config.apiUrl
      ? { httpClient: new BaseUrlRequestClient(config.apiUrl) }
      : { timeout: TIMEOUT_MS }),
  });
  return {
    name: 'twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, body, ...config.sender });
        return { providerId: message.sid };
      } catch (error) {
        throw toSmsProviderError(error);
      }
    },
    isSignedInbound({ url, params, signature }) {
      if (!signature) return false;
      return twilio.validateRequest(config.authToken, signature, url, params);
    },
  };
}
