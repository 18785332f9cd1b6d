/** The professional portals' messages (spec section 8, word for word where the spec has them). */
export const professionalMessages = {
  /** Success texts differ by role: see roleDescriptions[role].saveMessage. */
  changesSaved: 'Changes saved successfully!',
  profileUpdated: 'Profile updated successfully!',
  saveFailed: 'Failed to save changes',
  uploadFailed: 'Failed to upload file',
  photoUploadFailed: 'Failed to upload photo',
  notProvided: 'Not provided',
  noFileUploaded: 'No file uploaded',
  selectSection: 'Select a section',
  endAfterStart: 'End time must be after start time',
  hourOnly: 'Please choose a time on the hour, from 12:00 AM to 11:00 PM',
  dayInvalid: 'Please choose a day from Monday to Sunday',
  dayRepeated: 'Each day can be listed only once',
  travelDistanceInvalid: 'Please enter a travel distance from 0 to 500 miles',
  yearsOfExperienceInvalid: 'Please enter a number of years from 0 to 60',
  zipCodeInvalid: 'Please enter a valid 5-digit ZIP code',
  employmentStatusInvalid: 'Please choose one of the employment statuses',
  licenseTypeInvalid: 'Please choose General, CDA, RDA or EFDA',
  locationRequired: 'Please enter a location',
  tooManyLocations: 'Please list at most 20 preferred locations',
  flagMustBeBoolean: 'Must be checked or unchecked',
  nothingToSave: 'Nothing to save',
  fileMissing: 'Please choose a file to upload',
  photoTooLarge: 'The photo must be 5 MB or smaller',
  photoWrongType: 'The photo must be an image file (for example JPEG, PNG, GIF or WebP)',
  resumeTooLarge: 'The resume must be 10 MB or smaller',
  resumeWrongType: 'The resume must be a PDF, DOC or DOCX file',
  fileNotFound: 'File not found',
  noUpcomingShifts: 'No upcoming shifts',
  noShiftsYet:
    'You have no booked shifts yet. Shifts you are booked for will appear here and on the calendar.',
} as const;

/** 'Unknown field: x' / 'Unknown option: y' for keys a strict schema does not describe. */
export function unknownKeysMessage(kind: 'field' | 'option', keys: readonly PropertyKey[]): string {
  const names = keys.map(String).join(', ');
  return `Unknown ${kind}${keys.length > 1 ? 's' : ''}: ${names}`;
}
