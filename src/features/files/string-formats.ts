// Upload data given as a string (specification: raw, base64, base64url or a data URL of the form
// 'data:[<mediatype>][;base64],<data>'), turned into bytes with the content type the data URL
// names. Failures carry the specification's rules in Firebase Storage's wording, so both
// backends report the same text.

export const STRING_FORMATS = ['raw', 'base64', 'base64url', 'data_url'] as const;
export type StringFormat = (typeof STRING_FORMATS)[number];

export class StringFormatError extends Error {
  readonly code = 'invalid-format';
  constructor(
    readonly format: StringFormat,
    detail: string,
  ) {
    super(`String does not match format '${format}': ${detail}`);
    this.name = 'StringFormatError';
  }
}

export interface StringData {
  bytes: Uint8Array;
  /** From a data URL's media type; null otherwise. */
  contentType: string | null;
}

const BASE64_ALPHABET = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(format: StringFormat, value: string): Uint8Array {
  const compact = value.replace(/\s+/g, '');
  // Padding may be left out; anything outside the alphabet may not.
  if (!BASE64_ALPHABET.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new StringFormatError(format, 'Invalid character found');
  }
  let binary: string;
  try {
    binary = atob(compact);
  } catch {
    throw new StringFormatError(format, 'Invalid character found');
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function base64Bytes(format: 'base64' | 'base64url', value: string): Uint8Array {
  if (format === 'base64') {
    const wrong = value.includes('-') ? '-' : value.includes('_') ? '_' : null;
    if (wrong) throw new StringFormatError(format, `Invalid character '${wrong}' found: is it base64url encoded?`);
    return decodeBase64(format, value);
  }
  const wrong = value.includes('+') ? '+' : value.includes('/') ? '/' : null;
  if (wrong) throw new StringFormatError(format, `Invalid character '${wrong}' found: is it base64 encoded?`);
  return decodeBase64(format, value.replace(/-/g, '+').replace(/_/g, '/'));
}

function dataUrl(value: string): StringData {
  const match = /^data:([^,]+)?,/.exec(value);
  if (!match) throw new StringFormatError('data_url', "Must be formatted 'data:[<mediatype>][;base64],<data>");
  const middle = match[1] ?? null;
  const isBase64 = middle?.endsWith(';base64') ?? false;
  const contentType = middle ? (isBase64 ? middle.slice(0, -';base64'.length) : middle) || null : null;
  const rest = value.slice(value.indexOf(',') + 1);
  if (isBase64) return { bytes: base64Bytes('base64', rest), contentType };
  let text: string;
  try {
    text = decodeURIComponent(rest);
  } catch {
    throw new StringFormatError('data_url', 'Malformed data URL.');
  }
  return { bytes: new TextEncoder().encode(text), contentType };
}

export function dataFromString(format: StringFormat, value: string): StringData {
  switch (format) {
    case 'raw':
      return { bytes: new TextEncoder().encode(value), contentType: null };
    case 'base64':
    case 'base64url':
      return { bytes: base64Bytes(format, value), contentType: null };
    case 'data_url':
      return dataUrl(value);
  }
}
