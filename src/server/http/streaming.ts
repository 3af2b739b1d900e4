/**
 * Long answers streamed a batch at a time (the CSV export, a list without `range`): records load from the database in
 * batches while earlier ones are written out, and the text leaves in small chunks, so memory stays flat however long
 * the list is.
 */
import { Readable } from 'node:stream';
import { inOrder } from '../query/ids';

/** About 16 kB a chunk: a string past ~128 kB is a large object that stays in V8's old space until a full collection. */
const CHUNK_CHARS = 16 * 1024;

/**
 * `load` of each batch of `ids`, a batch at a time: `ahead` batches load while the caller uses one, so the database
 * and this process work side by side (with PostgreSQL, on two connections).
 */
export async function* loadAhead<T>(ids: string[], load: (batch: string[]) => Promise<T>, size: number, ahead = 2): AsyncGenerator<T> {
  const loading: Promise<T>[] = [];
  let requested = 0;
  const requestMore = () => {
    while (loading.length < ahead && requested < ids.length) {
      const pending = load(ids.slice(requested, (requested += size)));
      // Should the reader stop first (a client gone), a batch still loading must not fail unhandled.
      pending.catch(() => undefined);
      loading.push(pending);
    }
  };
  requestMore();
  while (loading.length) {
    const loaded = await loading.shift()!;
    requestMore();
    yield loaded;
  }
}

/** The records of `ids` in their order, a batch at a time (`loadAhead`). */
export function inBatches<R extends { id: string }>(ids: string[], load: (batch: string[]) => Promise<R[]>, size = 500, ahead = 2): AsyncGenerator<R[]> {
  return loadAhead(ids, (batch) => load(batch).then((records) => inOrder(batch, records)), size, ahead);
}

/** `head`, then `piece(record, index)` for every record of every batch, then `tail`, as a stream of small chunks. */
export function textStream<R>(head: string, batches: AsyncIterable<R[]>, piece: (record: R, index: number) => string, tail = ''): Readable {
  async function* chunks() {
    let chunk = head;
    let index = 0;
    for await (const batch of batches) {
      for (const record of batch) {
        chunk += piece(record, index++);
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
    }
    chunk += tail;
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}
