/**
 * src/api/schema.gen.ts is what `npm run gen:api` makes from openapi.yaml today: a contract
 * change without regenerating would leave the app's client typed against the old API.
 */
import { readFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { expect, it } from 'vitest';

const CONTRACT = new URL('../../openapi.yaml', import.meta.url);
const GENERATED = new URL('../../src/api/schema.gen.ts', import.meta.url);

it('src/api/schema.gen.ts matches openapi.yaml', async () => {
  const fresh = `${COMMENT_HEADER}${astToString(await openapiTS(CONTRACT, { silent: true }))}`;
  const committed = readFileSync(GENERATED, 'utf8');
  expect(fresh === committed, 'src/api/schema.gen.ts is stale: run npm run gen:api').toBe(true);
});
