/** Contact details, set at build time from CONTACT_EMAIL, CONTACT_PHONE and CONTACT_ADDRESS. */
export const contact = __CONTACT__;

/**
 * ChairFill's fee and the late-cancellation amount for the public pricing page, set at build time
 * from PLATFORM_FEE_PERCENT and LATE_CANCEL_HOURS (the portals ask the server: GET /api/payments/terms).
 */
export const publicPayTerms = __PAY_TERMS__;

export const marketingFigures = {
  practices: '500+',
  professionals: '1,000+',
  satisfaction: '98%',
  placementSuccess: '95%',
  support: '24/7',
  averagePlacement: '48h',
  counties: '21',
} as const;

export const newJerseyCounties = [
  'Atlantic',
  'Bergen',
  'Burlington',
  'Camden',
  'Cape May',
  'Cumberland',
  'Essex',
  'Gloucester',
  'Hudson',
  'Hunterdon',
  'Mercer',
  'Middlesex',
  'Monmouth',
  'Morris',
  'Ocean',
  'Passaic',
  'Salem',
  'Somerset',
  'Sussex',
  'Union',
  'Warren',
] as const;
