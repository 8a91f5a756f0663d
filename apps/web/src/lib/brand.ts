export const brandName = 'Lucky Orbit';
