import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

/** Tabs whose panels mount only when shown (each panel loads its own list). */
export function Tabs({
  value,
  onValueChange,
  tabs,
}: {
  value: string;
  onValueChange: (value: string) => void;
  tabs: { value: string; label: ReactNode; content: ReactNode; hidden?: boolean }[];
}) {
  const shown = tabs.filter((tab) => !tab.hidden);
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <RadixTabs.List className="-mx-1 mb-4 flex gap-1 overflow-x-auto border-b border-line px-1">
        {shown.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className="-mb-px cursor-pointer border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-ink data-[state=active]:border-accent-600 data-[state=active]:text-ink"
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {shown.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
