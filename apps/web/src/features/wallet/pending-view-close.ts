/**
 * Asks an open wallet to leave its pending view (shell spec §4 "Transaction completed event").
 * The realtime layer lives outside the wallet, so the request travels through this small
 * signal; the wallet modal subscribes while it is mounted.
 */
export interface PendingViewCloseRequest {
  /** the order or transfer that completed */
  transactionId: string;
}

type Listener = (request: PendingViewCloseRequest) => void;
const listeners = new Set<Listener>();

export function closePendingWalletView(request: PendingViewCloseRequest): void {
  for (const listener of listeners) listener(request);
}

export function onPendingWalletViewClose(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
