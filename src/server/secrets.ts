/** Token keys for the embedded mode: generated once and kept in the data folder (mode 600), so restarts keep sessions. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JWT_SECRET_MIN, type Config } from './config';

export function resolveSecrets(config: Config): Config {
  if (config.jwtSecret && config.jwtRefreshSecret) return config;
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: { jwtSecret?: string; jwtRefreshSecret?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  // A stored key shorter than the minimum (only a hand-edited file: every version generated 43 characters) is replaced
  // rather than refused: the start goes on, and the sessions signed with it end.
  const short = (key?: string) => !key || key.length < JWT_SECRET_MIN;
  if (short(stored.jwtSecret) || short(stored.jwtRefreshSecret)) {
    stored = { jwtSecret: randomBytes(32).toString('base64url'), jwtRefreshSecret: randomBytes(32).toString('base64url') };
    // Written aside and renamed into place: a server killed mid-write never leaves half a file to trip the next start.
    writeFileSync(`${file}.tmp`, JSON.stringify(stored), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
  return { ...config, jwtSecret: config.jwtSecret ?? stored.jwtSecret, jwtRefreshSecret: config.jwtRefreshSecret ?? stored.jwtRefreshSecret };
}
