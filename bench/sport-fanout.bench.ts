/**
 * Live odds fan-out: 2,000 WebSocket clients, 40 on each of 50 live events' `sport_event:{id}`
 * channels, receive the prices the real server publishes — `apps/server/src/main.ts` in a child
 * process with the built-in realtime engine, on a fresh database, running its own odds feed
 * (SPORT_FEED=simulator, accelerated, a kick-off a minute in every sport). That is the whole
 * path a price takes: the simulator's messages, `FeedIngestion` committing them, the sport
 * publisher coalescing each channel (at most every 400 ms) and reading the changed markets back
 * from the catalog, NOTIFY, the hub, every session. (A feed written from this process would not
 * reach the publisher, which the ingestion feeds in-process.)
 *
 * Figures per measured window (after a warm-up): price updates delivered per second —
 * publications received × clients, counting only those published in the window, over the time
 * from the window's start to the last of their arrivals; the latency from the publication's
 * NOTIFY, which this process also LISTENs to, to each arrival (one clock: this process's);
 * the age of the newest price at arrival, from the feed message's timestamp (the simulator's
 * versions are its timestamp × 1000 — the same machine's wall clock, read by both processes;
 * it includes the simulator's 1 s tick and the 400 ms window, by design); the server's CPU per
 * delivered update (the server process also simulates, ingests and reads back, so this is an
 * upper bound of the fan-out's cost).
 *
 * Baseline: the bare `ws` broadcast server (ws-broadcast-server.ts) with the same 2,000 clients
 * in 50 groups of 40, sent the very push frames our server delivered, to the same groups at the
 * same moments (the recorded schedule of each window, replayed), so both see the same sizes and
 * the same rate. The feed cannot be paused, so the server's windows come first and its process
 * is stopped before the replays (not alternated as in realtime.bench.ts): a load change on the
 * shared machine between the two halves shows as a spread between windows. Both deliver open
 * loop at the feed's rate, so the throughput ratio says whether our path keeps up with what the
 * feed offers (1.0: every update arrives, as fast as bare ws); latency and CPU say at what cost.
 *
 * BENCH_SPORT_FANOUT_SPEED overrides the simulator's speed (simulated seconds per real second).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { encodePublicationPush } from '../apps/server/src/modules/realtime/protocol.ts';
import { publicationNotificationChannel } from '../apps/server/src/modules/realtime/publisher.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { openBenchClient, terminateSockets } from './bench-client.ts';
import {
  benchServerEnvironment,
  type Cleanups,
  cpuSeconds,
  median,
  printResult,
  recreateDatabase,
  startBroadcastServer,
} from './support.ts';

const eventCount = 50;
const clientsPerEvent = 40;
const clientCount = eventCount * clientsPerEvent;
const speed = Number(process.env.BENCH_SPORT_FANOUT_SPEED ?? 10);
if (!Number.isSafeInteger(speed) || speed < 1) {
  throw new Error('BENCH_SPORT_FANOUT_SPEED must be a positive integer');
}
/** real minutes between two kick-offs of a sport: the simulator's smallest */
const kickoffMinutes = 1;
const warmupMs = 5_000;
const windows = 3;
const windowMs = 15_000;
/** how long the last publications of a window may take to reach every client */
const drainMs = 10_000;
/** how long the server may take to have enough live events */
const liveWaitMs = 90_000;
const connectBatch = 100;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

/** One publication as this process saw it committed (ours) or sent it (the baseline). */
interface Publication {
  group: number;
  frame: string;
  /** when NOTIFY reached this process (ours) or when it was sent (baseline), `now()` */
  at: number;
  arrivals: number;
}

/** A measured stretch: the publications made in it and every arrival of theirs. */
class Window {
  readonly publications = new Map<string, Publication>();
  readonly latencies: number[] = [];
  readonly ages: number[] = [];
  deliveries = 0;
  completed = 0;
  lastArrivalAt = 0;
  closed = false;

  constructor(readonly startedAt: number) {}

  /**
   * Pushes that reached a client before this process heard the NOTIFY (the server's listener
   * may be first): counted once the publication is known
   */
  private readonly early = new Map<string, Array<{ at: number; age: number | null }>>();

  add(key: string, publication: Publication): void {
    if (this.closed) return;
    this.publications.set(key, publication);
    const early = this.early.get(key);
    this.early.delete(key);
    for (const { at, age } of early ?? []) this.arrived(key, at, age);
  }

