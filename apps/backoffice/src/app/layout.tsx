import { useLogout } from '@refinedev/core';
import { LogOut, Menu } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { features } from '@/features/index.ts';
import { type NavItem, navGroups } from '@/features/types.ts';
import { cn } from '@/lib/cn.ts';
import { can, type Me, useMe } from '@/lib/me.ts';

/** The sidebar entries this operator's roles open, in the groups' order. */
export function allowedNav(me: Me | undefined): NavItem[] {
  const items = features.flatMap((feature) => feature.nav ?? []);
  return items
    .filter((item) => can(me, item.requires[0], item.requires[1]))
    .sort((a, b) => navGroups.indexOf(a.group) - navGroups.indexOf(b.group));
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { data: me } = useMe();
  const items = allowedNav(me);
  return (
    <nav aria-label="Back office" className="flex flex-col gap-4 px-3 py-4">
      {navGroups.map((group) => {
        const entries = items.filter((item) => item.group === group);
        if (entries.length === 0) return null;
        return (
          <div key={group}>
            <div className="px-2 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
              {group}
            </div>
            <ul className="flex flex-col gap-0.5">
              {entries.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    end={item.path === '/'}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-canvas hover:text-ink',
                        isActive && 'bg-accent-50 font-medium text-accent-700 hover:bg-accent-50',
                      )
                    }
                  >
                    <item.icon className="size-4 shrink-0" aria-hidden />
                    <span className="min-w-0 flex-1 truncate">{item.label}</span>
                    {item.badge ? item.badge() : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function Brand() {
  return (
    <div className="flex items-center gap-2 font-semibold">
      <img src="/favicon.svg" alt="" className="size-6" />
      <span>Lucky Orbit</span>
      <span className="rounded bg-slate-900 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">
        Back office
      </span>
    </div>
  );
}

/** The signed-in frame: sidebar (a drawer on phones), top bar with the operator, the screen. */
export function Layout() {
  const { data: me } = useMe();
  const { mutate: logout } = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-full">
      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 overflow-y-auto border-r border-line bg-surface lg:block">
        <div className="border-b border-line px-4 py-3.5">
          <Brand />
        </div>
        <Sidebar />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-13 items-center gap-3 border-b border-line bg-surface/95 px-4 backdrop-blur">
          <RadixDialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <RadixDialog.Trigger asChild>
              <Button variant="ghost" size="sm" className="lg:hidden" aria-label="Menu">
                <Menu className="size-5" />
              </Button>
            </RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
              <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-surface shadow-xl lg:hidden">
                <RadixDialog.Title className="border-b border-line px-4 py-3.5">
                  <Brand />
                </RadixDialog.Title>
                <RadixDialog.Description className="sr-only">Navigation</RadixDialog.Description>
                <Sidebar onNavigate={() => setMenuOpen(false)} />
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
          <div className="lg:hidden">
            <Brand />
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <div className="hidden min-w-0 text-right sm:block">
              <div className="truncate text-sm font-medium" data-testid="operator-email">
                {me?.email}
              </div>
              <div className="truncate text-xs text-muted">{me?.roles.join(', ')}</div>
            </div>
            <Button variant="ghost" size="sm" onClick={() => logout()} aria-label="Sign out">
              <LogOut className="size-4" />
              <span className="hidden sm:inline">Sign out</span>
            </Button>
          </div>
        </header>
        <main className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
