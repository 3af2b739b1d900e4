/**
 * Stored 64-bit photo hashes, `PER_SLOT` a slot, and their scan: every live slot within `maxBits` of a query's
 * hashes (the closest pair), for the photo index's candidate stage (`repos/photo-index.ts`; docs/decisions.md
 * "Photo search: the scan in WebAssembly"). The scan is a small WebAssembly function over the hashes in its memory:
 * `i64.popcnt` is one machine instruction, where JavaScript counts bits in ~12 operations a word. Profiled at 100 000
 * images (400 000 hashes, 16 pairs each): the JS scan took 15–40 ms a search, this one ~2 ms.
 *
 * The module is assembled here from its opcodes (no build step, no dependency); `hash-scan.spec.ts` holds it to a
 * plain reference scan.
 */

/** Hashes a slot holds. */
export const PER_SLOT = 4;
/** Query hashes one pass of the scan compares (a longer query takes more passes). */
const QUERY = 4;
/** Memory layout: the query's hashes, then the stored hashes (32 bytes a slot), then the scan's output. */
const HASHES_AT = 64;
const SLOT_BYTES = PER_SLOT * 8;
/** The output: two i32 a found slot (slot, bits). */
const OUT_BYTES = 8;
const PAGE = 65536;

/** WebAssembly's binary encoding, only what the scan needs. */
const leb = (n: number, signed: boolean) => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n = signed ? n >> 7 : n >>> 7;
    const done = signed ? (n === 0 && !(b & 0x40)) || (n === -1 && (b & 0x40) !== 0) : n === 0;
    if (done) return [...out, b];
    out.push(b | 0x80);
  }
};
const vec = (items: number[][]) => [...leb(items.length, false), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...leb(body.length, false), ...body];
const name = (text: string) => vec([...Buffer.from(text)].map((b) => [b]));
const I32 = 0x7f;
const I64 = 0x7e;
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  select: [0x1b],
  get: (i: number) => [0x20, i],
  set: (i: number) => [0x21, i],
  tee: (i: number) => [0x22, i],
  i64Load: (offset: number) => [0x29, 3, ...leb(offset, false)],
  i32Store: (offset: number) => [0x36, 2, ...leb(offset, false)],
  i32: (n: number) => [0x41, ...leb(n, true)],
  i64: (n: number) => [0x42, ...leb(n, true)],
  i32GeU: [0x4f],
  i64LtU: [0x54],
  i64LeU: [0x58],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Shl: [0x74],
  i32ShrU: [0x76],
  i64Popcnt: [0x7b],
  i64Xor: [0x85],
  i32WrapI64: [0xa7],
  i64ExtendI32U: [0xad],
};

/**
 * `scan(count, maxBits, out) → found`: for each slot below `count`, the least popcount(stored ^ query) over its
 * `PER_SLOT` hashes and the `QUERY` query hashes (at 0); a slot at most `maxBits` away is written at `out` as
 * (slot, bits), and the number written is returned. Locals: 0 count, 1 maxBits, 2 out; 3–6 the query's hashes;
 * 7 the slot's address, 8 the end's, 9 found; 10 best, 11 a stored hash, 12 a distance.
 */
function scanModule(): Uint8Array<ArrayBuffer> {
  const [COUNT, MAX, OUT, Q, AT, END, FOUND, BEST, HASH, D] = [0, 1, 2, 3, 7, 8, 9, 10, 11, 12];
  const body: number[] = [];
  for (let j = 0; j < QUERY; j++) body.push(...op.i32(0), ...op.i64Load(j * 8), ...op.set(Q + j));
  body.push(...op.i32(HASHES_AT), ...op.set(AT));
  body.push(...op.get(COUNT), ...op.i32(Math.log2(SLOT_BYTES)), ...op.i32Shl, ...op.i32(HASHES_AT), ...op.i32Add, ...op.set(END));
  body.push(...op.block, ...op.loop, ...op.get(AT), ...op.get(END), ...op.i32GeU, ...op.brIf(1));
  body.push(...op.i64(65), ...op.set(BEST));
  for (let k = 0; k < PER_SLOT; k++) {
    body.push(...op.get(AT), ...op.i64Load(k * 8), ...op.set(HASH));
    for (let j = 0; j < QUERY; j++) {
      // best = d < best ? d : best
      body.push(...op.get(HASH), ...op.get(Q + j), ...op.i64Xor, ...op.i64Popcnt, ...op.tee(D));
      body.push(...op.get(BEST), ...op.get(D), ...op.get(BEST), ...op.i64LtU, ...op.select, ...op.set(BEST));
    }
  }
  body.push(...op.get(BEST), ...op.get(MAX), ...op.i64ExtendI32U, ...op.i64LeU, ...op.if);
  const slot = [...op.get(AT), ...op.i32(HASHES_AT), ...op.i32Sub, ...op.i32(Math.log2(SLOT_BYTES)), ...op.i32ShrU];
  const outAt = [...op.get(OUT), ...op.get(FOUND), ...op.i32(Math.log2(OUT_BYTES)), ...op.i32Shl, ...op.i32Add];
  body.push(...outAt, ...slot, ...op.i32Store(0), ...outAt, ...op.get(BEST), ...op.i32WrapI64, ...op.i32Store(4));
  body.push(...op.get(FOUND), ...op.i32(1), ...op.i32Add, ...op.set(FOUND), ...op.end);
  body.push(...op.get(AT), ...op.i32(SLOT_BYTES), ...op.i32Add, ...op.set(AT), ...op.br(0), ...op.end, ...op.end);
  body.push(...op.get(FOUND), ...op.end);
  const code = [...vec([[QUERY, I64], [3, I32], [3, I64]]), ...body];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32]]), ...vec([[I32]])]])),
    ...section(2, vec([[...name('e'), ...name('memory'), 0x02, 0x00, 1]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('scan'), 0x00, 0]])),
    ...section(10, vec([[...leb(code.length, false), ...code]])),
  ]);
}

