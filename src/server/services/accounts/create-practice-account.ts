import { signupErrors } from '@shared/messages';
import type { PracticeSignup } from '@shared/validation/practice-signup';
import { locations, practices } from '../../db/schema';
import { zipCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { createUserWithPassword, type CreatedUser } from './create-user-with-password';

export const emptyPracticeSoftware = {
  Dentrix: false,
  Eaglesoft: false,
  OpenDental: false,
  'Dentrix Ascend': false,
  Curve: false,
  'Practice Web': false,
  other: '',
};

/** Practice signup: the account, the practice record and its main location. */
export async function createPracticeAccount(
  ctx: ServiceContext,
  input: PracticeSignup,
  requestHeaders?: Headers,
): Promise<CreatedUser & { practiceId: string }> {
  let practiceId = '';
  const created = await createUserWithPassword(
    ctx,
    {
      email: input.email,
      requestHeaders,
      password: input.password,
      name: input.pointOfContact,
      accountType: 'practice',
    },
    signupErrors.practiceEmailInUse,
    async (userId) => {
      await ctx.db.transaction(async (tx) => {
        const [practice] = await tx
          .insert(practices)
          .values({
            userId,
            practiceName: input.practiceName,
            email: input.email,
            phone: input.phone,
            address: input.address,
            city: input.city,
            state: input.state,
            zipCode: input.zipCode,
            pointOfContact: input.pointOfContact,
            dentalSoftware: emptyPracticeSoftware,
          })
          .returning({ id: practices.id });
        practiceId = practice!.id;
        await tx.insert(locations).values({
          practiceId,
          name: input.practiceName || 'Main Office',
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          ...zipCoordinates(input.zipCode),
          phone: input.phone,
          email: input.email,
          pointOfContact: input.pointOfContact,
          isMainLocation: true,
        });
      });
    },
  );
  return { ...created, practiceId };
}
