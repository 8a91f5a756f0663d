import { CircleAlert } from 'lucide-react';

export function FormAlert({ message, reference }: { message: string; reference?: string | null }) {
  return (
    <div
      role="alert"
      className="flex gap-2.5 rounded-xl border border-danger-500/30 bg-danger-500/10 px-3 py-2.5 text-sm text-danger-400"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p>{message}</p>
        {reference ? (
          <p className="mt-0.5 font-mono text-[11px] text-ink-400">{reference}</p>
        ) : null}
      </div>
    </div>
  );
}
