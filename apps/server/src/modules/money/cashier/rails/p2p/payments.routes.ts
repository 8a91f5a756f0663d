import {
  applyDisplayFormat,
  backofficePaymentMethodListSchema,
  backofficePaymentMethodSchema,
  createRequisiteBodySchema,
  type FiatOrder,
  paymentMethodIdParamsSchema,
  requisiteListResponseSchema,
  requisiteSchema,
  updatePaymentMethodBodySchema,
  updateRequisiteBodySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../../lib/error-body.ts';
import { requestContext } from '../../../../../lib/request-context.ts';
import { currentOperator } from '../../../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../../../plugins/openapi.ts';
import type { HostedPaymentPage } from './hosted-page.service.ts';
import type { RequisitesService } from './requisites.service.ts';

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
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;background:linear-gradient(160deg,#0f172a,#1e293b 60%,#312e81);color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:26rem;background:#fff;border-radius:1.25rem;box-shadow:0 25px 50px -12px rgba(0,0,0,.5);overflow:hidden}
header{display:flex;align-items:center;justify-content:space-between;padding:1rem 1.5rem;background:#f8fafc;border-bottom:1px solid #e2e8f0}
h1{margin:0;font-size:1.25rem}
.brand{font-weight:700;letter-spacing:.01em}
.badge{font-size:.7rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#92400e;background:#fef3c7;border:1px solid #fcd34d;border-radius:999px;padding:.15rem .6rem}
section{padding:1.5rem}
.label{margin:0;color:#64748b;font-size:.875rem}
.amount{margin:.25rem 0 1rem;font-size:2.25rem;font-weight:800;letter-spacing:-.02em}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1.5rem;font-size:.875rem}
dt{color:#64748b}dd{margin:0;text-align:right;word-break:break-all}
form{margin:0}
button{width:100%;border:0;border-radius:.75rem;padding:.85rem 1rem;font:inherit;font-weight:600;cursor:pointer}
.pay{background:#4f46e5;color:#fff}.pay:hover{background:#4338ca}
.cancel{margin-top:.75rem;background:#f1f5f9;color:#334155}.cancel:hover{background:#e2e8f0}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.result{display:flex;gap:.75rem;align-items:center;padding:1rem;border-radius:.75rem;margin-bottom:1rem}
.result strong{display:block}
.ok{background:#ecfdf5;color:#065f46}.stop{background:#fef2f2;color:#991b1b}.info{background:#f1f5f9;color:#334155}
.icon{flex:none;width:2.25rem;height:2.25rem;border-radius:50%;display:flex;align-items:center;justify-content:center;font-weight:800;color:#fff}
.ok .icon{background:#10b981}.stop .icon{background:#ef4444}.info .icon{background:#64748b}
footer{padding:0 1.5rem 1.5rem;color:#94a3b8;font-size:.75rem;text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${pageStyle}</style></head><body><main><header><span class="brand">Sandbox checkout</span><span class="badge">Test mode</span></header>${body}<footer>The built-in sandbox payment provider: no real money moves here.</footer></main></body></html>`;
}

const notFoundPage = page('Not found', '<section><h1>No such invoice</h1></section>');

/** What a closed invoice says instead of its buttons. */
function outcome(status: string): { tone: string; icon: string; text: string } {
  if (status === 'completed') return { tone: 'ok', icon: '✓', text: 'Payment received' };
  if (status === 'declined') return { tone: 'stop', icon: '✕', text: 'Payment cancelled' };
  if (status === 'timeouted' || status === 'pay_external_invoice') {
    return { tone: 'stop', icon: '!', text: 'This invoice has expired' };
  }
  return { tone: 'info', icon: 'i', text: `This invoice is ${status.replace(/_/g, ' ')}` };
}

function invoicePage(order: FiatOrder, payable: boolean): string {
  const amount = escapeHtml(applyDisplayFormat(order.currencyFrom.displayFormat, order.valueFrom));
  const id = escapeHtml(order.id);
  const expires = new Date(order.details.expiredAt * 1000).toISOString().slice(0, 16);
  const summary = `<p class="label">Amount due</p><p class="amount">${amount}</p><dl><dt>Method</dt><dd>${escapeHtml(order.senderBank.label)}</dd><dt>Invoice</dt><dd>${id}</dd>${
    payable ? `<dt>Expires</dt><dd>${escapeHtml(expires.replace('T', ' '))} UTC</dd>` : ''
  }</dl>`;
  if (payable) {
    return `<section><h1>Confirm your payment</h1>${summary}<form method="post" action="/sandbox/pay/${id}/pay"><button class="pay" type="submit">Pay ${amount}</button></form><form method="post" action="/sandbox/pay/${id}/cancel"><button class="cancel" type="submit">Cancel payment</button></form></section>`;
  }
  const result = outcome(order.status);
  return `<section><div class="result ${result.tone}"><span class="icon" aria-hidden="true">${result.icon}</span><span><strong>${escapeHtml(result.text)}</strong>You can close this window and return to the casino.</span></div>${summary}</section>`;
}

/**
 * The sandbox provider's operator API (requisites pool) and its hosted payment page, where a
 * `pay_external_invoice` deposit is paid or cancelled: plain server-rendered HTML with two forms.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  requisites: RequisitesService;
  hostedPage: HostedPaymentPage;
  /** SANDBOX_HOSTED_PAGE_ENABLED: off, every /sandbox/pay route answers 404 */
  hostedPageEnabled: boolean;
}> = async (app, { requisites, hostedPage, hostedPageEnabled }) => {
  // The hosted page posts plain HTML forms; the rest of the API accepts JSON only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => {
      done(null, undefined);
    },
  );

  app.get(
    '/api/backoffice/v1/payments/methods',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Fiat payment methods, enabled or not (admin, finance, read_only)',
        security: operatorSecurity,
        response: {
          200: backofficePaymentMethodListSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => ({ items: await requisites.listMethods() }),
  );

  app.patch(
    '/api/backoffice/v1/payments/methods/:id',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Turn a fiat payment method on or off, or set its countries (admin, finance)',
        description:
          '`enabled`; `countries` (ISO codes that see the method; null: every country). A ' +
          'disabled method is not offered and refuses new orders. Audited ' +
          '(`payments.method.update`).',
        security: operatorSecurity,
        params: paymentMethodIdParamsSchema,
        body: updatePaymentMethodBodySchema,
        response: {
          200: backofficePaymentMethodSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) =>
      await requisites.updateMethod(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/api/backoffice/v1/payments/requisites',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The sandbox provider’s requisites pool (admin, finance, read_only)',
        security: operatorSecurity,
        response: {
          200: requisiteListResponseSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => requisites.list(),
  );

  app.post(
    '/api/backoffice/v1/payments/requisites',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Add a requisite to the pool (admin, finance)',
        security: operatorSecurity,
        body: createRequisiteBodySchema,
        response: {
          201: requisiteSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error'),
        },
      },
    },
    async (request, reply) => {
      const created = await requisites.create(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/backoffice/v1/payments/requisites/:id',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Edit or (de)activate a requisite (admin, finance)',
        security: operatorSecurity,
        params: idParams,
        body: updateRequisiteBodySchema,
        response: {
          200: requisiteSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) =>
      requisites.update(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.params.id,
        request.body,
      ),
  );

  // Cached nowhere (the state changes), never sniffed, sent nowhere else by the browser.
  const htmlHeaders = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };

  app.get(
    '/sandbox/pay/:id',
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const found = hostedPageEnabled ? await hostedPage.hostedPageOrder(request.params.id) : null;
      if (!found) return reply.code(404).type('text/html').headers(htmlHeaders).send(notFoundPage);
      return reply
        .type('text/html')
        .headers(htmlHeaders)
        .send(page('Sandbox payment', invoicePage(found.order, found.payable)));
    },
  );

  // Post/redirect/get. The state is checked under the order's lock (settleHostedPayment), so a
  // replayed or late post, or Pay racing Cancel, changes nothing after the first settles it.
  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/sandbox/pay/:id/${action}`,
      { schema: { hide: true, params: idParams } },
      async (request, reply) => {
        const found = hostedPageEnabled
          ? await hostedPage.hostedPageOrder(request.params.id)
          : null;
        if (!found) {
          return reply.code(404).type('text/html').headers(htmlHeaders).send(notFoundPage);
        }
        await hostedPage.settleHostedPayment(request.params.id, action);
        return reply.redirect(`/sandbox/pay/${encodeURIComponent(request.params.id)}`, 303);
      },
    );
  }
};
