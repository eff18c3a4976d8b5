/**
 * Hands bytes fetched through the gateway to the browser as a download with a name: private files
 * and archives need the session's token, so a plain link cannot fetch them.
 */

export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The name a Content-Disposition header gives: its UTF-8 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed header: the plain name or the fallback below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Saves a gateway answer fetched `parseAs: 'blob'` under the name the server gave it. */
export function saveDownload(answer: { data?: unknown; response: Response }, fallback: string): string {
  if (!(answer.data instanceof Blob)) throw new Error('Сервер не отдал файл');
  const name = fileNameOf(answer.response.headers.get('content-disposition'), fallback);
  saveFile(answer.data, name);
  return name;
}
