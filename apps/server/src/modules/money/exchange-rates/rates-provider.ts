/**
 * Where exchange rates come from: the operator-set table (ExchangeRatesService) by default. The
 * ledger converts with it and the crypto rail prices with it; both depend on this module, never
 * the other way round.
 */
export interface RatesProvider {
  /** units of `to` per one unit of `from`, a plain decimal string; throws when unknown */
  rate(from: string, to: string): Promise<{ rate: string; asOf: Date }>;
}
