// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { LazyToaster, toast } from './toast';

afterAll(cleanup);

describe('toasts before and after sonner is here', { shuffle: false }, () => {
  it('shows what was said before the library came, in order, but not what was dismissed', async () => {
    toast.success('Deposit credited');
    toast.error('Gone before shown', { id: 'dismissed' });
    toast.info('Still here', { id: 'kept' });
    toast.dismiss('dismissed');
    render(<LazyToaster />);
    const first = await screen.findByText('Deposit credited', {}, { timeout: 5_000 });
    const second = await screen.findByText('Still here');
    expect(screen.queryByText('Gone before shown')).toBeNull();
    // sonner lists the newest first
    expect(second.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('hands calls on at once once loaded, dismissals too', async () => {
    act(() => toast.warning('Limit reached', { id: 'limit' }));
    expect(await screen.findByText('Limit reached')).toBeTruthy();
    act(() => toast.dismiss());
    // sonner marks a dismissed toast removed, then takes it out after its exit animation
    await waitFor(() =>
      expect(
        screen
          .queryByText('Limit reached')
          ?.closest('[data-sonner-toast]')
          ?.getAttribute('data-removed') ?? 'true',
      ).toBe('true'),
    );
  });
});
