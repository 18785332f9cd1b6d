import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsInput } from '@shared/fill/alert-settings';
import { answer, api, cancellable } from '@web/lib/api';
import { alertSettingsKeys } from './query-keys';

export function fetchAlertSettings(signal?: AbortSignal) {
  return answer(api.professional['alert-settings'].$get(undefined, cancellable(signal)));
}

export const alertSettingsQuery = queryOptions({
  queryKey: alertSettingsKeys.settings,
  queryFn: ({ signal }) => fetchAlertSettings(signal),
});

export function useAlertSettings() {
  return useQuery(alertSettingsQuery);
}

export function saveAlertSettings(input: AlertSettingsInput) {
  return answer(api.professional['alert-settings'].$put({ json: input }));
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (reply) => queryClient.setQueryData(alertSettingsQuery.queryKey, reply),
  });
}
