/**
 * The professional's home address: one line of street, town and state (`homeAddress`, what the
 * signup form's street, city and state fields become) and the ZIP code kept apart
 * (`homeZipCode`, which places them on the map for matching).
 */
export function homeAddressLine(parts: { address: string; city: string; state: string }): string {
  return [parts.address, parts.city, parts.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** 'Street, Town, NJ 07102' as the profile shows it; '' when neither part is known. */
export function formatHomeAddress(homeAddress: string, homeZipCode: string): string {
  return [homeAddress.trim(), homeZipCode.trim()].filter(Boolean).join(' ');
}
