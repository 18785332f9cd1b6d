/** Every user-facing message of the product, word for word from the product specification. */
export const fieldMessages = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid 10-digit phone number',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  licenseNumberRequired: 'License number is required',
  employmentStatusRequired: 'Please select your employment status',
  termsRequired: 'You must accept the Terms of Service and Privacy Policy',
  passwordTooLong: 'Password must be at most 128 characters long',
  yearsOfExperienceInvalid: 'Please enter a number of years from 0 to 60',
} as const;

/** Text fields: one-line fields refuse line breaks; no field takes other control characters. */
export const textMessages = {
  oneLine: 'Please remove line breaks and special characters.',
  specialCharacters: 'Please remove special characters.',
} as const;

export const signupErrors = {
  practiceEmailInUse: 'An account with this email already exists.',
  professionalEmailInUse:
    'An account with this email already exists. Please use a different email or login to your existing account.',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: 'Password should be at least 6 characters long.',
  network: 'Network error. Please check your internet connection.',
  fallback: 'Failed to create account. Please try again.',
} as const;

export const loginErrors = {
  invalidCredentials: 'Invalid email or password',
  tooManyRequests: 'Too many failed attempts. Please try again later',
  fallback: 'Failed to sign in. Please try again',
  accountNotFound: 'Account not found. Please check your credentials.',
} as const;

export const passwordResetMessages = {
  sent: 'Check your email for password reset instructions',
  invalidEmail: 'Please enter a valid email address',
  fallback: 'Failed to send reset email. Please try again',
  passwordChanged: 'Your password has been changed. You can now sign in with your new password.',
  linkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  changeFailed: 'Failed to reset password. Please try again',
} as const;

export const genericErrors = {
  badRequest: 'The request could not be understood. Please check your input and try again.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Please send the request as JSON (Content-Type: application/json).',
  notFound: 'Not found',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have access to this resource.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  /** A request that never reached the server (offline, connection lost). */
  network: signupErrors.network,
} as const;

/** The banner every interactive page shows while the browser is offline. */
export const connectionMessages = {
  offline: "You're offline. Nothing can be saved until your connection is back.",
} as const;
