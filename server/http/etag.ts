/** Conditional GET: does the client's If-None-Match name this ETag (weak or strong, or `*`)? */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const raw = Array.isArray(header) ? header.join(',') : header;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return raw.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
