import { Hono, type Context } from 'hono';
import { professionalRoles, isProfessionalRole } from '@shared/accounts';
import { genericErrors } from '@shared/messages';
import type { BookedShiftsReply } from '@shared/professional/dashboard';
import { PHOTO_MAX_BYTES, RESUME_MAX_BYTES } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import { profileUpdateSchema } from '@shared/professional/profile';
import { DomainError } from '../../services/domain-error';
import { getProfessionalDashboard } from '../../services/professional/get-professional-dashboard';
import { professionalProfileJson } from '../../services/professional/get-professional-profile';
import { listBookedShifts } from '../../services/professional/list-booked-shifts';
import type { ProfessionalAccount } from '../../services/professional/professional-account';
import { replaceProfessionalFile } from '../../services/professional/replace-professional-file';
import { updateProfessionalProfile } from '../../services/professional/update-professional-profile';
import type { AppEnv } from '../app-env';
import { jsonText, readJson } from '../http';
import { loadSessionUser, requireAccount } from '../session';
import { readUploadedFile, uploadBodyLimit } from './upload-body-limit';

/** The signed-in professional (requireAccount has already refused everyone else). */
async function professionalAccount(c: Context<AppEnv>): Promise<ProfessionalAccount> {
  const user = await loadSessionUser(c);
  if (!user || !isProfessionalRole(user.accountType)) {
    throw new DomainError(403, 'forbidden', genericErrors.forbidden);
  }
  return { id: user.id, email: user.email, role: user.accountType };
}

/**
 * /api/professional: the signed-in hygienist, assistant or front desk professional's own profile,
 * files, dashboard and schedule. There is no id in any path: each answer is about the caller only.
 * Signed out: 401; a practice: 403.
 */
export const professionalRoutes = new Hono<AppEnv>()
  .use('*', requireAccount(...professionalRoles))
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/profile', async (c) => {
    const account = await professionalAccount(c);
    return jsonText(c, await professionalProfileJson(c.get('services'), account));
  })
  .put('/profile', async (c) => {
    const account = await professionalAccount(c);
    const update = await readJson(c, profileUpdateSchema(account.role));
    return c.json(await updateProfessionalProfile(c.get('services'), account, update));
  })
  .post(
    '/photo',
    uploadBodyLimit(PHOTO_MAX_BYTES, professionalMessages.photoTooLarge),
    async (c) => {
      const account = await professionalAccount(c);
      const upload = await readUploadedFile(c);
      return c.json(await replaceProfessionalFile(c.get('services'), account, 'photo', upload));
    },
  )
  .post(
    '/resume',
    uploadBodyLimit(RESUME_MAX_BYTES, professionalMessages.resumeTooLarge),
    async (c) => {
      const account = await professionalAccount(c);
      const upload = await readUploadedFile(c);
      return c.json(await replaceProfessionalFile(c.get('services'), account, 'resume', upload));
    },
  )
  .get('/dashboard', async (c) => {
    const account = await professionalAccount(c);
    return c.json(await getProfessionalDashboard(c.get('services'), account));
  })
  .get('/shifts', async (c) => {
    const account = await professionalAccount(c);
    const reply: BookedShiftsReply = { shifts: await listBookedShifts(c.get('services'), account) };
    return c.json(reply);
  });
