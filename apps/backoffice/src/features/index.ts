import { registerResources } from '@/lib/resources.ts';
import { accountFeature } from './account/index.tsx';
import { adminFeature } from './admin/index.tsx';
import { dashboardFeature } from './dashboard/index.tsx';
import { paymentsFeature } from './payments/index.tsx';
import { playersFeature } from './players/index.tsx';
import { promotionsFeature } from './promotions/index.tsx';
import { responsibleGamblingFeature } from './responsible-gambling/index.tsx';
import { sportFeature } from './sport/index.tsx';
import type { Feature } from './types.ts';

/** Every domain of the back office: one line each (README-skeleton.md). */
export const features: Feature[] = [
  dashboardFeature,
  playersFeature,
  responsibleGamblingFeature,
  paymentsFeature,
  promotionsFeature,
  sportFeature,
  adminFeature,
  accountFeature,
];

for (const feature of features) if (feature.resources) registerResources(feature.resources);
