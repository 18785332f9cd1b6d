import { useState } from 'react';
import {
  professionalStatuses,
  screeningMessages,
  type ProfessionalStatus,
} from '@shared/screening-constants';
import { Button } from '@web/components/ui/button';
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
  const shown = list.data && list.data.status === status ? list.data.professionals : null;
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
        {list.isLoadingError ? (
          <div className="space-y-2" role="alert">
            <p className="text-red-700">{screeningMessages.listFailed}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : !shown ? (
          <p aria-busy="true" className="text-slate-600">
            Loading…
          </p>
        ) : shown.length === 0 ? (
          <p className="text-slate-700">{emptyTexts[status]}</p>
        ) : (
          <div className="space-y-4">
            {shown.map((pro) => (
              <ScreeningProfessionalCard key={pro.id} pro={pro} />
            ))}
          </div>
        )}
      </Tabs>
    </section>
  );
}
