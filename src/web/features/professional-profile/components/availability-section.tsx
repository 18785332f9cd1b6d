import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { useProfessionalProfile } from '../api/profile';
import { EmploymentStatusCard } from './employment-status-card';
import { LocationCard } from './location-card';
import { RatePreferenceCard } from './rate-preference-card';
import { profileLoadFailed, SectionFailed, SectionHeading, SectionLoading } from './section-states';
import { WeeklyAvailabilityCard } from './weekly-availability-card';

/** Availability: employment status, rate preference, location and the weekly hours. */
export function AvailabilitySection({ description }: { description: ProfessionalRoleDescription }) {
  const profile = useProfessionalProfile();
  return (
    <section aria-labelledby="availability-heading" className="space-y-6">
      <SectionHeading id="availability-heading">Availability</SectionHeading>
      {profile.isPending ? (
        <SectionLoading />
      ) : profile.isError ? (
        <SectionFailed message={profileLoadFailed} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <EmploymentStatusCard profile={profile.data} description={description} />
            <RatePreferenceCard profile={profile.data} description={description} />
          </div>
          <LocationCard profile={profile.data} description={description} />
          <WeeklyAvailabilityCard profile={profile.data} description={description} />
        </>
      )}
    </section>
  );
}
