import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { loadSecrets } from './secrets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const configIn = (env: Record<string, string> = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'perevod-secrets-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env });
};

describe('server secrets', () => {
  it('are generated once, kept private in DATA_DIR, and the same after a restart', () => {
    const config = configIn();
    const first = loadSecrets(config);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(statSync(join(config.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(config)).toEqual(first);
  });

  it('come from the environment when it sets them', () => {
    const jwt = 'an-operator-chosen-secret-of-enough-length';
    expect(loadSecrets(configIn({ JWT_SECRET: jwt })).jwtSecret).toBe(jwt);
  });
});
