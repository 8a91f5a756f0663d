// @vitest-environment happy-dom
import type { UserBonus } from '@casino/contract';
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userBonusesQueryKey } from '../api/get-user-bonuses';
import { mockApi, renderWithApp, userBonus } from '../test-support';
import { NewBonusNotices } from './new-bonus-notices';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The list answers whatever `items` holds when asked; returns a way to change it. */
function bonusList(initial: UserBonus[]) {
  let items = initial;
  const requests = mockApi({ 'GET /api/v2/bonuses/user': () => ({ items }) });
  return {
    requests,
    set: (next: UserBonus[]) => {
      items = next;
    },
  };
}

const listLoads = (requests: { path: string }[]) =>
  requests.filter((request) => request.path === '/api/v2/bonuses/user').length;

/** Until the first answer is in the cache and its effects have run. */
async function firstLook(queryClient: QueryClient) {
  await vi.waitFor(() => expect(queryClient.getQueryData(userBonusesQueryKey)).toBeDefined());
  await settle(50);
}

async function settle(ms = 600) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

// the modal's code is fetched with the first notice (`LazyLayer`): fetched once here, so each
// test waits for the notice rather than for the module's first transform
beforeAll(() => import('./bonus-info-modal'));

describe('new bonus notices', () => {
  it('stay quiet about bonuses already there and announce one granted while the app is open', async () => {
    const list = bonusList([userBonus({ id: 'old' })]);
    const { queryClient } = renderWithApp(<NewBonusNotices userKey="player-1" paused={false} />);
    await firstLook(queryClient);
    await settle();
    expect(screen.queryByTestId('bonus-info-modal')).toBeNull();

    list.set([
      userBonus({ id: 'granted', title: 'Welcome bonus: deposit 2' }),
      userBonus({ id: 'old' }),
    ]);
    await act(() => queryClient.invalidateQueries({ queryKey: userBonusesQueryKey }));
    const modal = await screen.findByTestId('bonus-info-modal');
    expect(modal.textContent).toContain('You have a new bonus!');
    expect(within(modal).getByTestId('bonus-info-single').textContent).toContain(
      'Welcome bonus: deposit 2',
    );
    expect(within(modal).getByRole('link', { name: 'My bonuses' }).getAttribute('href')).toBe(
      '/en/bonuses',
    );
    // the primary action has the focus, not a link inside the conditions
    expect(document.activeElement?.textContent).toBe('My bonuses');
  });

  it('shows several new bonuses in one modal, and never a finished one', async () => {
    const list = bonusList([]);
    const { queryClient } = renderWithApp(<NewBonusNotices userKey="player-2" paused={false} />);
    await firstLook(queryClient);
    list.set([
      userBonus({ id: 'a', title: 'First' }),
      userBonus({ id: 'b', title: 'Second', status: 'pending' }),
      userBonus({ id: 'c', title: 'Gone already', status: 'lost' }),
    ]);
    await act(() => queryClient.invalidateQueries({ queryKey: userBonusesQueryKey }));
    const modal = await screen.findByTestId('bonus-info-modal');
    expect(modal.textContent).toContain('New bonuses: 2');
    const items = within(within(modal).getByTestId('bonus-info-several')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Second'),
    ]);
  });

  it('wait until no other dialog is on screen', async () => {
    const list = bonusList([]);
    const { queryClient } = renderWithApp(<NewBonusNotices userKey="player-3" paused={false} />);
    await firstLook(queryClient);
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    document.body.append(other);
    list.set([userBonus({ id: 'c' })]);
    await act(() => queryClient.invalidateQueries({ queryKey: userBonusesQueryKey }));
    await settle(900);
    expect(screen.queryByTestId('bonus-info-modal')).toBeNull();
    other.remove();
    expect(await screen.findByTestId('bonus-info-modal', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('announce nothing granted during a game, not even after it', async () => {
    function InGame() {
      const [paused, setPaused] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setPaused(false)}>
            leave the game
          </button>
          <NewBonusNotices userKey="player-4" paused={paused} />
        </>
      );
    }
    const list = bonusList([]);
    const { queryClient } = renderWithApp(<InGame />);
    await firstLook(queryClient);
    list.set([userBonus({ id: 'during-game' })]);
    await act(() => queryClient.invalidateQueries({ queryKey: userBonusesQueryKey }));
    await vi.waitFor(() => expect(listLoads(list.requests)).toBe(2));
    await settle();
    expect(screen.queryByTestId('bonus-info-modal')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'leave the game' }));
    await settle(900);
    expect(screen.queryByTestId('bonus-info-modal')).toBeNull();

    // the next grant after the game is announced again
    list.set([userBonus({ id: 'after-game' }), userBonus({ id: 'during-game' })]);
    await act(() => queryClient.invalidateQueries({ queryKey: userBonusesQueryKey }));
    const modal = await screen.findByTestId('bonus-info-modal');
    expect(modal.textContent).toContain('You have a new bonus!');
  });
});
