import { contact } from '@web/lib/site-config';

/** `tel:` link for the support phone number, keeping only digits and a leading plus. */
export const phoneHref = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;
