/**
 * A multipart/form-data body for inject, from named parts (field, file name, bytes, type), after
 * plain text fields (a message's text, a note).
 */
export function multipartForm(
  parts: { field?: string; name: string; content: Buffer; type?: string }[],
  fields: Record<string, string> = {},
) {
  const boundary = '----perevod-upload-test';
  const texts = Object.entries(fields).map(([field, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
  );
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.name}"\r\n` +
        `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    part.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...texts, ...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
