/** The JSON shape of every error answer from the API. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field name -> first message, for validation errors. */
    fields?: Record<string, string>;
  };
}
