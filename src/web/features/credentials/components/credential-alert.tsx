import { Link } from 'react-router';
import { addDays, practiceDateOf } from '@shared/practice/shift-dates';
import { credentialTexts } from '@shared/trust/credentials-constants';
import type { CredentialListDto } from '@shared/trust/credentials';
import { useOwnCredentials } from '../api/credentials';

/** How far ahead the dashboard warns of a required credential that expires. */
const WARN_DAYS = 30;

/**
 * What the dashboard says about the role's required credentials: one that has expired (bookings
 * are refused until a renewal is verified), or one whose last valid card expires within 30 days.
 * Nothing when all is well.
 */
export function alertOf(data: CredentialListDto, today: string): string | null {
  const expired = data.required.find((item) => item.state === 'expired');
  if (expired) return credentialTexts.alerts.expired(expired.name);
  const horizon = addDays(today, WARN_DAYS);
  for (const item of data.required) {
    if (item.state !== 'valid') continue;
    const valid = data.credentials.filter(
      (c) => c.kind === item.kind && c.status === 'verified' && !c.expired,
    );
    if (valid.some((c) => c.expiresOn === null)) continue;
    const last = valid
      .map((c) => c.expiresOn!)
      .sort()
      .at(-1);
    if (last && last <= horizon) return credentialTexts.alerts.expiring(item.name, last);
  }
  return null;
}

/** The dashboard's line about required credentials, with the way to Credentials. */
export function CredentialAlert() {
  const list = useOwnCredentials();
  const text = list.data ? alertOf(list.data, practiceDateOf(new Date())) : null;
  if (!text) return null;
  return (
    <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {text}{' '}
      <Link to="credentials" className="font-semibold text-brand-800 underline">
        {credentialTexts.alerts.action}
      </Link>
    </p>
  );
}
