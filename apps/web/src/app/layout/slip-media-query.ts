/** Tailwind's `lg`: from here the bet slip sits beside the sportsbook's pages. */
export const slipPanelMediaQuery = '(min-width: 1024px)';
