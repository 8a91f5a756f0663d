import fastifyPlugin from 'fastify-plugin';
import type { SportBetting } from './betting.service.ts';

/** How often the sweep looks for pending tickets whose delay is over (a cheap indexed read). */
export const ticketSweepIntervalMs = 3_000;

/**
 * Decides in-play tickets in this process when the job queue runs here (JOBS_ENABLED): each
 * placement sets a timer for its ticket, and every few seconds a sweep decides the tickets past
 * their delay that no timer here decided (placed by another process, or left by one that
 * stopped). A ticket is decided under its row lock, once, whichever gets there first. On close,
 * the timers and the sweep stop; the next process's sweep takes over.
 */
export default fastifyPlugin(
  async (app, options: { enabled: boolean; betting: Pick<SportBetting, 'decideDue' | 'stop'> }) => {
    if (!options.enabled) return;
    let sweep: NodeJS.Timeout | null = null;
    let running = false;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        if (running) return;
        running = true;
        options.betting
          .decideDue()
          .catch((error: unknown) => app.log.error({ err: error }, 'the sport ticket sweep failed'))
          .finally(() => {
            running = false;
          });
      }, ticketSweepIntervalMs);
      sweep.unref();
    });
    app.addHook('onClose', async () => {
      if (sweep) clearInterval(sweep);
      options.betting.stop();
    });
  },
  { name: 'sport-ticket-decisions' },
);
