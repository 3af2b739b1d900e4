/**
 * The writes this tab made, so that the stream's echo of them is not heard as another panel's change. A write counts
 * from the moment it is sent: the echo (relayed through the leader tab) can arrive before the HTTP answer. It stays
 * own for a moment after it succeeded, and is forgotten at once if it failed (nothing was written).
 */
import type { LiveChange } from '../providers/liveEvents';

/** A tab's own write is recognised for this long after it succeeded. */
const OWN_WINDOW_MS = 5_000;

/** What a write names: its resource (a registry key) and ids; a create has no id until it is answered. */
export interface WriteTarget {
  resource?: string;
  ids: string[];
}

interface Write extends WriteTarget {
  /** When it succeeded; undefined while it is on its way. */
  doneAt?: number;
}

export class OwnWrites {
  private writes = new Map<number, Write>();

  constructor(private readonly now: () => number = Date.now) {}

  sent(mutationId: number, target: WriteTarget) {
    this.forgetOld();
    this.writes.set(mutationId, { ...target });
  }

  succeeded(mutationId: number, target: WriteTarget) {
    const write = this.writes.get(mutationId);
    // The answer names what the sent variables could not (a create's new id).
    this.writes.set(mutationId, { resource: target.resource ?? write?.resource, ids: [...new Set([...(write?.ids ?? []), ...target.ids])], doneAt: this.now() });
  }

  failed(mutationId: number) {
    this.writes.delete(mutationId);
  }

  isOwn(change: LiveChange): boolean {
    for (const write of this.writes.values()) {
      if (write.doneAt !== undefined && this.now() - write.doneAt >= OWN_WINDOW_MS) continue;
      if (write.resource && write.resource !== change.resource) continue;
      if (change.ids.some((id) => write.ids.includes(id))) return true;
      // A create on its way has no id yet: a create of its resource heard meanwhile is taken for its echo.
      if (write.doneAt === undefined && !write.ids.length && write.resource && change.action === 'create') return true;
    }
    return false;
  }

  private forgetOld() {
    for (const [id, write] of this.writes) if (write.doneAt !== undefined && this.now() - write.doneAt >= OWN_WINDOW_MS) this.writes.delete(id);
  }
}
