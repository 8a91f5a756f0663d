import type { Page } from '@playwright/test';

export interface Frame {
  direction: 'sent' | 'received';
  payload: string;
}

/** Every WebSocket frame of the page, in order, across reconnects. */
export function recordFrames(page: Page): Frame[] {
  const frames: Frame[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) =>
      frames.push({ direction: 'sent', payload: String(frame.payload) }),
    );
    socket.on('framereceived', (frame) =>
      frames.push({ direction: 'received', payload: String(frame.payload) }),
    );
  });
  return frames;
}

/** The frames' commands and replies: a frame may carry several, one JSON object per line. */
function messages(frames: readonly Frame[], direction: Frame['direction']) {
  return frames
    .filter((frame) => frame.direction === direction)
    .flatMap((frame) => frame.payload.split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { id?: number; subscribe?: { channel?: string } });
}

/**
 * The server has answered the latest subscribe command for `channel` — matched by the command's
 * id, since replies to other channels' subscriptions may arrive in between.
 */
export function isSubscribed(frames: readonly Frame[], channel: string): boolean {
  const command = messages(frames, 'sent').findLast(
    (message) => message.subscribe?.channel === channel,
  );
  return (
    command?.id !== undefined &&
    messages(frames, 'received').some(
      (message) => message.id === command.id && message.subscribe !== undefined,
    )
  );
}
