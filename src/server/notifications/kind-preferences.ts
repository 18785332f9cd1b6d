import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  notificationKindsFor,
  notificationMessages,
  type NotificationAudience,
  type NotificationKind,
} from '@shared/marketplace/notifications';
import type { Database } from '../db/client';
import { emailPreferences, pushPreferences } from '../db/schema';
import { DomainError } from '../services/domain-error';

/** A table of on/off choices per person and kind of notice (e-mail, push). */
export type KindPreferenceTable = typeof emailPreferences | typeof pushPreferences;

export interface KindPreference {
  kind: NotificationKind;
  label: string;
  enabled: boolean;
}

/** The person's choices in `table`: each kind of their audience, on unless they turned it off. */
export async function readKindPreferences(
  db: Database,
  table: KindPreferenceTable,
  userId: string,
  audience: NotificationAudience,
  labelOf: (kind: NotificationKind) => string,
): Promise<KindPreference[]> {
  const kinds = notificationKindsFor(audience);
  const rows = await db
    .select({ kind: table.kind, enabled: table.enabled })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.kind, kinds)));
  const stored = new Map(rows.map((row) => [row.kind, row.enabled]));
  return kinds.map((kind) => ({ kind, label: labelOf(kind), enabled: stored.get(kind) ?? true }));
}

/**
 * Saves the given choices in `table` (one upsert for all); a kind that is not for the person's
 * audience is refused with a 400 and nothing is saved.
 */
export async function saveKindPreferences(
  db: Database,
  table: KindPreferenceTable,
  userId: string,
  audience: NotificationAudience,
  input: Record<string, boolean>,
): Promise<void> {
  const allowed = new Set<string>(notificationKindsFor(audience));
  const foreign = Object.keys(input).filter((kind) => !allowed.has(kind));
  if (foreign.length > 0) {
    throw new DomainError(
      400,
      'validation_failed',
      notificationMessages.notYours,
      Object.fromEntries(foreign.map((kind) => [kind, notificationMessages.notYours])),
    );
  }
  const now = new Date();
  await db
    .insert(table)
    .values(
      Object.entries(input).map(([kind, enabled]) => ({
        userId,
        kind: kind as NotificationKind,
        enabled,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [table.userId, table.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}
