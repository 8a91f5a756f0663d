import { registerResources } from '@/lib/resources.ts';
import { accountFeature } from './account/index.tsx';
import { dashboardFeature } from './dashboard/index.tsx';
import { paymentsFeature } from './payments/index.tsx';
import type { Feature } from './types.ts';

/** Every domain of the back office: one line each (README-skeleton.md). */
export const features: Feature[] = [dashboardFeature, paymentsFeature, accountFeature];

for (const feature of features) if (feature.resources) registerResources(feature.resources);