  /** A push arrived at a client; false when it is not one of this window's. */
  arrived(key: string, at: number, age: number | null): boolean {
    const publication = this.publications.get(key);
    if (!publication) {
      if (this.closed) return false;
      const early = this.early.get(key) ?? [];
      early.push({ at, age });
      this.early.set(key, early);
      return true;
    }
    publication.arrivals += 1;
    if (publication.arrivals > clientsPerEvent) throw new Error(`delivered twice: ${key}`);
    if (publication.arrivals === clientsPerEvent) this.completed += 1;
    this.deliveries += 1;
    this.latencies.push(at - publication.at);
    if (age !== null) this.ages.push(at - age);
    this.lastArrivalAt = Math.max(this.lastArrivalAt, at);
    return true;
  }

  async drained(): Promise<void> {
    const deadline = now() + drainMs;
    while (this.completed < this.publications.size) {
      if (now() > deadline) {
        throw new Error(
          `${this.publications.size - this.completed} of ${this.publications.size} ` +
            `publications did not reach all ${clientsPerEvent} clients within ${drainMs} ms`,
        );
      }
      await sleep(50);
    }
  }
}

interface Figures {
  updatesPerSecond: number;
  publications: number;
  p50: number;
  p99: number;
  ageP50: number | null;
  ageP99: number | null;
  meanFrameBytes: number;
  cpuMicrosecondsPerUpdate: number | null;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

function figuresOf(window: Window, cpu: number | null): Figures {
  const latencies = [...window.latencies].sort((a, b) => a - b);
  const ages = [...window.ages].sort((a, b) => a - b);
  let bytes = 0;
  for (const publication of window.publications.values()) bytes += publication.frame.length;
  return {
    updatesPerSecond: window.deliveries / ((window.lastArrivalAt - window.startedAt) / 1000),
    publications: window.publications.size,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ageP50: ages.length > 0 ? percentile(ages, 0.5) : null,
    ageP99: ages.length > 0 ? percentile(ages, 0.99) : null,
    meanFrameBytes: bytes / Math.max(1, window.publications.size),
    cpuMicrosecondsPerUpdate: cpu === null ? null : (cpu * 1e6) / window.deliveries,
  };
}

/** The push frames of one WebSocket message (the server may batch several, one a line). */
function pushesOf(data: Buffer): string[] {
  return data.toString().split('\n');
}

/** `{"push":{"channel":"…","pub":{"data":…}}}` → the key `channel data`. */
function pushKey(frame: string): string | null {
  const match = /^\{"push":\{"channel":"([^"]+)","pub":\{"data":(.*)\}\}\}$/s.exec(frame);
  return match ? `${match[1]} ${match[2]}` : null;
}

/** The feed timestamp (epoch ms) of the newest message a sport_event diff carries. */
function feedTimestamp(frame: string): number | null {
  const match = /"version":(\d+)/.exec(frame);
  return match?.[1] ? Math.floor(Number(match[1]) / 1000) : null;
}

/** 2,000 raw WebSocket clients in this process, 40 per group. */
class Subscribers {
  private readonly sockets: WebSocket[] = [];
  private closing = false;
  window: Window | null = null;
  failure: Error | null = null;
  /** pushes outside a measured window (warm-up, between windows) */
  unmeasured = 0;

  constructor(private readonly withAges: boolean) {}

  async connect(urlOf: (group: number) => string, handshakeOf: ((group: number) => string) | null) {
    const groups = Array.from({ length: clientCount }, (_, index) => index % eventCount);
    for (let start = 0; start < clientCount; start += connectBatch) {
      await Promise.all(
        groups
          .slice(start, start + connectBatch)
          .map((group) => this.open(urlOf(group), handshakeOf?.(group) ?? null)),
      );
    }
  }

  private open(url: string, handshake: string | null): Promise<void> {
    return openBenchClient(url, handshake, this.sockets, {
      onPush: (data) => this.arrived(data),
      // a publication may share the frame of the reply; it is before any window
      onSubscribed: (text) => {
        this.unmeasured += text.split('\n').length - 1;
      },
      onDisconnected: (error) => {
        this.failure ??= error;
      },
      closing: () => this.closing,
    });
  }

