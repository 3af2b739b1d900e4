/**
 * The suite's order: vitest starts the files it has no timing for (a clean clone: CI) largest first, and a long file
 * started last leaves one of the two workers idle while it runs. These took longest in a full run (30–70 s each), so
 * they start first, in this order (re-ranked once two-factor and auth-throttle stopped waiting for scrypt and the
 * throttle's delays, issue #37); the rest follow vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW = ['test/fuzz.test.ts', 'test/messages-sweep-uz.test.ts', 'test/demo-start.test.ts', 'test/messages-sweep-ru.test.ts', 'test/import.test.ts', 'test/contract.test.ts', 'test/two-factor.test.ts', 'test/auth.test.ts', 'test/auth-throttle.test.ts'];

export default class SlowFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOW.findIndex((slow) => file.moduleId.endsWith(slow));
      return at < 0 ? SLOW.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
