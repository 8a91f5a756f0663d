import { cn } from '@/lib/cn';

/** The messenger's paper-plane mark. Brand marks are not in the icon set, so they live here. */
export function MessengerIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-5', className)}
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M21.9 4.3c.3-1.2-.9-2.2-2-1.7L2.8 9.3c-1.2.5-1.1 2.2.1 2.6l4.3 1.4 1.7 5.3c.3 1 1.6 1.3 2.3.5l2.4-2.4 4.4 3.2c.9.7 2.2.2 2.5-.9zM9.5 13.3l8.3-6.2c.3-.2.6.2.4.4l-6.8 6.4-.3 3.1z" />
    </svg>
  );
}

export function XIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-5', className)}
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.46 21H2.39l7.17-8.19L2 3h6.33l4.36 5.77zm-1.08 16.18h1.7L7.4 4.73H5.58z" />
    </svg>
  );
}
