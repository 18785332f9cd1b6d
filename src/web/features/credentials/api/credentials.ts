import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { UPLOAD_FIELD } from '@shared/professional/files';
import type {
  CredentialDecision,
  CredentialStatus,
  CredentialUpdate,
  NewCredential,
} from '@shared/trust/credentials';
import { answer, api, cancellable } from '@web/lib/api';

export const credentialKeys = {
  /** The professional's own credentials. */
  own: ['professional', 'credentials'],
  /** The staff console's tabs. */
  all: ['admin', 'credentials'],
  list: (status: CredentialStatus) => ['admin', 'credentials', status] as const,
} as const;

/** What a change of credentials changes too: the board (requirements) and the own list. */
function forgetOwn(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: credentialKeys.own });
  void queryClient.invalidateQueries({ queryKey: ['professional', 'shift-board'] });
}

/** GET /api/professional/credentials. */
export const ownCredentialsQuery = queryOptions({
  queryKey: credentialKeys.own,
  queryFn: ({ signal }) =>
    answer(api.professional.credentials.$get(undefined, cancellable(signal))),
});

export function useOwnCredentials() {
  return useQuery(ownCredentialsQuery);
}

/** Sends one document as multipart/form-data (field `file`). */
function uploadDocument(id: string, file: File) {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file, file.name);
  return answer(
    api.professional.credentials[':id'].document.$post({ param: { id } }, { init: { body } }),
  );
}

/** POST /api/professional/credentials, then its document when one was chosen. */
export function useAddCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, document }: { input: NewCredential; document: File | null }) => {
      const created = await answer(api.professional.credentials.$post({ json: input }));
      return document ? uploadDocument(created.id, document) : created;
    },
    onSettled: () => forgetOwn(queryClient),
  });
}

/** PUT /api/professional/credentials/:id (the fields shown), then a new document if chosen. */
export function useUpdateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      document,
    }: {
      id: string;
      input: CredentialUpdate;
      document: File | null;
    }) => {
      const saved = await answer(
        api.professional.credentials[':id'].$put({ param: { id }, json: input }),
      );
      return document ? uploadDocument(id, document) : saved;
    },
    onSettled: () => forgetOwn(queryClient),
  });
}

/** DELETE /api/professional/credentials/:id. */
export function useRemoveCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answer(api.professional.credentials[':id'].$delete({ param: { id } })),
    onSettled: () => forgetOwn(queryClient),
  });
}

/** GET /api/admin/credentials?status=…: one console tab, with every tab's count. */
export const credentialReviewQuery = (status: CredentialStatus) =>
  queryOptions({
    queryKey: credentialKeys.list(status),
    queryFn: ({ signal }) =>
      answer(api.admin.credentials.$get({ query: { status } }, cancellable(signal))),
  });

export function useCredentialReview(status: CredentialStatus) {
  return useQuery({ ...credentialReviewQuery(status), placeholderData: keepPreviousData });
}

/** POST /api/admin/credentials/:id/decisions. */
export function useDecideCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
      seenUpdatedAt,
    }: {
      id: string;
      decision: CredentialDecision;
      reason: string;
      seenUpdatedAt: string;
    }) =>
      answer(
        api.admin.credentials[':id'].decisions.$post({
          param: { id },
          json: { decision, reason, seenUpdatedAt },
        }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: credentialKeys.all });
    },
  });
}
