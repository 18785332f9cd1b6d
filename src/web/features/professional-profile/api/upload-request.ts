import type { ApiErrorBody } from '@shared/api-error';
import { genericErrors } from '@shared/messages';
import { UPLOAD_FIELD } from '@shared/professional/files';
import type { ProfessionalProfileDto } from '@shared/professional/profile';
import { ApiError } from '@web/lib/api-client';

/** Sends one file as multipart/form-data (the JSON client cannot) and returns the profile. */
export async function uploadFile(path: string, file: File): Promise<ProfessionalProfileDto> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', genericErrors.network);
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'unknown',
      error?.message ?? '',
      error?.fields,
    );
  }
  return data as ProfessionalProfileDto;
}
