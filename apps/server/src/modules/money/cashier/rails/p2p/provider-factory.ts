import type { Config } from '../../../../../config.ts';
import { ManualP2PProvider } from './manual-p2p-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { RequisitesRepository } from './requisites.repository.ts';

/** The provider PAYMENT_PROVIDER names; the operator's manual P2P is the only one so far. */
export function createPaymentProvider(
  config: Pick<Config, 'paymentProvider' | 'sandboxHostedPageEnabled'>,
  requisites: RequisitesRepository,
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'manual':
      return new ManualP2PProvider(requisites, {
        hostedPageEnabled: config.sandboxHostedPageEnabled,
      });
  }
}
