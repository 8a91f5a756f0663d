import { useSportLiveUpdates } from '../hooks/use-sport-live-updates';

function SportLiveChannel({ sportId }: { sportId: number }) {
  useSportLiveUpdates(sportId);
  return null;
}

/** Keeps the cached listings of these sports live (`sport_live:{sportId}` each). */
export function SportLiveChannels({ sportIds }: { sportIds: readonly number[] }) {
  return (
    <>
      {[...new Set(sportIds)].map((sportId) => (
        <SportLiveChannel key={sportId} sportId={sportId} />
      ))}
    </>
  );
}
