import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { textMessageKeys } from './query-keys';

export function fetchTextMessageSettings(signal?: AbortSignal) {
  return answer(api.notifications.sms.$get(undefined, cancellable(signal)));
}

export const textMessageSettingsQuery = queryOptions({
  queryKey: textMessageKeys.settings,
  queryFn: ({ signal }) => fetchTextMessageSettings(signal),
});

/** How often the card looks again while a code is on its way (has it gone out, or failed?). */
const DELIVERY_CHECK_MS = 2000;

export function useTextMessageSettings() {
  return useQuery({
    ...textMessageSettingsQuery,
    refetchInterval: (query) =>
      query.state.data?.code?.delivery === 'sending' ? DELIVERY_CHECK_MS : false,
  });
}
