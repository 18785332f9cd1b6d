import type { Database } from '../../db/client';
import { recordOptOut } from '../../sms/sms-outbox';

/** Replies that stop texts to the number (carriers' and Twilio's standard opt-out words). */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT'];
/** Replies that bring them back. */
export const START_WORDS = ['START', 'UNSTOP', 'YES'];

/**
 * A text someone sent to our number (the provider's inbound request, already proven genuine):
 * a STOP word opts that number out for everyone who gave it, a START word opts it back in;
 * anything else is left alone (the provider answers HELP itself). The provider's own reading of
 * the keyword (Twilio's OptOutType) comes first when it sent one.
 */
export async function receiveInboundText(
  db: Database,
  params: Record<string, string>,
): Promise<'opted_out' | 'opted_in' | 'ignored'> {
  const from = params.From ?? '';
  if (!/^\+[1-9]\d{7,14}$/.test(from)) return 'ignored';
  const keyword = (params.OptOutType || params.Body || '').trim().toUpperCase();
  if (STOP_WORDS.includes(keyword)) {
    await recordOptOut(db, from, true);
    return 'opted_out';
  }
  if (START_WORDS.includes(keyword)) {
    await recordOptOut(db, from, false);
    return 'opted_in';
  }
  return 'ignored';
}
