/**
 * A share of realtime.bench.ts's WebSocket clients, in a child process of its own (one process
 * cannot hold 10,000 clients of each server: EMFILE). Started by `startClientProcess`
 * (bench/support.ts) with an IPC channel in the `advanced` serialization; the bench sends
 * `ClientCommand`s and receives `ClientReport`s.
 *
 * Clock: every time here and in the bench is `process.hrtime.bigint()` (Linux CLOCK_MONOTONIC,
 * one clock for every process of the host) minus the bench's epoch, sent in `connect`, in
 * milliseconds; so an arrival time taken here and a publish time taken in the bench subtract
 * exactly. The bench checks it at start (`clock`: the time read here must lie between the
 * bench's send and receive of the question).
 */
import { readFileSync } from 'node:fs';
import type WebSocket from 'ws';
import { openBenchClient, terminateSockets } from './bench-client.ts';

export type ClientCommand =
  | {
      type: 'connect';
      url: string;
      count: number;
      /** Centrifugo connect + subscribe to `channel` (our server), or none (bare ws) */
      handshake: boolean;
      channel: string;
      /** the bench's process.hrtime.bigint() at its start */
      epoch: bigint;
    }
  | { type: 'clock' }
  | { type: 'round'; firstSeq: number; count: number }
  | { type: 'collect' }
  | { type: 'close' };

export type ClientReport =
  | { type: 'ready' }
  /** the round is set up: its publications may go out */
  | { type: 'measuring' }
  | { type: 'clock'; at: number }
  /** every client of this process received publication `seq`, the last one at `at` */
  | { type: 'done'; seq: number; at: number }
  /** arrival time of publication index i at client j at `arrivals[i × clients + j]` */
  | { type: 'arrivals'; arrivals: Float64Array; frameBytes: number }
  | { type: 'failure'; message: string };

/** clients of this process opening their connection at the same time */
const connectBatch = 100;

let epoch = 0n;
/** Milliseconds since the bench's epoch on the host's monotonic clock. */
function now(): number {
  return Number(process.hrtime.bigint() - epoch) / 1e6;
}

function report(message: ClientReport): void {
  process.send?.(message);
}

let failed = false;
function fail(message: string): void {
  if (failed) return;
  failed = true;
  report({ type: 'failure', message });
}

/** The soft limit on open files of this process (Linux), or null where unknown. */
function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

/** The publication being measured: its arrivals at each client of this process. */
class Round {
  readonly arrivals: Float64Array;
  private readonly counts: Uint32Array;
  frameBytes = 0;

  constructor(
    readonly firstSeq: number,
    readonly count: number,
    readonly clients: number,
  ) {
    this.arrivals = new Float64Array(count * clients).fill(Number.NaN);
    this.counts = new Uint32Array(count);
  }

  arrived(seq: number, client: number, bytes: number, at: number): void {
    const index = seq - this.firstSeq;
    if (index < 0 || index >= this.count) {
      fail(`publication ${seq} arrived outside its round`);
      return;
    }
    const slot = index * this.clients + client;
    if (!Number.isNaN(this.arrivals[slot] ?? 0)) {
      fail(`publication ${seq} arrived twice at one client`);
      return;
    }
    this.arrivals[slot] = at;
    this.frameBytes = bytes;
    const count = (this.counts[index] ?? 0) + 1;
    this.counts[index] = count;
    if (count === this.clients) report({ type: 'done', seq, at });
  }
}

const sockets: WebSocket[] = [];
let round: Round | null = null;
let closing = false;
let pushPrefix = Buffer.alloc(0);

function open(url: string, client: number, handshake: string | null): Promise<void> {
  return openBenchClient(url, handshake, sockets, {
    onPush: (data) => arrived(data, client),
    onDisconnected: (error) => fail(error.message),
    closing: () => closing,
  });
}

function arrived(data: Buffer, client: number): void {
  const at = now();
  const prefixLength = pushPrefix.length;
  let seq = -1;
  if (
    data.length > prefixLength &&
    data.compare(pushPrefix, 0, prefixLength, 0, prefixLength) === 0
  ) {
    seq = 0;
    for (let index = prefixLength; index < data.length; index += 1) {
      const digit = (data[index] ?? 0) - 48;
      if (digit < 0 || digit > 9) break;
      seq = seq * 10 + digit;
    }
  }
  if (seq < 0 || !round) {
    fail(`unexpected frame: ${data.toString().slice(0, 200)}`);
    return;
  }
  round.arrived(seq, client, data.length, at);
}

async function connect(command: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  epoch = command.epoch;
  const channel = JSON.stringify(command.channel);
  // Every push of the bench starts with these bytes, then the sequence number.
  pushPrefix = Buffer.from(`{"push":{"channel":${channel},"pub":{"data":{"seq":`);
  const limit = openFileLimit();
  // The sockets, plus what Node itself holds open (stdio, IPC, the event loop's descriptors).
  if (limit !== null && command.count + 64 > limit) {
    throw new Error(
      `${command.count} clients need more open files than this process may have (${limit}); ` +
        'raise the hard limit (ulimit -Hn) or use more client processes',
    );
  }
  const handshake = command.handshake
    ? `{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":${channel}}}`
    : null;
  for (let start = 0; start < command.count; start += connectBatch) {
    const batch = Math.min(connectBatch, command.count - start);
    await Promise.all(
      Array.from({ length: batch }, (_, offset) => open(command.url, start + offset, handshake)),
    );
  }
}

async function close(): Promise<void> {
  closing = true;
  await terminateSockets(sockets);
}

process.on('message', (command: ClientCommand) => {
  switch (command.type) {
    case 'connect':
      connect(command).then(
        () => report({ type: 'ready' }),
        (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
      );
      break;
    case 'clock':
      report({ type: 'clock', at: now() });
      break;
    case 'round':
      round = new Round(command.firstSeq, command.count, sockets.length);
      report({ type: 'measuring' });
      break;
    case 'collect':
      if (!round) {
        fail('collect without a round');
        break;
      }
      report({ type: 'arrivals', arrivals: round.arrivals, frameBytes: round.frameBytes });
      break;
    case 'close':
      void close().then(() => process.exit(0));
      break;
  }
});
// The bench gone (its IPC channel closed): so are its clients.
process.on('disconnect', () => process.exit(0));
