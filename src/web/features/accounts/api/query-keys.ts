/** The accounts feature's query keys (the session is read across the app by its portal guards). */
export const accountKeys = {
  session: ['session'],
} as const;
