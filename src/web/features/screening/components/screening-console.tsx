import { useState } from 'react';
import {
  professionalStatuses,
  screeningMessages,
  type ProfessionalStatus,
} from '@shared/screening-constants';
import { QueryState } from '@web/components/ui/query-state';
import { Tabs } from '@web/components/ui/tabs';
import { useScreeningList } from '../api/screening-list';
import { ScreeningProfessionalCard } from './screening-professional-card';

const tabLabels: Record<ProfessionalStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

const emptyTexts: Record<ProfessionalStatus, string> = {
  pending: 'No professionals are waiting for review.',
  verified: 'No verified professionals yet.',
  rejected: 'No rejected professionals.',
  suspended: 'No suspended professionals.',
};

/** The admin's screening console: one tab per status, each listing its professionals. */
export function ScreeningConsole() {
  const [status, setStatus] = useState<ProfessionalStatus>('pending');
  const list = useScreeningList(status);
  const counts = list.data?.counts;
  const tabs = professionalStatuses.map((value) => ({
    value,
    label: counts ? `${tabLabels[value]} (${counts[value]})` : tabLabels[value],
  }));
  return (
    <section aria-labelledby="screening-heading" className="space-y-4">
      <h1 id="screening-heading" className="text-2xl font-bold text-ink">
        Professional screening
      </h1>
      <p className="text-slate-700">
        Check each professional’s license, experience, photo and resume, then verify or reject them.
        Only verified professionals can apply for or book shifts.
      </p>
      <Tabs label="Professionals by status" tabs={tabs} value={status} onChange={setStatus}>
        <QueryState
          query={list}
          failed={screeningMessages.listFailed}
          loadingText="Loading…"
          empty={{
            when: (data) => data.status === status && data.professionals.length === 0,
            message: emptyTexts[status],
          }}
        >
          {(data) =>
            // The previous tab's list stays in the cache while this one loads.
            data.status !== status ? (
              <p role="status" className="text-slate-700">
                Loading…
              </p>
            ) : (
              <div className="space-y-4">
                {data.professionals.map((pro) => (
                  <ScreeningProfessionalCard key={pro.id} pro={pro} />
                ))}
              </div>
            )
          }
        </QueryState>
      </Tabs>
    </section>
  );
}
