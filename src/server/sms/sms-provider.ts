/**
 * Sends text messages for ChairFill: Twilio when TWILIO_ACCOUNT_SID is set, else a sandbox that
 * saves each text to the development mailbox. Every failure to send is an SmsProviderError.
 */
export interface SmsProvider {
  readonly name: 'twilio' | 'sandbox';

  /** Sends one text to `to` (E.164, e.g. +12015550123); answers the provider's id of it. */
  send(text: { to: string; body: string }): Promise<{ providerId: string }>;

  /**
   * Whether an inbound request really comes from the provider: the signature header over the
   * public address it was sent to and its form fields. The sandbox receives none (always false).
   */
  isSignedInbound(input: {
    url: string;
    params: Record<string, string>;
    signature: string;
  }): boolean;
}

/** A text the provider did not take. */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly options: {
      /** The provider's error code (Twilio's, e.g. 21211), when it gave one. */
      code?: number;
      /** Trying again cannot succeed (an invalid or unsubscribed number). */
      permanent?: boolean;
      /** The recipient replied STOP to our number: they get no texts until they reply START. */
      optedOut?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }

  get permanent(): boolean {
    return this.options.permanent ?? false;
  }

  get optedOut(): boolean {
    return this.options.optedOut ?? false;
  }
}