  private arrived(data: Buffer): void {
    const at = now();
    for (const frame of pushesOf(data)) {
      const key = pushKey(frame);
      if (key === null) {
        this.failure ??= new Error(`unexpected frame: ${frame.slice(0, 200)}`);
        continue;
      }
      const age = this.withAges ? feedTimestamp(frame) : null;
      try {
        if (!this.window?.arrived(key, at, age)) this.unmeasured += 1;
      } catch (error) {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await terminateSockets(this.sockets);
  }
}

interface LiveEvent {
  id: number;
  sportId: number;
  startsAt: string;
}

async function liveEvents(baseUrl: string): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(
      `${baseUrl}/api/v2/sport/events?live=true&limit=100&offset=${offset}`,
    );
    if (!response.ok) throw new Error(`events: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { items: LiveEvent[] };
    events.push(...page.items);
    if (page.items.length < 100) return events;
  }
}

/** Waits for `eventCount` live events and takes those that kicked off last (most time left). */
async function chooseEvents(baseUrl: string): Promise<LiveEvent[]> {
  const deadline = Date.now() + liveWaitMs;
  for (;;) {
    const events = await liveEvents(baseUrl);
    if (events.length >= eventCount) {
      return events
        .sort((left, right) => Date.parse(right.startsAt) - Date.parse(left.startsAt))
        .slice(0, eventCount);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `only ${events.length} live events after ${liveWaitMs} ms; raise the simulator's speed ` +
          'or lower it so matches last longer',
      );
    }
    await sleep(2_000);
  }
}

/** The notifications' publications, as `{"c":channel,"d":data}` (packed in arrays or alone). */
function notifiedPublications(payload: string): Array<{ channel: string; data: string }> {
  const parsed = JSON.parse(payload) as unknown;
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const publications: Array<{ channel: string; data: string }> = [];
  for (const item of list as Array<{ c?: string; d?: unknown }>) {
    if (typeof item.c === 'string' && item.d !== undefined) {
      // the push carries the data as it was published: re-serialised, JSON keeps the order
      publications.push({ channel: item.c, data: JSON.stringify(item.d) });
    }
  }
  return publications;
}

interface Recorded {
  figures: Figures;
  /** the window's publications, in the order they were committed, with their offsets */
  schedule: Array<{ offsetMs: number; group: number; frame: string }>;
}

async function measureOurs(adminUrl: string, cleanups: Cleanups): Promise<Recorded[]> {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_sport_fanout');
  const server = await startServerProcess(databaseUrl, {
    ...benchServerEnvironment,
    ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: 'true',
    REALTIME_ENGINE: 'builtin',
    SPORT_FEED: 'simulator',
    FEED_SIMULATOR_SEED: 'bench-sport-fanout',
    FEED_SIMULATOR_SPEED: String(speed),
    FEED_SIMULATOR_HORIZON_HOURS: '1',
    FEED_SIMULATOR_KICKOFF_MINUTES: String(kickoffMinutes),
  });
  let serverStopped = false;
  const stopServer = async () => {
    if (serverStopped) return;
    serverStopped = true;
    await server.stop();
  };
  cleanups.push(stopServer);
  const events = await chooseEvents(server.baseUrl);
  const groupOf = new Map(events.map((event, group) => [`sport_event:${event.id}`, group]));

  const subscribers = new Subscribers(true);
  const listener = new pg.Client({ connectionString: databaseUrl });
  cleanups.push(() => listener.end());
  await listener.connect();
  listener.on('notification', (message) => {
    const at = now();
    if (message.channel !== publicationNotificationChannel || !message.payload) return;
    for (const { channel, data } of notifiedPublications(message.payload)) {
      const group = groupOf.get(channel);
      if (group === undefined) continue;
      subscribers.window?.add(`${channel} ${data}`, {
        group,
        frame: encodePublicationPush({ channel, epoch: null, offset: null, data }),
        at,
        arrivals: 0,
      });
    }
  });
  await listener.query(`LISTEN ${pg.escapeIdentifier(publicationNotificationChannel)}`);
  cleanups.push(() => subscribers.close());
  const url = `${server.baseUrl.replace(/^http/, 'ws')}/connection/websocket`;
  await subscribers.connect(
    () => url,
    (group) =>
      `{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":"sport_event:${events[group]?.id}"}}`,
  );
  const sports = new Set(events.map((event) => event.sportId));
  console.info(
    `  ${clientCount} clients on ${eventCount} live events of ${sports.size} sports ` +
      `(simulator at ${speed}×, a kick-off every ${kickoffMinutes} min per sport)`,
  );
  await sleep(warmupMs);
  const recorded: Recorded[] = [];
  for (let index = 0; index < windows; index += 1) {
    const window = new Window(now());
    const cpuBefore = cpuSeconds(server.pid);
    subscribers.window = window;
    await sleep(windowMs);
    window.closed = true;
    await window.drained();
    const cpuAfter = cpuSeconds(server.pid);
    if (subscribers.failure) throw subscribers.failure;
    const schedule = [...window.publications.values()]
      .sort((left, right) => left.at - right.at)
      .map(({ at, group, frame }) => ({ offsetMs: at - window.startedAt, group, frame }));
    recorded.push({
      figures: figuresOf(
        window,
        cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      ),
      schedule,
    });
  }
  subscribers.window = null;
  if (subscribers.failure) throw subscribers.failure;
  await subscribers.close();
  await stopServer();
  return recorded;
}

