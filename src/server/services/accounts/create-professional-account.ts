import { positionLabelByRole } from '@shared/accounts';
import { signupErrors } from '@shared/messages';
import { homeAddressLine } from '@shared/professional/home-address';
import type { ProfessionalSignup } from '@shared/validation/professional-signup';
import { professionals } from '../../db/schema';
import { homeCoordinates } from '../../geo/zip-centroids';
import { firstCredentialFromSignup } from '../trust/credentials';
import type { ServiceContext } from '../context';
import { createUserWithPassword, type CreatedUser } from './create-user-with-password';

/**
 * Professional signup: the account and the professional record, status 'pending'. The street,
 * city, state and ZIP code typed become the profile's Home Address (the ZIP code also places them
 * for matching). The license fields become the first credential (decision record 022), waiting
 * for review with its expiry not known yet.
 */
export async function createProfessionalAccount(
  ctx: ServiceContext,
  input: ProfessionalSignup,
  requestHeaders?: Headers,
): Promise<CreatedUser & { professionalId: string }> {
  let professionalId = '';
  const created = await createUserWithPassword(
    ctx,
    {
      email: input.email,
      requestHeaders,
      password: input.password,
      name: `${input.firstName} ${input.lastName}`,
      accountType: input.role,
    },
    signupErrors.professionalEmailInUse,
    // The record and its first credential (the license fields) together, or neither.
    async (userId) =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(professionals)
          .values({
            userId,
            role: input.role,
            position: positionLabelByRole[input.role],
            status: 'pending',
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            address: input.address,
            city: input.city,
            state: input.state,
            zipCode: input.zipCode,
            homeAddress: homeAddressLine(input),
            homeZipCode: input.zipCode,
            ...homeCoordinates(input.zipCode),
            licenseNumber: input.role === 'front-desk' ? null : input.licenseNumber,
            licenseType: input.role === 'assistant' && input.licenseType ? input.licenseType : null,
            yearsOfExperience: input.yearsOfExperience,
            employmentStatus: input.employmentStatus || null,
          })
          .returning({ id: professionals.id });
        professionalId = row!.id;
        await firstCredentialFromSignup(tx, professionalId, input);
      }),
  );
  return { ...created, professionalId };
}
