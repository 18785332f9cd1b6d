import type { Env } from '../env';
import { createSandboxSmsProvider } from './sandbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { createTwilioSmsProvider } from './twilio-sms-provider';

/** Twilio when TWILIO_ACCOUNT_SID (and its token and sender) are set, else the mailbox sandbox. */
export function createSmsProvider(env: Pick<Env, 'twilio'>, mailDir: string): SmsProvider {
  return env.twilio ? createTwilioSmsProvider(env.twilio) : createSandboxSmsProvider(mailDir);
}
