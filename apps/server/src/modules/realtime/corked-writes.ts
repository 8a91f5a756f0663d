import type { Writable } from 'node:stream';

/**
 * Writes that leave together at the end of this turn of the event loop: the first write to a
 * stream in a turn corks it, and one callback scheduled for the end of the turn uncorks every
 * stream so corked. A socket written several frames in one turn (the pushes of the publications
 * of one read of notifications) sends them in one `writev` instead of one system call each; the
 * frames, and their order, are the same.
 */
export class CorkedWrites {
  private corked: Writable[] = [];

  write(stream: Writable, chunk: Buffer): void {
    // Corked by someone else (within their own synchronous write): theirs to uncork.
    if (stream.writableCorked === 0) {
      stream.cork();
      this.corked.push(stream);
      if (this.corked.length === 1) process.nextTick(this.uncorkAll);
    }
    stream.write(chunk);
  }

  private readonly uncorkAll = (): void => {
    const streams = this.corked;
    this.corked = [];
    for (const stream of streams) stream.uncork();
  };
}
