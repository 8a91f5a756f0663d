// @vitest-environment happy-dom
import { socialLinks } from '@casino/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadAllLanguages } from '@/lib/i18n';
import { portalLinks } from '../portal-links';
import { PortalDrawer } from './portal-drawer';

// other languages load on demand (lib/i18n.ts); these tests render them at once
beforeAll(loadAllLanguages);

afterEach(() => {
  cleanup();
});

function renderPortal(props: { isVip: boolean; vipManagerHandle: string | null; lng?: string }) {
  const i18n = initI18n('en');
  void i18n.changeLanguage(props.lng ?? 'en');
  render(
    <PortalDrawer
      open
      onOpenChange={() => {}}
      isVip={props.isVip}
      vipManagerHandle={props.vipManagerHandle}
    />,
  );
  return screen.getByTestId('portal-drawer');
}

describe('the portal drawer', () => {
  it('gives a VIP the manager, the messenger bot and the web mirror', () => {
    const drawer = renderPortal({ isVip: true, vipManagerHandle: 'anna_vip' });
    expect(drawer.getAttribute('data-variant')).toBe('vip');
    expect(within(drawer).getByRole('heading', { name: 'VIP club' })).toBeTruthy();
    const manager = within(drawer).getByTestId('portal-manager');
    expect(manager.getAttribute('href')).toBe('https://t.me/anna_vip');
    expect(manager.textContent).toContain('@anna_vip');
    expect(within(drawer).getByTestId('portal-bot').getAttribute('href')).toBe(
      portalLinks.messengerBot,
    );
    expect(within(drawer).getByTestId('portal-mirror').getAttribute('href')).toBe(
      portalLinks.webMirror,
    );
    expect(within(drawer).queryByTestId('portal-channel-en')).toBeNull();
  });

  it('leaves the manager out when a VIP has none', () => {
    const drawer = renderPortal({ isVip: true, vipManagerHandle: null });
    expect(within(drawer).queryByTestId('portal-manager')).toBeNull();
    expect(within(drawer).getByTestId('portal-bot')).toBeTruthy();
  });

  it('gives everyone else the community channels, RU and EN, their language first', () => {
    const english = renderPortal({ isVip: false, vipManagerHandle: 'ignored' });
    expect(english.getAttribute('data-variant')).toBe('community');
    const links = within(english).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      socialLinks.messengerChannel,
      socialLinks.messengerChannelRu,
    ]);
    expect(within(english).queryByTestId('portal-manager')).toBeNull();
    expect(within(english).queryByTestId('portal-bot')).toBeNull();
    cleanup();

    const russian = renderPortal({ isVip: false, vipManagerHandle: null, lng: 'ru' });
    expect(
      within(russian)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([socialLinks.messengerChannelRu, socialLinks.messengerChannel]);
    expect(within(russian).getByRole('heading', { name: 'Сообщество' })).toBeTruthy();
  });
});
