import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { moneyKeys } from './query-keys';

/** Where the year's CSV is downloaded from (a plain link: the browser sends the session cookie). */
export const earningsCsvUrl = (year: number) => `/api/professional/earnings/csv?year=${year}`;

/** The professional's earnings of a year (the current one when none is chosen). */
export function useEarnings(year: number | undefined) {
  return useQuery({
    queryKey: moneyKeys.earnings(year),
    queryFn: ({ signal }) =>
      answer(
        api.professional.earnings.$get(
          { query: year === undefined ? {} : { year: String(year) } },
          cancellable(signal),
        ),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
