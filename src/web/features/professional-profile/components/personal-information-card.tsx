import { Suspense } from 'react';
import { ChangeEmail } from '@web/components/portal/change-email';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { EditableCard, type ProfileCardProps } from './editable-card';
import { FormLoading } from './form-loading';
import { PhotoField } from './photo-field';
import { ReadField, ReadGrid } from './read-only';

// The card's form (with the form library, zod and the shared field rules) loads when Edit is
// chosen: the profile's first screen shows the card read-only and runs none of it.
const PersonalForm = lazyChunk(() => import('./personal-information-form'));

/** 'Personal Information' (hygienist, front desk) or 'Basic Information' (assistant), with the photo. */
export function PersonalInformationCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title={description.personalCardTitle}
      formId="personal-information-form"
      saveMessage={description.saveMessage}
      lead={<PhotoField photo={profile.photo} />}
    >
      {({ editing, form }) =>
        editing ? (
          <Suspense fallback={<FormLoading />}>
            <PersonalForm {...form} profile={profile} description={description} />
          </Suspense>
        ) : (
          <div className="space-y-4">
            <ReadGrid>
              <ReadField label="First Name" value={profile.firstName} />
              <ReadField label="Last Name" value={profile.lastName} />
              <ReadField label="Email" value={profile.email} />
              <ReadField label="Phone" value={profile.phone} />
              <ReadField label="Position" value={profile.position} />
              {description.hasLicenseNumber ? (
                <ReadField label="License Number" value={profile.licenseNumber} />
              ) : null}
              {description.hasLicenseType ? (
                <ReadField label="License Type" value={profile.licenseType} />
              ) : null}
            </ReadGrid>
            <ChangeEmail />
          </div>
        )
      }
    </EditableCard>
  );
}
