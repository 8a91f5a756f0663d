import { currencyScale, formatMinorToDecimal } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../../../lib/app-error.ts';
import { errorResponses } from '../../../../../lib/error-body.ts';
import type { CryptoBotInvoiceRow } from './cryptobot.repository.ts';
import type { CryptoBotService, PaidInvoice } from './cryptobot.service.ts';
import { sandboxInvoicePath } from './cryptobot-client.ts';
import { cryptoBotSignatureHeader } from './cryptobot-signature.ts';

const webhookBodyLimitBytes = 64 * 1024;
const webhookPath = '/api/v1/webhooks/cryptobot';
const idParams = z.strictObject({ id: z.string().min(1).max(64) });

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const pageStyle = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;background:linear-gradient(160deg,#0b1b2b,#10324a 60%,#0e7490);color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:24rem;background:#fff;border-radius:1.25rem;box-shadow:0 25px 50px -12px rgba(0,0,0,.5);overflow:hidden}
header{display:flex;align-items:center;justify-content:space-between;padding:1rem 1.5rem;background:#f0f9ff;border-bottom:1px solid #e0f2fe}
h1{margin:0 0 .5rem;font-size:1.2rem}
.brand{font-weight:700}
.badge{font-size:.7rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#92400e;background:#fef3c7;border:1px solid #fcd34d;border-radius:999px;padding:.15rem .6rem}
section{padding:1.5rem}
.label{margin:0;color:#64748b;font-size:.875rem}
.amount{margin:.25rem 0 1rem;font-size:2rem;font-weight:800}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1.5rem;font-size:.875rem}
dt{color:#64748b}dd{margin:0;text-align:right;word-break:break-all}
form{margin:0}
button{width:100%;border:0;border-radius:.75rem;padding:.85rem 1rem;font:inherit;font-weight:600;cursor:pointer;background:#0284c7;color:#fff}
button:hover{background:#0369a1}
button:focus-visible{outline:3px solid #7dd3fc;outline-offset:2px}
.result{padding:1rem;border-radius:.75rem;margin-bottom:1rem}
.ok{background:#ecfdf5;color:#065f46}.stop{background:#fef2f2;color:#991b1b}
footer{padding:0 1.5rem 1.5rem;color:#94a3b8;font-size:.75rem;text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${pageStyle}</style></head><body><main><header><span class="brand">Crypto Bot</span><span class="badge">Sandbox</span></header>${body}<footer>The built-in crypto-bot sandbox: no real money moves here.</footer></main></body></html>`;
}

const notFoundPage = page('Not found', '<section><h1>No such invoice</h1></section>');

/** The invoice amount in the bot's asset, at the asset's ledger scale without trailing zeros. */
function invoiceAmount(invoice: CryptoBotInvoiceRow, ledgerAsset: string): string {
  const scale = currencyScale(ledgerAsset, 0);
  return formatMinorToDecimal(invoice.amount_minor, scale).replace(/\.?0+$/, '');
}

function invoicePage(invoice: CryptoBotInvoiceRow, amount: string, payable: boolean): string {
  const id = escapeHtml(invoice.id);
  const summary = `<p class="label">Amount</p><p class="amount">${escapeHtml(amount)} ${escapeHtml(invoice.asset)}</p><dl><dt>Asset</dt><dd>${escapeHtml(invoice.asset)}</dd><dt>Invoice</dt><dd>${id}</dd></dl>`;
  if (payable) {
    return `<section><h1>Pay the invoice</h1>${summary}<form method="post" action="${escapeHtml(sandboxInvoicePath(invoice.id))}/pay"><button type="submit">Pay ${escapeHtml(amount)} ${escapeHtml(invoice.asset)}</button></form></section>`;
  }
  const result =
    invoice.status === 'paid'
      ? '<div class="result ok"><strong>Paid.</strong> You can close this window and return to the casino.</div>'
      : '<div class="result stop"><strong>This invoice has expired.</strong></div>';
  return `<section>${result}${summary}</section>`;
}

/**
 * Where a paid invoice becomes a deposit: the crypto rail records it as a transfer of the
 * invoice's method and credits it through the cashier's one deposit credit, under the invoice's
 * lock (rails/crypto's CryptoDepositsService, handed over by money.wiring.ts; rails never
 * import each other). Answers whether this call credited it.
 */
export interface PaidInvoiceDeposits {
  settleCryptoBotInvoice(paid: PaidInvoice): Promise<boolean>;
}

/** An invoice's method: its ledger asset (the bot's asset names differ: TONCOIN). */
export interface InvoiceMethods {
  find(code: string): Promise<{ row: { asset: string } } | null>;
}

/**
 * The crypto-bot's signed webhook (`POST /api/v1/webhooks/cryptobot`: verified over the raw
 * body, then the paid invoice is credited exactly once; a replay answers 200 and moves nothing)
 * and, in sandbox mode only, the bot's invoice page whose Pay button sends that webhook, signed
 * as the bot signs it, through the same route. The Pay button needs no sign-in (the bot's page
 * would not know our players), which is why CRYPTOBOT_MODE=sandbox never runs in production
 * without the explicit opt-in (config.ts). With CRYPTOBOT_MODE=off no route is registered.
 */
export const cryptoBotRoutes: FastifyPluginAsyncZod<{
  cryptobot: CryptoBotService;
  deposits: PaidInvoiceDeposits;
  methods: InvoiceMethods;
}> = async (app, { cryptobot, deposits, methods }) => {
  // No crypto-bot configured: nothing of it is served, not even the webhook.
  if (cryptobot.mode === 'off') return;

  // This context only: the webhook's raw bytes become the body (the signature covers them).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimitBytes },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      webhookPath,
      {
        bodyLimit: webhookBodyLimitBytes,
        // the signature is checked over the raw bytes first; the service reads the body after
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: ['wallet'],
          summary: 'Crypto-bot webhook (invoice_paid), signed in crypto-pay-api-signature',
          description:
            'Called by the crypto-bot. `crypto-pay-api-signature` is the hex HMAC-SHA256 of the ' +
            'raw body keyed with SHA-256 of the API token. A paid invoice is credited once; a ' +
            'replay answers 200 without crediting again.',
          headers: z.looseObject({ [cryptoBotSignatureHeader]: z.string().optional() }),
          body: z.unknown(),
          response: {
            200: z.object({ ok: z.literal(true) }),
            ...errorResponses('unauthorized', 'bad_request', 'invalid_json', 'not_found'),
          },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[cryptoBotSignatureHeader];
        const update = cryptobot.verifyWebhook(
          rawBody,
          typeof header === 'string' ? header : undefined,
        );
        if (update.type === 'invoice_paid') await deposits.settleCryptoBotInvoice(update.invoice);
        return { ok: true as const };
      },
    );
  });

  if (cryptobot.mode !== 'sandbox') return;

  // The invoice page posts a plain HTML form; the rest of the API accepts JSON only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => {
      done(null, undefined);
    },
  );

  const htmlHeaders = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };

  const load = async (id: string) => {
    const invoice = await cryptobot.findInvoice(id);
    if (!invoice) return null;
    // the ledger asset of the invoice's method (the bot's asset names differ: TONCOIN)
    const method = await methods.find(invoice.method_code);
    return method === null ? null : { invoice, amount: invoiceAmount(invoice, method.row.asset) };
  };

  app.get(
    '/sandbox/cryptobot/invoices/:id',
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const found = await load(request.params.id);
      if (!found) return reply.code(404).type('text/html').headers(htmlHeaders).send(notFoundPage);
      return reply
        .type('text/html')
        .headers(htmlHeaders)
        .send(
          page(
            'Crypto Bot invoice',
            invoicePage(found.invoice, found.amount, cryptobot.isPayable(found.invoice)),
          ),
        );
    },
  );

  // Post/redirect/get. The webhook settles under the invoice's lock, so a second Pay (or a
  // replayed webhook) credits nothing more.
  app.post(
    '/sandbox/cryptobot/invoices/:id/pay',
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const found = await load(request.params.id);
      if (!found) return reply.code(404).type('text/html').headers(htmlHeaders).send(notFoundPage);
      if (cryptobot.isPayable(found.invoice)) {
        const { body, signature } = cryptobot.sandboxPaidWebhook(found.invoice, found.amount);
        const delivered = await app.inject({
          method: 'POST',
          url: webhookPath,
          headers: { 'content-type': 'application/json', [cryptoBotSignatureHeader]: signature },
          payload: body,
        });
        if (delivered.statusCode !== 200) {
          throw new AppError('internal_error', {
            message: `The sandbox webhook was refused (${delivered.statusCode}).`,
          });
        }
      }
      return reply.redirect(sandboxInvoicePath(request.params.id), 303);
    },
  );
};
