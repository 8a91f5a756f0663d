import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export interface AccordionItemData {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * Questions and answers, one open at a time and each closable: native `<details>`/`<summary>`
 * sharing a `name` (the browser closes the others), so the home page's FAQ costs no script of its
 * own on the first load. The summary is a disclosure the keyboard opens with Enter or Space and
 * assistive technology announces as expanded or collapsed; the question stays a heading.
 */
export function Accordion({
  items,
  className,
  defaultOpen,
}: {
  items: readonly AccordionItemData[];
  className?: string;
  defaultOpen?: string;
}) {
  const name = useId();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {items.map((item) => (
        <details
          key={item.id}
          name={name}
          open={item.id === defaultOpen}
          className="group overflow-hidden rounded-xl border border-ink-700 bg-ink-850 open:border-ink-600"
        >
          <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-3 px-4 py-3.5 text-left text-sm font-semibold text-ink-100 transition-colors hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
            <h3>{item.title}</h3>
            <ChevronDown
              className="size-4 shrink-0 text-ink-300 transition-transform duration-200 group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <div className="px-4 pb-4 text-sm leading-relaxed text-ink-300">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
