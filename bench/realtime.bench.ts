/**
 * Realtime fan-out: N WebSocket clients (2,000) subscribed to one broadcast channel of the real
 * server — `apps/server/src/main.ts` in a child process with the built-in engine, on a fresh
 * database — receive M publications committed through `SELECT realtime_publish(…)` on a
 * PostgreSQL connection of this process (the real path: the NOTIFY at commit reaches the
 * server's listener, the hub encodes the push once and every session sends it). Beside it, in the
 * same run and with the same clients: a bare `ws` server in a child process of the same shape
 * (ws-broadcast-server.ts) that sends every message of its /publish socket to every connection;
 * it is sent the very push frame our server produces, so both deliver frames of the same bytes.
 *
 * Load: as fast as the path allows, closed loop — a publication goes out as soon as fewer than
 * `inFlight` earlier ones are still missing at some client — so queues stay bounded and the
 * latency is that of a saturated server, not of an ever-growing backlog. Clients are raw `ws`
 * sockets in this process speaking the Centrifugo JSON protocol (connect, subscribe, pong); the
 * send time is taken here and so is the arrival time, so no clock crosses a process.
 * Delivered messages/s = N×M / (last arrival − first publish); latency = arrival − publish.
 * Both servers stay up with their clients connected and are measured in alternating rounds
 * after a warm-up, so background load on the machine hits both alike; the medians are printed,
 * with each server's CPU time per delivered message (from /proc), which does not depend on
 * how much CPU the clients leave it. Target: throughput ratio ours/bare ws ≥ 0.7.
 *
 * BENCH_REALTIME_CLIENTS overrides N; BENCH_REALTIME_CPU_PROF=<directory> writes V8 CPU profiles
 * of both server processes there (cpu-profile.mjs; open them in Chrome DevTools).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { encodePublicationPush } from '../apps/server/src/modules/realtime/protocol.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import {
  type Cleanups,
  cpuSeconds,
  median,
  printResult,
  recreateDatabase,
  startBroadcastServer,
  terminateSockets,
} from './support.ts';

const clientCount = Number(process.env.BENCH_REALTIME_CLIENTS ?? 2_000);
if (!Number.isSafeInteger(clientCount) || clientCount < 1) {
  throw new Error('BENCH_REALTIME_CLIENTS must be a positive integer');
}
const warmupMessages = 50;
/** measured rounds per server, alternating between the two */
const rounds = 5;
const messagesPerRound = 150;
/**
 * Publications sent but not yet delivered to every client, at most: enough that the next one is
 * on its way (through PostgreSQL, for ours) while the server still fans out the previous one.
 */
const inFlight = 4;
/** clients opening their connection at the same time */
const connectBatch = 100;
/** a run with no delivery for this long has failed */
const stallMs = 20_000;
const targetRatio = 0.7;

const channel = 'broadcast:bench';
const directory = dirname(fileURLToPath(import.meta.url));
const handshake = `{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":${JSON.stringify(channel)}}}`;
/** every push of the bench starts with these bytes, then the sequence number */
const pushPrefix = Buffer.from(
  `{"push":{"channel":${JSON.stringify(channel)},"pub":{"data":{"seq":`,
);
const pingLength = 2;

/** A `broadcast:last_bet`-shaped publication, numbered. */
function publicationData(seq: number): string {
  return JSON.stringify({
    seq,
    id: '0b5e8a3c-6f1d-4c2a-9d7e-3a1f5b2c8e4d',
    gameId: 'book-of-dead',
    gameTitle: 'Book of Dead',
    player: 'Jo***n',
    bet: '12.50',
    multiplier: '2.00',
    payout: '25.00',
    currency: 'USD',
    createdAt: '2025-01-01T12:00:00.000Z',
  });
}

/** One measured stretch of publications: their send times and every arrival. */
class Round {
  readonly sentAt: Float64Array;
  readonly arrivals: Uint32Array;
  readonly latencies: Float64Array;
  recorded = 0;
  completed = 0;
  lastArrivalAt = 0;
  frameBytes = 0;
  private waiter: { count: number; resolve: () => void } | null = null;

