import { describe, expect, it } from 'vitest';
import { initialSidebarOpen, isSidebarShortcut, sidebarCookie } from './sidebar-state';

describe('initialSidebarOpen', () => {
  it('restores the saved choice whatever the screen', () => {
    expect(initialSidebarOpen('theme=dark; sidebar_state=false', 1920)).toBe(false);
    expect(initialSidebarOpen('sidebar_state=true', 1024)).toBe(true);
  });

  it('defaults to open on wide screens and collapsed on laptop-size ones', () => {
    expect(initialSidebarOpen('', 1440)).toBe(true);
    expect(initialSidebarOpen('', 1280)).toBe(true);
    expect(initialSidebarOpen('', 1279)).toBe(false);
    expect(initialSidebarOpen('sidebar_state=garbage', 1024)).toBe(false);
  });
});

describe('sidebarCookie', () => {
  it('persists for a year on the whole site', () => {
    expect(sidebarCookie(false)).toBe(
      'sidebar_state=false; path=/; max-age=31536000; samesite=lax',
    );
    expect(sidebarCookie(true)).toContain('sidebar_state=true');
  });
});

describe('isSidebarShortcut', () => {
  const base = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };

  it('accepts Ctrl+B and Cmd+B', () => {
    expect(isSidebarShortcut({ ...base, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...base, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...base, key: 'B', ctrlKey: true })).toBe(true);
  });

  it('ignores plain B and other combinations', () => {
    expect(isSidebarShortcut(base)).toBe(false);
    expect(isSidebarShortcut({ ...base, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...base, key: 'n', ctrlKey: true })).toBe(false);
  });
});
