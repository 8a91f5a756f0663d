import { Outlet } from 'react-router';
import { SlipFloatingButton } from '@/features/sportsbook/slip/slip-buttons';
import { SlipPanel } from '@/features/sportsbook/slip/slip-layout';
import { useMediaQuery } from '@/hooks/use-media-query';
import { slipPanelMediaQuery } from './slip-media-query';

/**
 * The sportsbook's pages with the bet slip: a side panel on the right from 1024 px; below, the
 * slip is a drawer (the tab bar's slip button on phones, a floating button on tablets).
 */
export function SportsbookLayout() {
  const wide = useMediaQuery(slipPanelMediaQuery);
  const tablet = useMediaQuery('(min-width: 768px)');
  if (!wide) {
    return (
      <>
        <Outlet />
        {tablet ? <SlipFloatingButton /> : null}
      </>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_18rem] items-start gap-4 xl:grid-cols-[minmax(0,1fr)_20rem] xl:gap-6">
      <div className="min-w-0">
        <Outlet />
      </div>
      <SlipPanel />
    </div>
  );
}
