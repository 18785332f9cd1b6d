import zipcodes from 'zipcodes';

/** A ZIP code's centroid in degrees (WGS 84). */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The centroid of a US ZIP code from the offline data set of the `zipcodes` package (no network),
 * or null when the ZIP is empty or unknown. Accepts ZIP+4 ('07601-1234'): the first five digits.
 */
export function zipCentroid(zipCode: string | null | undefined): Coordinates | null {
  const zip = /^\s*(\d{5})/.exec(zipCode ?? '')?.[1];
  if (!zip) return null;
  const found = zipcodes.lookup(zip);
  if (!found || !Number.isFinite(found.latitude) || !Number.isFinite(found.longitude)) return null;
  return { latitude: found.latitude, longitude: found.longitude };
}

/** The centroid as the nullable `latitude`/`longitude` columns of a location or a shift. */
export function zipCoordinates(zipCode: string | null | undefined): {
  latitude: number | null;
  longitude: number | null;
} {
  const centroid = zipCentroid(zipCode);
  return { latitude: centroid?.latitude ?? null, longitude: centroid?.longitude ?? null };
}

/**
 * Where a location's shifts are placed for matching: its stored coordinates, or its ZIP's
 * centroid when it has none yet (a posting copies this onto each shift).
 */
export function locationCoordinates(location: {
  latitude: number | null;
  longitude: number | null;
  zipCode: string | null;
}): { latitude: number | null; longitude: number | null } {
  return location.latitude !== null && location.longitude !== null
    ? { latitude: location.latitude, longitude: location.longitude }
    : zipCoordinates(location.zipCode);
}

/** The centroid as a professional's nullable `homeLatitude`/`homeLongitude` columns. */
export function homeCoordinates(zipCode: string | null | undefined): {
  homeLatitude: number | null;
  homeLongitude: number | null;
} {
  const centroid = zipCentroid(zipCode);
  return {
    homeLatitude: centroid?.latitude ?? null,
    homeLongitude: centroid?.longitude ?? null,
  };
}
