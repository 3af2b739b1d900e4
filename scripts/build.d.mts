/** Types of `build.mjs` for the TypeScript that imports it (the e2e runner and the benchmarks). */
export function adminIsStale(): boolean;
export function serverIsStale(): boolean;
export function buildAdmin(): void;
export function buildServer(): Promise<void>;