  constructor(
    readonly firstSeq: number,
    readonly count: number,
    readonly clients: number,
  ) {
    this.sentAt = new Float64Array(count);
    this.arrivals = new Uint32Array(count);
    this.latencies = new Float64Array(count * clients);
  }

  arrived(seq: number, bytes: number, now: number): boolean {
    const index = seq - this.firstSeq;
    if (index < 0 || index >= this.count) return false;
    this.latencies[this.recorded] = now - (this.sentAt[index] ?? 0);
    this.recorded += 1;
    this.lastArrivalAt = now;
    this.frameBytes = bytes;
    const arrivals = (this.arrivals[index] ?? 0) + 1;
    this.arrivals[index] = arrivals;
    if (arrivals === this.clients) {
      this.completed += 1;
      if (this.waiter && this.completed >= this.waiter.count) {
        const { resolve } = this.waiter;
        this.waiter = null;
        resolve();
      }
    }
    return true;
  }

  /**
   * Resolves once `count` publications reached every client; throws as soon as `failure`
   * reports one (checked every 100 ms at least) or when nothing arrives for `stallMs`.
   */
  async completedAtLeast(count: number, failure: () => Error | null): Promise<void> {
    let recorded = this.recorded;
    let progressAt = performance.now();
    while (this.completed < count) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.waiter = { count, resolve };
        timer = setTimeout(resolve, 100);
      });
      clearTimeout(timer);
      this.waiter = null;
      const error = failure();
      if (error) throw error;
      if (this.recorded !== recorded) {
        recorded = this.recorded;
        progressAt = performance.now();
      } else if (performance.now() - progressAt > stallMs) {
        throw new Error(
          `no delivery for ${stallMs} ms: ${this.recorded} of ${this.count * this.clients} arrived`,
        );
      }
    }
  }
}

/** N raw WebSocket clients in this process. */
class Subscribers {
  private readonly sockets: WebSocket[] = [];
  private round: Round | null = null;
  private closing = false;
  failure: Error | null = null;

  /** Opens `count` connections in batches; with a handshake, each is ready once subscribed. */
  async connect(url: string, count: number, withHandshake: boolean): Promise<void> {
    for (let start = 0; start < count; start += connectBatch) {
      const batch = Math.min(connectBatch, count - start);
      await Promise.all(Array.from({ length: batch }, () => this.open(url, withHandshake)));
    }
  }

  private open(url: string, withHandshake: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      this.sockets.push(socket);
      let ready = false;
      const timer = setTimeout(
        () => reject(new Error(`no subscription within 15 s: ${url}`)),
        15_000,
      );
      const becomeReady = () => {
        ready = true;
        clearTimeout(timer);
        resolve();
      };
      socket.on('open', () => {
        if (!withHandshake) {
          becomeReady();
          return;
        }
        socket.send(handshake);
      });
      socket.on('message', (data: Buffer) => {
        if (data.length === pingLength) {
          socket.send('{}');
          return;
        }
        if (ready) {
          this.arrived(data);
          return;
        }
        const text = data.toString();
        if (text.includes('"error"')) {
          clearTimeout(timer);
          reject(new Error(`the server refused the subscription: ${text}`));
        } else if (text.startsWith('{"id":2,')) {
          becomeReady();
        }
      });
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.on('close', (code, reason) => {
        if (this.closing) return;
        clearTimeout(timer);
        const error = new Error(`a client was disconnected: ${code} ${reason.toString()}`);
        this.failure ??= error;
        reject(error);
      });
    });
  }

  private arrived(data: Buffer): void {
    const now = performance.now();
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
    if (seq < 0 || !this.round?.arrived(seq, data.length, now)) {
      this.failure ??= new Error(`unexpected frame: ${data.toString().slice(0, 200)}`);
    }
  }

  measure(round: Round): void {
    this.round = round;
  }

  async close(): Promise<void> {
    this.closing = true;
    await terminateSockets(this.sockets);
  }
}

