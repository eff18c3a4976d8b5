/**
 * One folder per contract tag: every operation a folder handles belongs to a tag that
 * TAG_FOLDERS (index.ts) gives that folder, read against openapi.yaml itself.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { listOperations, loadContract } from '../http/contract';
import type { OperationHandlers } from '../http/operations';
import { allHandlers, TAG_FOLDERS } from './index';

type HandlerFactory = (ctx: AppContext) => OperationHandlers;

// The factories only close over the context: none reads it before a request comes.
// Enough of a context to build every folder's handlers (the YooKassa webhook reads its settings
// when it is built); none is called.
const noContext = { config: { payments: { yookassa: undefined } } } as unknown as AppContext;
const contract = loadContract();
const tagOf = new Map(listOperations(contract).map((operation) => [operation.operationId, operation.tag]));

/** The operations each folder under server/handlers answers, by its exported …Handlers factories. */
async function operationsByFolder(): Promise<Map<string, string[]>> {
  const folders = readdirSync(fileURLToPath(new URL('.', import.meta.url)), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const byFolder = new Map<string, string[]>();
  for (const folder of folders) {
    const module: Record<string, unknown> = await import(
      new URL(`./${folder}/index.ts`, import.meta.url).href
    );
    const factories = Object.entries(module).filter(
      (entry): entry is [string, HandlerFactory] =>
        entry[0].endsWith('Handlers') && typeof entry[1] === 'function',
    );
    byFolder.set(
      folder,
      factories.flatMap(([, factory]) => Object.keys(factory(noContext))),
    );
  }
  return byFolder;
}

describe('handler folders follow the contract tags', () => {
  let byFolder: Map<string, string[]>;
  beforeAll(async () => {
    byFolder = await operationsByFolder();
  });

  it('the table names every tag of openapi.yaml, and no other', () => {
    const tags = (contract.tags as { name: string }[]).map((tag) => tag.name).sort();
    expect(Object.keys(TAG_FOLDERS).sort()).toEqual(tags);
    expect([...new Set(tagOf.values())].filter((tag) => !tags.includes(tag))).toEqual([]);
  });

  it('every handled operation lives in a folder of its tag', () => {
    const misplaced: string[] = [];
    for (const [folder, operationIds] of byFolder) {
      for (const operationId of operationIds) {
        const tag = tagOf.get(operationId) ?? 'not in openapi.yaml';
        if (!TAG_FOLDERS[tag]?.includes(folder))
          misplaced.push(
            `${folder}/ handles ${operationId}, of tag ${tag}: its folders are ${TAG_FOLDERS[tag]}`,
          );
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('every folder the table gives a tag holds some of its operations', () => {
    const stale: string[] = [];
    for (const [tag, folders] of Object.entries(TAG_FOLDERS)) {
      for (const folder of folders) {
        if (!byFolder.get(folder)?.some((operationId) => tagOf.get(operationId) === tag))
          stale.push(`${tag} → ${folder}/`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('every folder is served, and no operation is answered by two folders', () => {
    const handled = [...byFolder.values()].flat();
    expect(handled.filter((operationId, index) => handled.indexOf(operationId) !== index)).toEqual([]);
    expect(Object.keys(allHandlers(noContext)).sort()).toEqual([...handled].sort());
  });
});
