/**
 * A reason someone gave (a cancellation, a rejection, a suspension) as the sentence notices and
 * e-mails show: 'Reason: <the reason as written>', ending with its own full stop (or question or
 * exclamation mark), and with one added only when it has none. Empty when no reason was given.
 */
export function reasonSentence(reason: string): string {
  const text = reason.trim();
  if (!text) return '';
  return `Reason: ${/[.!?…]["')\]]*$/.test(text) ? text : `${text}.`}`;
}
