import { eq } from 'drizzle-orm';
import { mergeFlagGroup } from '@shared/professional/flag-groups';
import type { ProfileUpdate } from '@shared/professional/profile';
import type { ProfessionalProfileDto } from '@shared/professional/professional-replies';
import { roleDescriptions } from '@shared/professional/roles';
import {
  changedFieldsReason,
  reviewedFieldLabels,
  type ReviewedField,
} from '@shared/screening-constants';
import { professionals, verificationDecisions } from '../../db/schema';
import { homeCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { defaultProfessionalValues } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';
import { getProfessionalProfile } from './get-professional-profile';

/**
 * A card save: the validated fields (see profileUpdateSchema) merged over the record. Flag groups
 * merge key by key, so a save that names one option keeps the others. A verified professional
 * who changes an identity or license field (reviewedFieldLabels) goes back to review: status
 * pending, and the decision history records 'changed' with what changed (e.g. 'Changed license
 * number'); applying, booking and being accepted need verification again.
 */
export async function updateProfessionalProfile(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  update: ProfileUpdate,
): Promise<ProfessionalProfileDto> {
  const description = roleDescriptions[account.role];
  await ctx.db.transaction(async (tx) => {
    // Locked against another save and against applying or booking (which hold it for share),
    // not against rows that only refer to it (a message, a timesheet: key share), which a save
    // never changes.
    const lockRecord = () =>
      tx
        .select()
        .from(professionals)
        .where(eq(professionals.userId, account.id))
        .for('no key update');
    let [current] = await lockRecord();
    if (!current) {
      // A save before the first portal load: the record is made with its role's defaults.
      await tx
        .insert(professionals)
        .values(defaultProfessionalValues(account))
        .onConflictDoNothing({ target: professionals.userId });
      [current] = await lockRecord();
    }
    const values: Partial<typeof professionals.$inferInsert> = {};
    if (update.firstName !== undefined) values.firstName = update.firstName;
    if (update.lastName !== undefined) values.lastName = update.lastName;
    if (update.phone !== undefined) values.phone = update.phone;
    if (update.yearsOfExperience !== undefined) values.yearsOfExperience = update.yearsOfExperience;
    if (update.employmentStatus !== undefined) values.employmentStatus = update.employmentStatus;
    if (update.minimumRate !== undefined) values.minimumRateCents = update.minimumRate;
    if (update.availability !== undefined) values.availability = update.availability;
    if (update.preferredLocations !== undefined) {
      values.preferredLocations = update.preferredLocations;
    }
    if (update.homeAddress !== undefined) values.homeAddress = update.homeAddress;
    if (update.homeZipCode !== undefined) {
      values.homeZipCode = update.homeZipCode;
      Object.assign(values, homeCoordinates(update.homeZipCode));
    }
    if (update.travelDistance !== undefined) values.travelDistanceMiles = update.travelDistance;
    if (description.hasLicenseNumber && update.licenseNumber !== undefined) {
      values.licenseNumber = update.licenseNumber;
    }
    if (description.hasLicenseType && update.licenseType !== undefined) {
      values.licenseType = update.licenseType;
    }
    for (const group of description.flagGroups) {
      const change = update[group.name];
      if (change === undefined) continue;
      const merged = mergeFlagGroup(group, current![group.name]);
      for (const [key, value] of Object.entries(change)) {
        if (value !== undefined) merged[key] = value;
      }
      values[group.name] = merged;
    }
    const changed = (Object.keys(reviewedFieldLabels) as ReviewedField[]).filter(
      (field) => values[field] !== undefined && values[field] !== current![field],
    );
    if (current!.status === 'verified' && changed.length) {
      values.status = 'pending';
      await tx.insert(verificationDecisions).values({
        professionalId: current!.id,
        adminUserId: null,
        decision: 'changed',
        reason: changedFieldsReason(changed),
      });
      ctx.logger.info('verified professional changed identity or license: back to review', {
        userId: account.id,
        fields: changed,
      });
    }
    // A save that names nothing (an empty card) changes nothing, not even when it was saved.
    if (Object.keys(values).length === 0) return;
    await tx
      .update(professionals)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(professionals.userId, account.id));
  });
  return getProfessionalProfile(ctx, account);
}
