/**
 * Realtime fan-out: N WebSocket clients (10,000) subscribed to one broadcast channel of the real
 * server — `apps/server/src/main.ts` in a child process with the built-in engine, on a fresh
 * database — receive M publications committed through `SELECT realtime_publish(…)` on a
 * PostgreSQL connection of this process (the real path: the NOTIFY at commit reaches the
 * server's listener, the hub encodes and frames the push once and every session writes it).
 * Beside it, in the same run and with as many clients of its own: a bare `ws` server in a child
 * process of the same shape (ws-broadcast-server.ts) that sends every message of its /publish
 * socket to every connection; it is sent the very push our server produces, so both deliver
 * frames of the same bytes.
 *
 * Load: as fast as the path allows, closed loop — a publication goes out as soon as fewer than
 * `inFlight` earlier ones are still missing at some client — so queues stay bounded and the
 * latency is that of a saturated server, not of an ever-growing backlog. Clients are raw `ws`
 * sockets speaking the Centrifugo JSON protocol (connect, subscribe, pong) in child processes
 * (realtime-clients.ts), at most 2,500 each: one process cannot hold 10,000 clients of each
 * server (EMFILE), and every child's soft limit on open files is raised to the hard limit, as
 * are the servers'. Each client process records every arrival (a publication twice at one
 * client fails the run) and tells this one when all its clients have a publication. Times are
 * comparable across the processes: all read the host's monotonic clock (`process.hrtime`,
 * CLOCK_MONOTONIC) relative to one epoch this process hands out, which is checked at start (a
 * time read in a client process must lie between this process's reads around the question).
 * Delivered messages/s = N×M / (last arrival − first publish); latency = arrival − publish.
 * Both servers stay up with their clients connected and are measured in alternating rounds
 * after a warm-up, so background load on the machine hits both alike; the medians are printed,
 * with each server's CPU time per delivered message (from /proc), which does not depend on
 * how much CPU the clients leave it — the robust figure on a shared machine — and the client
 * processes' own. Target: ours/bare ws ≥ 0.8, in throughput and in CPU per message.
 *
 * BENCH_REALTIME_CLIENTS overrides N (rounds hold about 500,000 deliveries: 50 publications at
 * 10,000 clients); BENCH_REALTIME_CPU_PROF=<directory> writes V8 CPU profiles of both server
 * processes there (cpu-profile.mjs; open them in Chrome DevTools).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { encodePublicationPush } from '../apps/server/src/modules/realtime/protocol.ts';
import {
  startServerProcess,
  withRaisedOpenFileLimit,
} from '../apps/server/test/support/server-process.ts';
import type { ClientCommand, ClientReport } from './realtime-clients.ts';
import {
  benchServerEnvironment,
  type Cleanups,
  cpuSeconds,
  median,
  printResult,
  recreateDatabase,
  startBroadcastServer,
} from './support.ts';

const clientCount = Number(process.env.BENCH_REALTIME_CLIENTS ?? 10_000);
if (!Number.isSafeInteger(clientCount) || clientCount < 1) {
  throw new Error('BENCH_REALTIME_CLIENTS must be a positive integer');
}
/** clients per client process, at most (each process holds a socket, a file, per client) */
const clientsPerProcess = 2_500;
const processCount = Math.ceil(clientCount / clientsPerProcess);
/** measured rounds per server, alternating between the two */
const rounds = 5;
/** about 500,000 deliveries a round (150 publications to 2,000 clients, 50 to 10,000) */
const messagesPerRound = Math.min(150, Math.max(20, Math.round(500_000 / clientCount)));
const warmupMessages = Math.ceil(messagesPerRound / 2);
/**
 * Publications sent but not yet delivered to every client, at most: enough that the next one is
 * on its way (through PostgreSQL, for ours) while the server still fans out the previous one.
 */
const inFlight = 4;
/** a run with no publication completing for this long has failed */
const stallMs = 30_000;
const targetRatio = 0.8;

const channel = 'broadcast:bench';
const directory = dirname(fileURLToPath(import.meta.url));

