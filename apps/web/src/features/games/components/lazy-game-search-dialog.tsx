import { LazyLayer } from '@/components/lazy-layer';
import { lazy } from '@/lib/lazy';

const GameSearchDialog = lazy(async () => ({
  default: (await import('./game-search-dialog')).GameSearchDialog,
}));

/** The game search, its code fetched when first opened (from the header, the menu or the home). */
export function LazyGameSearchDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <LazyLayer open={props.open}>
      <GameSearchDialog {...props} />
    </LazyLayer>
  );
}
