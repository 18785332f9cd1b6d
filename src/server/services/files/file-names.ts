/**
 * Characters that must not reach a shown or saved name: controls (\p{Cc}), invisible format
 * characters such as the right-to-left override that can disguise an extension (\p{Cf}), line
 * and paragraph separators, lone surrogate halves, and the double quote.
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}"]/gu;

/**
 * A file name safe to show and to send in Content-Disposition: no path, no control, format or
 * direction characters, no leading dots, at most 110 characters (whole characters, never half
 * an emoji) before the extension the content was found to have.
 */
export function displayFileName(original: string, extension: string, fallback: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').trim();
  const stem = Array.from(base.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/^[.\s]+/, ''))
    .slice(0, 110)
    .join('')
    .trim();
  return `${stem || fallback}.${extension}`;
}

/** The ASCII form of a name for storage keys and the plain `filename=` parameter. */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return ascii.slice(0, 120) || 'file';
}

/** `inline` or `attachment` with both a plain and an RFC 5987 UTF-8 file name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded}`;
}
