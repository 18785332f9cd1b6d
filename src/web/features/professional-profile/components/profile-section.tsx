import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { useProfessionalProfile } from '../api/profile';
import { PersonalInformationCard } from './personal-information-card';
import { profileLoadFailed, SectionFailed, SectionHeading, SectionLoading } from './section-states';
import { SkillsExperienceCard } from './skills-experience-card';

/** Profile: the personal (or basic) information card and the skills & experience card. */
export function ProfileSection({ description }: { description: ProfessionalRoleDescription }) {
  const profile = useProfessionalProfile();
  return (
    <section aria-labelledby="profile-heading" className="space-y-6">
      <SectionHeading id="profile-heading">Profile</SectionHeading>
      {profile.isPending ? (
        <SectionLoading />
      ) : profile.isError ? (
        <SectionFailed message={profileLoadFailed} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <PersonalInformationCard profile={profile.data} description={description} />
          <SkillsExperienceCard profile={profile.data} description={description} />
        </>
      )}
    </section>
  );
}
