/**
 * File uploads with progress. openapi-fetch (fetch) cannot report upload progress, so this one
 * call of the gateway uses XMLHttpRequest: POST /api/upload/public from the order form without a
 * cabinet token, POST /api/upload with one; multipart field `files`. Failures are ApiErrors in
 * the contract's shape, status 0 when the server was not reached.
 */

import { ApiError, networkError } from './errors';
import type { components } from './schema.gen';
import { readToken } from './tokens';

export type UploadedFile = components['schemas']['FileItem'];

export interface UploadOptions {
  /** Called with 0…1 as the bytes leave the device. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  token?: string | null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function uploadFile(file: Blob, name: string, options: UploadOptions = {}): Promise<UploadedFile> {
  const token = options.token === undefined ? readToken('cabinet') : options.token;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', token ? '/api/upload' : '/api/upload/public');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parse(request.responseText) as
        | { files?: UploadedFile[]; code?: string; message?: string; details?: unknown }
        | undefined;
      if (request.status >= 200 && request.status < 300 && body?.files?.[0]) {
        options.onProgress?.(1);
        resolve(body.files[0]);
        return;
      }
      reject(
        new ApiError({
          status: request.status,
          code: body?.code ?? 'UPLOAD_FAILED',
          message: body?.message ?? `Не удалось загрузить файл ${name}`,
          details: body?.details,
        }),
      );
    };
    request.onerror = () => reject(networkError(new Error('upload failed')));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('files', file, name);
    request.send(form);
  });
}
