import { UPLOAD_FIELD } from '@shared/professional/files';
import { answer, api } from '@web/lib/api';

/** The photo and resume uploads: each takes one file as multipart/form-data. */
const uploadRoutes = { photo: api.professional.photo, resume: api.professional.resume };

/** Sends one file as multipart/form-data (field `file`) and answers the profile as saved. */
export function uploadFile(kind: keyof typeof uploadRoutes, file: File) {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file, file.name);
  return answer(uploadRoutes[kind].$post(undefined, { init: { body } }));
}
