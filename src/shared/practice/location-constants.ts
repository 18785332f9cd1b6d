/** Location texts and the LocationDto, without the validation schema (in locations.ts, with zod). */

export const locationMessages = {
  loadFailed: 'Failed to load locations',
  addFailedPrefix: 'Failed to add location. Error: ',
  updateFailed: 'Failed to update location',
  makeMainFailed: 'Failed to update main location',
  deleteFailed: 'Failed to delete location',
  cannotDeleteMain: 'Cannot delete the main location',
  confirmDelete: 'Are you sure you want to delete this location?',
  operatoryMin: 'Operatory count must be at least 1',
  notFound: 'Location not found',
} as const;