/** The baseline: each window's schedule replayed to the bare server's groups. */
async function measureBare(recorded: Recorded[], cleanups: Cleanups): Promise<Figures[]> {
  const { port, pid } = await startBroadcastServer(cleanups);
  const controls = await Promise.all(
    Array.from({ length: eventCount }, async (_, group) => {
      const control = new WebSocket(`ws://127.0.0.1:${port}/publish/${group}`, {
        perMessageDeflate: false,
      });
      cleanups.push(async () => control.terminate());
      await new Promise<void>((resolveOpen, reject) => {
        control.once('open', () => resolveOpen());
        control.once('error', reject);
      });
      return control;
    }),
  );
  const subscribers = new Subscribers(false);
  cleanups.push(() => subscribers.close());
  await subscribers.connect((group) => `ws://127.0.0.1:${port}/${group}`, null);
  const figures: Figures[] = [];
  for (const { schedule } of recorded) {
    const window = new Window(now());
    subscribers.window = window;
    const cpuBefore = cpuSeconds(pid);
    for (const { offsetMs, group, frame } of schedule) {
      await sleep(window.startedAt + offsetMs - now());
      const key = pushKey(frame);
      if (key === null) throw new Error(`not a push: ${frame.slice(0, 200)}`);
      window.add(key, { group, frame, at: now(), arrivals: 0 });
      controls[group]?.send(frame);
    }
    window.closed = true;
    await window.drained();
    const cpuAfter = cpuSeconds(pid);
    if (subscribers.failure) throw subscribers.failure;
    figures.push(
      figuresOf(window, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore),
    );
  }
  return figures;
}

function summary(figures: readonly Figures[]) {
  const of = (pick: (figure: Figures) => number | null) => {
    const values = figures.map(pick);
    return values.every((value) => value !== null) ? median(values as number[]) : null;
  };
  const rates = figures.map((figure) => figure.updatesPerSecond);
  return {
    updatesPerSecond: median(rates),
    lowest: Math.min(...rates),
    highest: Math.max(...rates),
    publications: of((figure) => figure.publications) ?? 0,
    p50: of((figure) => figure.p50) ?? 0,
    p99: of((figure) => figure.p99) ?? 0,
    ageP50: of((figure) => figure.ageP50),
    ageP99: of((figure) => figure.ageP99),
    frameBytes: of((figure) => figure.meanFrameBytes) ?? 0,
    cpu: of((figure) => figure.cpuMicrosecondsPerUpdate),
  };
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

export async function run(adminUrl: string) {
  const cleanups: Cleanups = [];
  try {
    console.info(`  load average before: ${loadAverage()}`);
    const recorded = await measureOurs(adminUrl, cleanups);
    const ours = summary(recorded.map(({ figures }) => figures));
    const bare = summary(await measureBare(recorded, cleanups));
    const ratio = printResult(
      `live odds fan-out (${clientCount} clients on ${eventCount} events, built-in server)`,
      ours.updatesPerSecond,
      'updates/s',
      bare.updatesPerSecond,
      'updates/s bare ws, same frames and schedule',
    );
    console.info(
      `  publication → arrival p50 ${ours.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(1)} ms ` +
        `vs ${bare.p50.toFixed(1)} / ${bare.p99.toFixed(1)} ms bare ws (p99 ratio ` +
        `${(ours.p99 / bare.p99).toFixed(2)})`,
    );
    if (ours.ageP50 !== null && ours.ageP99 !== null) {
      console.info(
        `  age of the newest price at arrival (feed timestamp → client; simulator tick and ` +
          `coalescing window included) p50 ${ours.ageP50.toFixed(0)} ms, p99 ${ours.ageP99.toFixed(0)} ms`,
      );
    }
    if (ours.cpu !== null && bare.cpu !== null) {
      console.info(
        `  server CPU per delivered update ${ours.cpu.toFixed(2)} µs (feed, ingestion and ` +
          `read-back included) vs ${bare.cpu.toFixed(2)} µs bare ws`,
      );
    }
    console.info(
      `  medians of ${windows} windows of ${windowMs / 1000} s: ${ours.publications.toFixed(0)} ` +
        `publications a window, ${ours.frameBytes.toFixed(0)}-byte frames on average; windows ` +
        `${ours.lowest.toFixed(0)}–${ours.highest.toFixed(0)} vs ${bare.lowest.toFixed(0)}–` +
        `${bare.highest.toFixed(0)} updates/s; ratio ${ratio.toFixed(2)}; load average after: ` +
        `${loadAverage()}`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) =>
        console.error('sport fan-out bench clean-up:', error),
      );
    }
  }
}