/** A server under measurement with its clients connected. */
interface Contender {
  /** the server's process, whose CPU time each round reads */
  pid: number;
  subscribers: Subscribers;
  /** sends publication `seq` on its way; an asynchronous failure is kept for `failure` */
  publish(seq: number, data: string): void;
  failure(): Error | null;
  nextSeq: number;
  rounds: Figures[];
}

interface Figures {
  messagesPerSecond: number;
  p50: number;
  p99: number;
  frameBytes: number;
  /** the server's CPU time (user + system) per delivered message; null off Linux */
  cpuMicrosecondsPerDelivery: number | null;
}

async function runRound(contender: Contender, count: number): Promise<Figures> {
  const round = new Round(contender.nextSeq, count, clientCount);
  contender.nextSeq += count;
  contender.subscribers.measure(round);
  const failure = () => contender.subscribers.failure ?? contender.failure();
  const cpuBefore = cpuSeconds(contender.pid);
  const startedAt = performance.now();
  for (let index = 0; index < count; index += 1) {
    if (index >= inFlight) await round.completedAtLeast(index - inFlight + 1, failure);
    const seq = round.firstSeq + index;
    round.sentAt[index] = performance.now();
    contender.publish(seq, publicationData(seq));
  }
  await round.completedAtLeast(count, failure);
  const cpuAfter = cpuSeconds(contender.pid);
  const error = failure();
  if (error) throw error;
  const latencies = round.latencies.subarray(0, round.recorded).sort();
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    messagesPerSecond: (count * clientCount) / ((round.lastArrivalAt - startedAt) / 1000),
    p50: percentile(0.5),
    p99: percentile(0.99),
    frameBytes: round.frameBytes,
    cpuMicrosecondsPerDelivery:
      cpuBefore === null || cpuAfter === null
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / (count * clientCount),
  };
}

/** With BENCH_REALTIME_CPU_PROF set, a server child writes a CPU profile there at exit. */
function profilingEnvironment(name: string): Record<string, string> {
  const profileDirectory = process.env.BENCH_REALTIME_CPU_PROF;
  if (!profileDirectory) return {};
  return {
    NODE_OPTIONS: `--import ${pathToFileURL(resolve(directory, 'cpu-profile.mjs')).href}`,
    CPU_PROFILE_DIRECTORY: resolve(profileDirectory),
    CPU_PROFILE_NAME: name,
  };
}

/** Our server: the real app in a child process; publications committed through SQL. */
async function startBuiltin(adminUrl: string, cleanups: Cleanups): Promise<Contender> {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_realtime');
  const server = await startServerProcess(databaseUrl, {
    NODE_ENV: 'production',
    WEBSOCKET_JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    OPERATOR_PASSWORD: 'bench-operator-password',
    DEMO_DATA: 'false',
    REALTIME_ENGINE: 'builtin',
    ...profilingEnvironment('builtin'),
  });
  cleanups.push(() => server.stop());
  const publisher = new pg.Client({ connectionString: databaseUrl });
  cleanups.push(() => publisher.end());
  await publisher.connect();
  const subscribers = new Subscribers();
  cleanups.push(() => subscribers.close());
  await subscribers.connect(
    `${server.baseUrl.replace(/^http/, 'ws')}/connection/websocket`,
    clientCount,
    true,
  );
  let failure: Error | null = null;
  // One statement at a time on the connection, each its own transaction, in order.
  let publishing = Promise.resolve();
  return {
    pid: server.pid,
    subscribers,
    publish(seq, data) {
      publishing = publishing
        .then(async () => {
          await publisher.query('SELECT realtime_publish($1, $2, 0, $3)', [
            channel,
            data,
            `bench-${seq}`,
          ]);
        })
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        });
    },
    failure: () => failure,
    nextSeq: 1,
    rounds: [],
  };
}