let compiled: WebAssembly.Module | undefined;

/** A hash as its two signed 32-bit halves (high, low). */
export type HashHalves = readonly [number, number];

/** The stored hashes of `capacity` slots (grown on demand) and which slots are live. */
export class HashSlots {
  private memory = new WebAssembly.Memory({ initial: 1 });
  private scanFn: (count: number, maxBits: number, out: number) => number;
  private words = new Int32Array(this.memory.buffer);
  private live = new Uint8Array(0);
  /** Slots in use or used before: the scan's length. */
  private count = 0;

  constructor() {
    compiled ??= new WebAssembly.Module(scanModule());
    const instance = new WebAssembly.Instance(compiled, { e: { memory: this.memory } });
    this.scanFn = instance.exports.scan as typeof this.scanFn;
  }

  get capacity() {
    return this.live.length;
  }

  /** The memory held, in bytes. */
  get bytes() {
    return this.memory.buffer.byteLength + this.live.length;
  }

  /** Room for slots below `slots` (memory grows by whole pages; what was stored stays where it is). */
  reserve(slots: number) {
    if (slots <= this.live.length) return;
    const capacity = Math.max(1024, this.live.length * 2, slots);
    const need = Math.ceil((HASHES_AT + capacity * (SLOT_BYTES + OUT_BYTES)) / PAGE);
    if (need > this.memory.buffer.byteLength / PAGE) this.memory.grow(need - this.memory.buffer.byteLength / PAGE);
    this.words = new Int32Array(this.memory.buffer);
    const live = new Uint8Array(capacity);
    live.set(this.live);
    this.live = live;
  }

  /** A slot's hashes (little-endian in memory: low half first); fewer than `PER_SLOT` are padded with the first. */
  put(slot: number, hashes: readonly HashHalves[]) {
    this.reserve(slot + 1);
    for (let k = 0; k < PER_SLOT; k++) {
      const [hi, lo] = hashes[k] ?? hashes[0];
      const at = (HASHES_AT + slot * SLOT_BYTES + k * 8) / 4;
      this.words[at] = lo;
      this.words[at + 1] = hi;
    }
    this.live[slot] = 1;
    if (slot >= this.count) this.count = slot + 1;
  }

  /** The slot no longer answers (its hashes stay in memory until the slot is reused). */
  clear(slot: number) {
    if (slot < this.live.length) this.live[slot] = 0;
  }

  /** Every live slot within `maxBits` of any of `query` (the closest pair's bits), in slot order. */
  scan(query: readonly HashHalves[], maxBits: number): { slot: number; bits: number }[] {
    const best = new Map<number, number>();
    if (maxBits < 0) return [];
    const out = HASHES_AT + this.capacity * SLOT_BYTES;
    for (let from = 0; from < query.length; from += QUERY) {
      for (let j = 0; j < QUERY; j++) {
        const [hi, lo] = query[from + j] ?? query[from];
        this.words[2 * j] = lo;
        this.words[2 * j + 1] = hi;
      }
      const found = this.scanFn(this.count, maxBits, out);
      for (let i = 0; i < found; i++) {
        const slot = this.words[out / 4 + 2 * i];
        const bits = this.words[out / 4 + 2 * i + 1];
        const known = best.get(slot);
        if (this.live[slot] && (known === undefined || bits < known)) best.set(slot, bits);
      }
    }
    const found = [...best].map(([slot, bits]) => ({ slot, bits }));
    return query.length > QUERY ? found.sort((a, b) => a.slot - b.slot) : found;
  }
}