/**
 * The clock of every time in this bench and its client processes: the host's monotonic clock
 * (process.hrtime, CLOCK_MONOTONIC on Linux, the same for every process), in milliseconds
 * since this epoch.
 */
const epoch = process.hrtime.bigint();
function now(): number {
  return Number(process.hrtime.bigint() - epoch) / 1e6;
}

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

/** One measured stretch of publications: their send times, and when each reached every client. */
class Round {
  readonly sentAt: Float64Array;
  /** per publication: how many client processes reported it delivered to all their clients */
  private readonly processesDone: Uint16Array;
  completed = 0;
  lastArrivalAt = 0;
  private progressAt = now();
  private waiter: { count: number; resolve: () => void } | null = null;

  constructor(
    readonly firstSeq: number,
    readonly count: number,
    readonly processes: number,
  ) {
    this.sentAt = new Float64Array(count);
    this.processesDone = new Uint16Array(count);
  }

  /** A client process received publication `seq` at all its clients, the last at `at`. */
  done(seq: number, at: number): void {
    const index = seq - this.firstSeq;
    if (index < 0 || index >= this.count) return;
    this.progressAt = now();
    this.lastArrivalAt = Math.max(this.lastArrivalAt, at);
    const processes = (this.processesDone[index] ?? 0) + 1;
    this.processesDone[index] = processes;
    if (processes === this.processes) {
      this.completed += 1;
      if (this.waiter && this.completed >= this.waiter.count) {
        const { resolve } = this.waiter;
        this.waiter = null;
        resolve();
      }
    }
  }

  /**
   * Resolves once `count` publications reached every client; throws as soon as `failure`
   * reports one (checked every 100 ms at least) or when no publication completes at any client
   * process for `stallMs`.
   */
  async completedAtLeast(count: number, failure: () => Error | null): Promise<void> {
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
      if (now() - this.progressAt > stallMs) {
        throw new Error(
          `no delivery completed for ${stallMs} ms: ${this.completed} of ${this.count} publications`,
        );
      }
    }
  }
}

/** One client process (realtime-clients.ts) and what it reports. */
class ClientProcess {
  private readonly child: ChildProcess;
  private readonly replies: Array<(report: ClientReport) => void> = [];
  private round: Round | null = null;
  failure: Error | null = null;