/** The baseline: the bare server, sent the same push frames over one extra socket. */
async function startBareWs(cleanups: Cleanups): Promise<Contender> {
  const { port, pid } = await startBroadcastServer(cleanups, profilingEnvironment('bare-ws'));
  const control = new WebSocket(`ws://127.0.0.1:${port}/publish`, { perMessageDeflate: false });
  cleanups.push(async () => control.terminate());
  await new Promise<void>((resolveOpen, reject) => {
    control.once('open', () => resolveOpen());
    control.once('error', reject);
  });
  let failure: Error | null = null;
  control.on('close', () => {
    failure ??= new Error('the publishing socket of the ws server closed');
  });
  const subscribers = new Subscribers();
  cleanups.push(() => subscribers.close());
  await subscribers.connect(`ws://127.0.0.1:${port}/`, clientCount, false);
  return {
    pid,
    subscribers,
    publish(_seq, data) {
      control.send(encodePublicationPush({ channel, epoch: null, offset: null, data }));
    },
    failure: () => failure,
    nextSeq: 1,
    rounds: [],
  };
}

function summary(contender: Contender) {
  const throughputs = contender.rounds.map((round) => round.messagesPerSecond);
  return {
    messagesPerSecond: median(throughputs),
    lowest: Math.min(...throughputs),
    highest: Math.max(...throughputs),
    p50: median(contender.rounds.map((round) => round.p50)),
    p99: median(contender.rounds.map((round) => round.p99)),
    frameBytes: contender.rounds[0]?.frameBytes ?? 0,
    cpu: contender.rounds.every((round) => round.cpuMicrosecondsPerDelivery !== null)
      ? median(contender.rounds.map((round) => round.cpuMicrosecondsPerDelivery ?? 0))
      : null,
  };
}

export async function run(adminUrl: string) {
  const cleanups: Cleanups = [];
  try {
    const contenders = [await startBuiltin(adminUrl, cleanups), await startBareWs(cleanups)];
    for (const contender of contenders) await runRound(contender, warmupMessages);
    // Alternating rounds, so both see the same background load; the medians are reported.
    for (let round = 0; round < rounds; round += 1) {
      for (const contender of contenders) {
        contender.rounds.push(await runRound(contender, messagesPerRound));
      }
    }
    const [ours, bare] = contenders.map(summary);
    if (!ours || !bare) throw new Error('both servers must have been measured');
    if (ours.frameBytes !== bare.frameBytes) {
      throw new Error(`frames differ in size: ${ours.frameBytes} vs ${bare.frameBytes} bytes`);
    }
    const ratio = printResult(
      `realtime fan-out (${clientCount} clients, built-in server)`,
      ours.messagesPerSecond,
      'msg/s',
      bare.messagesPerSecond,
      'msg/s bare ws',
    );
    console.info(
      `  p99 delivery latency ${ours.p99.toFixed(1)} ms vs ${bare.p99.toFixed(1)} ms bare ws ` +
        `(ratio ${(ours.p99 / bare.p99).toFixed(2)}); p50 ${ours.p50.toFixed(1)} vs ${bare.p50.toFixed(1)} ms`,
    );
    if (ours.cpu !== null && bare.cpu !== null) {
      console.info(
        `  server CPU per delivered message ${ours.cpu.toFixed(2)} µs vs ${bare.cpu.toFixed(2)} µs ` +
          `bare ws (ratio ${(bare.cpu / ours.cpu).toFixed(2)})`,
      );
    }
    console.info(
      `  medians of ${rounds} alternating rounds of ${messagesPerRound} publications ` +
        `(${ours.frameBytes}-byte frames, at most ${inFlight} in flight; rounds ` +
        `${ours.lowest.toFixed(0)}–${ours.highest.toFixed(0)} vs ${bare.lowest.toFixed(0)}–` +
        `${bare.highest.toFixed(0)} msg/s); throughput ratio ${ratio.toFixed(2)} ` +
        `(target ≥ ${targetRatio})`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('realtime bench clean-up:', error));
    }
  }
}
