/**
 * Text for HTML written as a string (the development mailbox and the unsubscribe pages). E-mails
 * are react-email components (mail/templates), escaped by React.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
