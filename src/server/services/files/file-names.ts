/**
 * A file name safe to show and to send in Content-Disposition: no path, no control characters,
 * at most 120 characters, ending in the extension the content was found to have.
 */
export function displayFileName(original: string, extension: string, fallback: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  const stem =
    base
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .slice(0, 110)
      .trim() || fallback;
  return `${stem}.${extension}`;
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
