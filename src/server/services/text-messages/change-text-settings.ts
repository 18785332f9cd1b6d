import { and, eq, isNotNull } from 'drizzle-orm';
import { textMessageErrors } from '@shared/marketplace/text-message-constants';
import type { TextMessageSettingsReply } from '@shared/marketplace/text-message-replies';
import type { Database } from '../../db/client';
import { smsPhones } from '../../db/schema';
import { DomainError } from '../domain-error';
import { getTextMessageSettings, type TextMessageOwner } from './text-message-settings';

/** Turns texts on or off for the person's confirmed number (none confirmed: 409). */
export async function switchTexts(
  db: Database,
  owner: TextMessageOwner,
  enabled: boolean,
): Promise<TextMessageSettingsReply> {
  const changed = await db
    .update(smsPhones)
    .set({ enabled, updatedAt: new Date() })
    .where(and(eq(smsPhones.userId, owner.id), isNotNull(smsPhones.confirmedAt)))
    .returning({ userId: smsPhones.userId });
  if (changed.length === 0) {
    throw new DomainError(409, 'not_confirmed', textMessageErrors.confirmFirst);
  }
  return getTextMessageSettings(db, owner);
}

/** Forgets the person's number (and any code waiting): no text goes to it any more. */
export async function removeTextNumber(db: Database, owner: TextMessageOwner): Promise<void> {
  await db.delete(smsPhones).where(eq(smsPhones.userId, owner.id));
}
