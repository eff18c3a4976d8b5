/**
 * The ?redirect= of the login pages comes from the address bar, so anyone can craft it. Only a
 * path inside this app may be followed after sign-in; anything else would make our login page
 * an open redirect to a phishing site.
 */
export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  // '//evil.example' and '/\evil.example' are protocol-relative URLs in browsers.
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // Control characters (a tab or newline inside '/\t/evil') are stripped by URL parsers.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}
