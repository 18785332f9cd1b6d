import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShiftPreviewQueryInput } from '@shared/fill/shift-preview';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftKeys } from './query-keys';

/** GET /api/practice/shift-preview: the market rate band and the reach of a shift not posted. */
export function fetchShiftPreview(query: Required<ShiftPreviewQueryInput>, signal?: AbortSignal) {
  return answer(api.practice['shift-preview'].$get({ query }, cancellable(signal)));
}

/**
 * Asked while the new-shift form has what it needs (`query`; null: not yet). The previous answer
 * stays on screen while the next one loads; nothing is posted.
 */
export function useShiftPreview(query: Required<ShiftPreviewQueryInput> | null) {
  return useQuery({
    queryKey: shiftKeys.preview(query ? new URLSearchParams(query).toString() : ''),
    queryFn: ({ signal }) => fetchShiftPreview(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
