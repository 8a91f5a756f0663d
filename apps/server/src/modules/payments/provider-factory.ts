import type { Config } from '../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { RequisitesRepository } from './requisites.repository.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

/** The provider PAYMENT_PROVIDER names; the built-in sandbox is the only one so far. */
export function createPaymentProvider(
  config: Pick<Config, 'paymentProvider' | 'sandboxHostedPageEnabled'>,
  requisites: RequisitesRepository,
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return new SandboxPaymentProvider(requisites, {
        hostedPageEnabled: config.sandboxHostedPageEnabled,
      });
  }
}
