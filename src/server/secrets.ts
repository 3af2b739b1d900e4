/** Token keys for the embedded mode: generated once and kept in the data folder (mode 600), so restarts keep sessions. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export function resolveSecrets(config: Config): Config {
  if (config.jwtSecret && config.jwtRefreshSecret) return config;
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: { jwtSecret?: string; jwtRefreshSecret?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  if (!stored.jwtSecret || !stored.jwtRefreshSecret) {
    stored = { jwtSecret: randomBytes(32).toString('base64url'), jwtRefreshSecret: randomBytes(32).toString('base64url') };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return { ...config, jwtSecret: config.jwtSecret ?? stored.jwtSecret, jwtRefreshSecret: config.jwtRefreshSecret ?? stored.jwtRefreshSecret };
}