  constructor() {
    const [command, args] = withRaisedOpenFileLimit(process.execPath, [
      '--import',
      'tsx',
      resolve(directory, 'realtime-clients.ts'),
    ]);
    this.child = spawn(command, args, {
      cwd: resolve(directory, '..'),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child.on('message', (report: ClientReport) => {
      if (report.type === 'done') this.round?.done(report.seq, report.at);
      else if (report.type === 'failure') this.failure ??= new Error(report.message);
      else this.replies.shift()?.(report);
    });
    this.child.once('exit', (code, signal) => {
      this.failure ??= new Error(`a client process exited (${code ?? signal})`);
      for (const reply of this.replies.splice(0)) reply({ type: 'failure', message: 'exited' });
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Sends a command and waits for its answer (commands are answered in order). */
  async ask<Type extends ClientReport['type']>(
    command: ClientCommand,
    type: Type,
  ): Promise<Extract<ClientReport, { type: Type }>> {
    const answer = new Promise<ClientReport>((resolveAnswer) => this.replies.push(resolveAnswer));
    this.child.send(command);
    const report = await Promise.race([
      answer,
      new Promise<ClientReport>((resolveFailure) => {
        const check = setInterval(() => {
          if (this.failure) {
            clearInterval(check);
            resolveFailure({ type: 'failure', message: this.failure.message });
          }
        }, 100);
        void answer.then(() => clearInterval(check));
      }),
    ]);
    if (report.type !== type) {
      throw (
        this.failure ?? new Error(`a client process answered ${report.type} to ${command.type}`)
      );
    }
    return report as Extract<ClientReport, { type: Type }>;
  }

  async measure(round: Round): Promise<void> {
    this.round = round;
    await this.ask({ type: 'round', firstSeq: round.firstSeq, count: round.count }, 'measuring');
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.failure ??= new Error('closing');
    if (this.child.connected) this.child.send({ type: 'close' } satisfies ClientCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** N raw WebSocket clients of one server, spread over client processes. */
class Subscribers {
  private readonly processes: ClientProcess[];

  constructor(processCount: number) {
    this.processes = Array.from({ length: processCount }, () => new ClientProcess());
  }

  get pids(): number[] {
    return this.processes.map((child) => child.pid);
  }

  get failure(): Error | null {
    for (const child of this.processes) if (child.failure) return child.failure;
    return null;
  }

  /**
   * Checks that a time read in each client process (after `connect`, which gives it the epoch)
   * lies between this process's reads before sending the question and after its answer (the
   * clocks are one); returns the longest round trip seen, in milliseconds.
   */
  async checkClock(): Promise<number> {
    let longest = 0;
    for (const child of this.processes) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const before = now();
        const { at } = await child.ask({ type: 'clock' }, 'clock');
        const after = now();
        if (at < before || at > after) {
          throw new Error(
            `a client process's clock disagrees: ${at} ms outside [${before}, ${after}] ms`,
          );
        }
        longest = Math.max(longest, after - before);
      }
    }
    return longest;
  }

  /** Opens `count` connections, shared out among the processes; with a handshake, subscribed. */
  async connect(url: string, count: number, handshake: boolean): Promise<void> {
    await Promise.all(
      this.processes.map((child, index) => {
        const share =
          Math.floor(count / this.processes.length) +
          (index < count % this.processes.length ? 1 : 0);
        return child.ask(
          { type: 'connect', url, count: share, handshake, channel, epoch },
          'ready',
        );
      }),
    );
  }

  async measure(round: Round): Promise<void> {
    await Promise.all(this.processes.map((child) => child.measure(round)));
  }

  /** Every arrival's latency of the round (arrival − publish), and the frame size seen. */
  async latencies(round: Round): Promise<{ latencies: Float64Array; frameBytes: number }> {
    const reports = await Promise.all(
      this.processes.map((child) => child.ask({ type: 'collect' }, 'arrivals')),
    );
    const latencies = new Float64Array(round.count * clientCount);
    let recorded = 0;
    let frameBytes = 0;
    for (const { arrivals, frameBytes: bytes } of reports) {
      const clients = arrivals.length / round.count;
      for (let index = 0; index < round.count; index += 1) {
        const sentAt = round.sentAt[index] ?? 0;
        for (let client = 0; client < clients; client += 1) {
          const arrival = arrivals[index * clients + client] ?? Number.NaN;
          if (Number.isNaN(arrival)) throw new Error('a publication did not reach a client');
          latencies[recorded] = arrival - sentAt;
          recorded += 1;
        }
      }
      if (frameBytes !== 0 && bytes !== frameBytes) {
        throw new Error(`frames of one server differ in size: ${bytes} vs ${frameBytes}`);
      }
      frameBytes = bytes;
    }
    if (recorded !== latencies.length) throw new Error(`${recorded} arrivals counted`);
    return { latencies: latencies.sort(), frameBytes };
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((child) => child.close()));
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
  /** the client processes' CPU time per delivered message; null off Linux */
  clientCpuMicrosecondsPerDelivery: number | null;
}

/** The summed CPU time of processes, in seconds; null where unavailable. */
function totalCpuSeconds(pids: readonly number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const seconds = cpuSeconds(pid);
    if (seconds === null) return null;
    total += seconds;
  }
  return total;
}

function perDelivery(before: number | null, after: number | null, deliveries: number) {
  return before === null || after === null ? null : ((after - before) * 1e6) / deliveries;
}

async function runRound(contender: Contender, count: number): Promise<Figures> {
  const round = new Round(contender.nextSeq, count, processCount);
  contender.nextSeq += count;
  await contender.subscribers.measure(round);
  const failure = () => contender.subscribers.failure ?? contender.failure();
  const cpuBefore = cpuSeconds(contender.pid);
  const clientCpuBefore = totalCpuSeconds(contender.subscribers.pids);
  const startedAt = now();
  for (let index = 0; index < count; index += 1) {
    if (index >= inFlight) await round.completedAtLeast(index - inFlight + 1, failure);
    const seq = round.firstSeq + index;
    round.sentAt[index] = now();
    contender.publish(seq, publicationData(seq));
  }
  await round.completedAtLeast(count, failure);
  const cpuAfter = cpuSeconds(contender.pid);
  const clientCpuAfter = totalCpuSeconds(contender.subscribers.pids);
  const error = failure();
  if (error) throw error;
  const { latencies, frameBytes } = await contender.subscribers.latencies(round);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  const deliveries = count * clientCount;
  return {
    messagesPerSecond: deliveries / ((round.lastArrivalAt - startedAt) / 1000),
    p50: percentile(0.5),
    p99: percentile(0.99),
    frameBytes,
    cpuMicrosecondsPerDelivery: perDelivery(cpuBefore, cpuAfter, deliveries),
    clientCpuMicrosecondsPerDelivery: perDelivery(clientCpuBefore, clientCpuAfter, deliveries),
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

/** the longest round trip of the client processes' clock checks, in milliseconds */
let clockRoundTrip = 0;

/** Our server: the real app in a child process; publications committed through SQL. */
async function startBuiltin(adminUrl: string, cleanups: Cleanups): Promise<Contender> {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_realtime');
  const server = await startServerProcess(
    databaseUrl,
    {
      ...benchServerEnvironment,
      REALTIME_ENGINE: 'builtin',
      // At saturation on a loaded machine a ping waits behind seconds of pushes (both ways): a
      // client closed for a late pong (3012) would end the run. The pings themselves stay.
      REALTIME_PONG_TIMEOUT_SECONDS: '120',
      ...profilingEnvironment('builtin'),
    },
    { raiseOpenFileLimit: true },
  );
  cleanups.push(() => server.stop());
  const publisher = new pg.Client({ connectionString: databaseUrl });
  cleanups.push(() => publisher.end());
  await publisher.connect();
  const subscribers = new Subscribers(processCount);
  cleanups.push(() => subscribers.close());
  await subscribers.connect(
    `${server.baseUrl.replace(/^http/, 'ws')}/connection/websocket`,
    clientCount,
    true,
  );
  clockRoundTrip = Math.max(clockRoundTrip, await subscribers.checkClock());
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
  const subscribers = new Subscribers(processCount);
  cleanups.push(() => subscribers.close());
  await subscribers.connect(`ws://127.0.0.1:${port}/`, clientCount, false);
  clockRoundTrip = Math.max(clockRoundTrip, await subscribers.checkClock());
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

function medianOrNull(values: Array<number | null>): number | null {
  return values.every((value) => value !== null) ? median(values as number[]) : null;
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
    cpu: medianOrNull(contender.rounds.map((round) => round.cpuMicrosecondsPerDelivery)),
    clientCpu: medianOrNull(
      contender.rounds.map((round) => round.clientCpuMicrosecondsPerDelivery),
    ),
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
          `bare ws: ratio ${(bare.cpu / ours.cpu).toFixed(2)} (target ≥ ${targetRatio})`,
      );
    }
    if (ours.clientCpu !== null && bare.clientCpu !== null) {
      console.info(
        `  client processes' CPU per delivered message ${ours.clientCpu.toFixed(2)} µs vs ` +
          `${bare.clientCpu.toFixed(2)} µs`,
      );
    }
    console.info(
      `  medians of ${rounds} alternating rounds of ${messagesPerRound} publications ` +
        `(${ours.frameBytes}-byte frames, at most ${inFlight} in flight; rounds ` +
        `${ours.lowest.toFixed(0)}–${ours.highest.toFixed(0)} vs ${bare.lowest.toFixed(0)}–` +
        `${bare.highest.toFixed(0)} msg/s); throughput ratio ${ratio.toFixed(2)} ` +
        `(target ≥ ${targetRatio}); clients in ${processCount} processes per server, ` +
        `clock checked (round trips ≤ ${clockRoundTrip.toFixed(2)} ms)`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('realtime bench clean-up:', error));
    }
  }
}
