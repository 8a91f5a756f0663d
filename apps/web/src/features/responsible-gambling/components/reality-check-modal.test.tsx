// @vitest-environment happy-dom
import type { PlaySession } from '@casino/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPlayPaused, realityCheckPause, setPlayPaused } from '@/lib/play-pause';
import { RealityCheckModal } from './reality-check-modal';

afterEach(() => {
  cleanup();
  setPlayPaused(realityCheckPause, false);
});

function session(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    startedAt: '2026-11-26T20:00:00.000Z',
    minutesPlayed: 65,
    net: { currency: 'USD', staked: '120.00', won: '95.50', result: '-24.50' },
    realityCheckMinutes: 60,
    nextRealityCheckAt: '2026-11-26T21:00:00.000Z',
    realityCheckDue: true,
    ...overrides,
  };
}

describe('the reality-check modal', () => {
  it('shows the time played and the session’s net result', () => {
    render(
      <RealityCheckModal
        open
        session={session()}
        continuing={false}
        onContinue={() => undefined}
        onStop={() => undefined}
      />,
    );
    const dialog = screen.getByTestId('reality-check');
    expect(within(dialog).getByRole('heading').textContent).toBe('Reality check');
    expect(dialog.textContent).toContain('You have been playing for 1 h 5 min in this session.');
    expect(dialog.textContent).toContain('$120.00');
    expect(dialog.textContent).toContain('$95.50');
    const net = within(dialog).getByTestId('reality-check-net');
    expect(net.textContent).toBe('−$24.50');
    expect(net.className).toContain('text-danger-400');
  });

  it('under an hour shows minutes only; a won session is shown as such', () => {
    render(
      <RealityCheckModal
        open
        session={session({
          minutesPlayed: 45,
          net: { currency: 'EUR', staked: '10.00', won: '30.00', result: '20.00' },
        })}
        continuing={false}
        onContinue={() => undefined}
        onStop={() => undefined}
      />,
    );
    const dialog = screen.getByTestId('reality-check');
    expect(dialog.textContent).toContain('playing for 45 min in');
    expect(within(dialog).getByTestId('reality-check-net').className).toContain('text-money-400');
  });

  it('“Continue” and “Stop playing” answer it; Escape does not close it', () => {
    const onContinue = vi.fn();
    const onStop = vi.fn();
    const { rerender } = render(
      <RealityCheckModal
        open
        session={session()}
        continuing={false}
        onContinue={onContinue}
        onStop={onStop}
      />,
    );
    fireEvent.keyDown(screen.getByTestId('reality-check'), { key: 'Escape' });
    expect(screen.queryByTestId('reality-check')).not.toBeNull();
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('reality-check-stop'));
    expect(onStop).toHaveBeenCalledTimes(1);
    // while the answer is on its way "Continue" cannot be pressed again
    rerender(
      <RealityCheckModal
        open
        session={session()}
        continuing
        onContinue={onContinue}
        onStop={onStop}
      />,
    );
    expect((screen.getByTestId('reality-check-continue') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the play pause', () => {
  it('holds while any reason remains', () => {
    expect(isPlayPaused()).toBe(false);
    setPlayPaused(realityCheckPause, true);
    setPlayPaused('other', true);
    setPlayPaused(realityCheckPause, false);
    expect(isPlayPaused()).toBe(true);
    setPlayPaused('other', false);
    expect(isPlayPaused()).toBe(false);
  });
});
