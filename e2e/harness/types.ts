import type { Browser, Page } from 'playwright-core';
import type { Api } from './api';
import type { RunningServer } from './server';

export interface SpecContext {
  /** A fresh page in a fresh browser context (empty localStorage). */
  page: Page;
  browser: Browser;
  server: RunningServer;
  baseUrl: string;
  /** The first admin's API session, for arranging data. */
  api: Api;
  /** A unique suffix so specs never collide on codes and names. */
  unique: string;
}

export interface Spec {
  name: string;
  /**
   * Server settings this spec needs (e.g. a short token lifetime); specs with the same settings share a server. A spec
   * that leaves records others cannot clear sets its own `E2E_GROUP` (read by nobody) to get a server of its own.
   */
  env?: Record<string, string>;
  run(ctx: SpecContext): Promise<void>;
}
