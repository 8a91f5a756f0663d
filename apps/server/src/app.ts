import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { Config } from './config.ts';
import { createDatabase, type Database } from './db/database.ts';
import jobs from './jobs/jobs.plugin.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { buildErrorBody } from './lib/error-body.ts';
import type { PasswordHashingOptions } from './lib/passwords.ts';
import { requestChildLogger } from './lib/request-logger.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { approvalsRoutes } from './modules/backoffice/approvals/approvals.routes.ts';
import { auditRoutes } from './modules/backoffice/audit/audit.routes.ts';
import { operatorEventsRoutes } from './modules/backoffice/live/operator-events.routes.ts';
import { OperatorStreamsRepository } from './modules/backoffice/live/operator-streams.repository.ts';
import { operatorsRoutes } from './modules/backoffice/operators/operators.routes.ts';
import { player360Routes } from './modules/backoffice/players/player-360.routes.ts';
import { playersRoutes } from './modules/backoffice/players/players.routes.ts';
import { playerProtectionRoutes } from './modules/backoffice/players/protection.routes.ts';
import { reportsRoutes } from './modules/backoffice/reports/reports.routes.ts';
import { limitCoolingOffRoutes } from './modules/backoffice/settings/limit-cooling-off.routes.ts';
import { settingsRoutes } from './modules/backoffice/settings/settings.routes.ts';
import { gamesRoutes } from './modules/casino/games/games.routes.ts';
import { gamesBackofficeRoutes } from './modules/casino/games/games-backoffice.routes.ts';
import { originalsRoutes } from './modules/casino/originals/originals.routes.ts';
import { providerRoundsRoutes } from './modules/casino/seamless/provider-rounds.routes.ts';
import { seamlessProvidersRoutes } from './modules/casino/seamless/seamless-providers.routes.ts';
import { seamlessWalletRoutes } from './modules/casino/seamless/seamless-wallet.routes.ts';
import { adjustmentsRoutes } from './modules/money/cashier/adjustments.routes.ts';
import { cashierRoutes } from './modules/money/cashier/cashier.routes.ts';
import { cryptoRoutes } from './modules/money/cashier/rails/crypto/crypto.routes.ts';
import { cryptoMethodsBackofficeRoutes } from './modules/money/cashier/rails/crypto/crypto-methods.routes.ts';
import { cryptoWithdrawalsRoutes } from './modules/money/cashier/rails/crypto/withdrawals.routes.ts';
import { cryptoBotRoutes } from './modules/money/cashier/rails/cryptobot/cryptobot.routes.ts';
import { p2pRoutes } from './modules/money/cashier/rails/p2p/p2p.routes.ts';
import { paymentsRoutes } from './modules/money/cashier/rails/p2p/payments.routes.ts';
import { exchangeRatesRoutes } from './modules/money/exchange-rates/exchange-rates.routes.ts';
import { ledgerRoutes } from './modules/money/ledger/ledger.routes.ts';
import { flagsRoutes } from './modules/platform/flags/flags.routes.ts';
import { healthRoutes } from './modules/platform/health/health.routes.ts';
import { languagesRoutes } from './modules/platform/languages/languages.routes.ts';
import { usersRoutes } from './modules/players/accounts/users.routes.ts';
import { authRoutes } from './modules/players/auth/auth.routes.ts';
import { messengerRoutes } from './modules/players/messenger/messenger.routes.ts';
import { exclusionRoutes } from './modules/players/protection/exclusion.routes.ts';
import { protectionRoutes } from './modules/players/protection/protection.routes.ts';
import { realityCheckRoutes } from './modules/players/protection/reality-check.routes.ts';
import { pushRoutes } from './modules/players/push/push.routes.ts';
import { bannersRoutes } from './modules/promotions/banners/banners.routes.ts';
import { bannersBackofficeRoutes } from './modules/promotions/banners/banners-backoffice.routes.ts';
import { bonusesRoutes } from './modules/promotions/bonuses/bonuses.routes.ts';
import { bonusesBackofficeRoutes } from './modules/promotions/bonuses/bonuses-backoffice.routes.ts';
import { promoCodesRoutes } from './modules/promotions/promocodes/promocodes.routes.ts';
import { promoCodesBackofficeRoutes } from './modules/promotions/promocodes/promocodes-backoffice.routes.ts';
import { tournamentsRoutes } from './modules/promotions/tournaments/tournaments.routes.ts';
import { tournamentsBackofficeRoutes } from './modules/promotions/tournaments/tournaments-backoffice.routes.ts';
import { wheelRoutes } from './modules/promotions/wheel/wheel.routes.ts';
import { wheelBackofficeRoutes } from './modules/promotions/wheel/wheel-backoffice.routes.ts';
import realtime from './modules/realtime/realtime.plugin.ts';
import { bettingRoutes } from './modules/sportsbook/betting/betting.routes.ts';
import { bettingTradingRoutes } from './modules/sportsbook/betting/betting-trading.routes.ts';
import { cashoutRoutes } from './modules/sportsbook/betting/cashout.routes.ts';
import { manualSettlementRoutes } from './modules/sportsbook/betting/manual-settlement.routes.ts';
import { tickerRoutes } from './modules/sportsbook/betting/ticker.routes.ts';
import ticketDecisions from './modules/sportsbook/betting/ticket-decisions.plugin.ts';
import { sportFavoritesRoutes } from './modules/sportsbook/favorites/favorites.routes.ts';
import { catalogRoutes } from './modules/sportsbook/feed/catalog.routes.ts';
import sportFeed from './modules/sportsbook/feed/sport-feed.plugin.ts';
import { tradingRoutes } from './modules/sportsbook/feed/trading.routes.ts';
import authentication from './plugins/authentication.ts';
import cacheInvalidation from './plugins/cache-invalidation.ts';
import compression from './plugins/compression.ts';
import crossOriginWrites from './plugins/cross-origin-writes.ts';
import declaredErrors from './plugins/declared-errors.ts';
import errorHandler from './plugins/error-handler.ts';
import idempotency from './plugins/idempotency.ts';
import nulCharacters from './plugins/nul-characters.ts';
import openApi from './plugins/openapi.ts';
import regionRestriction from './plugins/region-restriction.ts';
import requestId, { generateRequestId, requestIdHeader } from './plugins/request-id.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';
import { createWebBootData } from './plugins/web-boot-data.ts';
import { createServices, type Services } from './services.ts';

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  /** the database `db` reaches (through the pooler, if there is one), for the rates' own pool */
  databaseUrl: string;
  /**
   * The same database without a pooler in between (default `databaseUrl`), for the connections
   * that need a session of their own: the LISTEN of realtime notifications and of cache
   * invalidations, the sportsbook feed's session lock.
   */
  directDatabaseUrl?: string;
  /** a pino logger; silent when omitted (tests) */
  logger?: FastifyBaseLogger;
  clock?: Clock;
  /** cheaper argon2 parameters for tests; otherwise `productionPasswordHashing` */
  passwordHashing?: PasswordHashingOptions;
  /** the live odds' coalescing windows (tests lengthen them and flush by hand) */
  sportLiveWindows?: { eventMs: number; sportMs: number };
  /**
   * Told of each route as it is registered: the tests that probe every route of the app hear of
   * them here, so a route added tomorrow is probed without anyone listing it.
   */
  onRoute?: (route: RouteOptions) => void;
}

/** Trust the nearest `hops` proxies: their X-Forwarded-For entries name the client. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export type App = FastifyInstance & { services: Services };

/** Builds the HTTP application from its dependencies; it neither listens nor owns the database. */
export async function buildApp(dependencies: AppDependencies): Promise<App> {
  const { config, db } = dependencies;
  const clock = dependencies.clock ?? systemClock;
  const directDatabaseUrl = dependencies.directDatabaseUrl ?? dependencies.databaseUrl;
  // rates are read on their own connection (see ServiceDependencies.ratesDb); closed with the app
  const ratesDb = createDatabase({
    connectionString: dependencies.databaseUrl,
    maxConnections: 1,
    applicationName: 'casino-rates',
    preparedStatements: config.databasePreparedStatements,
  });
  const logger = dependencies.logger ?? pino({ level: 'silent' });
  const services = createServices({
    config,
    db,
    ratesDb,
    clock,
    passwordHashing: dependencies.passwordHashing,
    sportLiveWindows: dependencies.sportLiveWindows,
    logger,
  });

  const app = Fastify({
    loggerInstance: logger,
    // request.log is made on first use: most requests log nothing at the production level
    childLoggerFactory: requestChildLogger,
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Fastify's own 503 while closing has its own body; the hook below answers with ours.
    return503OnClosing: false,
    // Errors raised before routing (a malformed URL) still get the one error body.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      reply
        .code(400)
        .header(requestIdHeader, request.id)
        .send(
          buildErrorBody({
            code: 'bad_request',
            requestId: request.id,
            time: clock.now(),
            message: error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed.' : undefined,
          }),
        );
    },
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = dependencies;
  if (onRoute) app.addHook('onRoute', onRoute);
  app.addHook('onClose', async () => {
    await services.sportsbook.feed.stop();
    await ratesDb.destroy();
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by serializers compiled from the routes' response schemas at start
  // (lib/response-serializer.ts), not by parsing each answer with zod.
  app.setSerializerCompiler(responseSerializerCompiler);

  // Only JSON bodies: anything else (text/plain included) is 415 unsupported_media_type.
  // An empty JSON body counts as no body, so body-less POSTs with the header still work.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Fastify's parser (prototype-poisoning safe) is synchronous and reports through `done`.
    void parseJson(request, text, done);
  });

  await app.register(requestId);
  // While the server drains (a deploy, Ctrl+C), a request arriving on a kept-alive connection is
  // told to go elsewhere, in the one error body, and its connection closes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    // a callback hook that answers does not call `done`
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send(
        buildErrorBody({
          code: 'service_unavailable',
          requestId: request.id,
          time: clock.now(),
          message: 'The server is restarting. Please try again in a moment.',
        }),
      );
  });
  await app.register(errorHandler, { clock });
  await app.register(compression);
  await app.register(securityHeaders, {
    secureTransport: config.cookieSecure,
    supportChatOrigin:
      config.supportChat.widgetUrl === null ? null : new URL(config.supportChat.widgetUrl).origin,
  });
  await app.register(cookie);
  await app.register(declaredErrors);
  await app.register(openApi);
  await app.register(nulCharacters);
  await app.register(crossOriginWrites, { allowedOrigins: config.allowedOrigins });
  await app.register(authentication, { auth: services.auth, operators: services.operators });
  await app.register(regionRestriction, { region: services.region });
  await app.register(idempotency, {
    idempotency: services.idempotency,
    poolSize: config.databasePoolSize,
  });

  await app.register(healthRoutes, { health: services.health });
  await app.register(flagsRoutes, { flags: services.flags });
  await app.register(languagesRoutes, { languages: services.languages });
  await app.register(authRoutes, { auth: services.auth, config });
  await app.register(usersRoutes, { users: services.users });
  await app.register(protectionRoutes, {
    limits: services.limits,
    history: services.limitHistory,
  });
  await app.register(exclusionRoutes, {
    exclusions: services.exclusions,
    auth: services.auth,
    config,
  });
  await app.register(pushRoutes, { push: services.push.service, supportChat: config.supportChat });
  await app.register(realityCheckRoutes, {
    realityChecks: services.realityChecks,
    users: services.users,
  });
  await app.register(operatorsRoutes, { operators: services.operators, config });
  await app.register(auditRoutes, {
    audit: services.audit,
    names: (ids) => services.operators.emailsOf(ids),
  });
  await app.register(playersRoutes, {
    players: services.players,
    player360: services.player360,
  });
  await app.register(player360Routes, { player360: services.player360 });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(approvalsRoutes, { approvals: services.approvals });
  await app.register(operatorEventsRoutes, {
    events: services.operatorEvents,
    streams: new OperatorStreamsRepository(db),
    directDatabaseUrl,
  });
  await app.register(settingsRoutes, {
    settings: services.settings,
    sandboxAutoApproveSeconds: config.sandboxAutoApproveSeconds,
  });
  await app.register(playerProtectionRoutes, { protection: services.playerProtection });
  await app.register(limitCoolingOffRoutes, { settings: services.settings });
  await app.register(ledgerRoutes, { balance: services.balance });
  await app.register(exchangeRatesRoutes, { exchangeRates: services.exchangeRates });
  await app.register(p2pRoutes, services.cashier.p2p);
  await app.register(cashierRoutes, services.cashier.cashier);
  await app.register(adjustmentsRoutes, { adjustments: services.cashier.adjustments });
  await app.register(cryptoMethodsBackofficeRoutes, { methods: services.crypto.methods });
  await app.register(cryptoRoutes, {
    methods: services.crypto.methods,
    deposits: services.crypto.deposits,
    watcher: services.crypto.watcher,
  });
  await app.register(cryptoWithdrawalsRoutes, { withdrawals: services.crypto.withdrawals });
  await app.register(messengerRoutes, { messenger: services.messenger, config });
  await app.register(cryptoBotRoutes, {
    cryptobot: services.cryptobot,
    deposits: services.crypto.deposits,
    methods: services.crypto.methods,
  });
  await app.register(gamesRoutes, { games: services.games });
  await app.register(originalsRoutes, services.originals);
  await app.register(gamesBackofficeRoutes, { games: services.games });
  await app.register(bonusesRoutes, { bonuses: services.bonuses, games: services.games });
  await app.register(bonusesBackofficeRoutes, { offers: services.bonusOffers });
  await app.register(wheelRoutes, { wheel: services.wheel });
  await app.register(wheelBackofficeRoutes, { wheel: services.wheel });
  await app.register(tournamentsRoutes, { tournaments: services.tournaments });
  await app.register(tournamentsBackofficeRoutes, { tournaments: services.tournaments });
  await app.register(bannersRoutes, { banners: services.banners });
  await app.register(bannersBackofficeRoutes, { banners: services.banners });
  await app.register(promoCodesRoutes, {
    promoCodes: services.promoCodes,
    cookieSecure: config.cookieSecure,
  });
  await app.register(promoCodesBackofficeRoutes, { promoCodes: services.promoCodes });
  await app.register(paymentsRoutes, {
    requisites: services.requisites,
    hostedPage: services.cashier.hostedPage,
    hostedPageEnabled: config.sandboxHostedPageEnabled,
  });
  await app.register(seamlessProvidersRoutes, { providers: services.seamless.providers });
  await app.register(seamlessWalletRoutes, { wallet: services.seamless.wallet });
  await app.register(providerRoundsRoutes, { rounds: services.seamless.rounds });
  await app.register(catalogRoutes, { catalog: services.sportsbook.catalog });
  await app.register(sportFeed, {
    config: config.sportFeed,
    databaseUrl: directDatabaseUrl,
    runner: services.sportsbook.feed,
    publisher: services.sportsbook.publisher,
    settlement: services.sportsbook.settlementWorker,
  });
  await app.register(sportFavoritesRoutes, { favorites: services.sportsbook.favorites });
  await app.register(tradingRoutes, { trading: services.sportsbook.trading });
  await app.register(bettingRoutes, { betting: services.sportsbook.betting });
  await app.register(bettingTradingRoutes, { trading: services.sportsbook.bettingTrading });
  await app.register(manualSettlementRoutes, { manual: services.sportsbook.manualSettlement });
  await app.register(ticketDecisions, {
    enabled: config.jobsEnabled,
    betting: services.sportsbook.betting,
  });
  await app.register(cashoutRoutes, { cashout: services.sportsbook.cashout });
  await app.register(tickerRoutes, {
    ticker: services.sportsbook.ticker,
    ggr: services.sportsbook.ggr,
  });
  await app.register(realtime, {
    config: config.realtime,
    databaseUrl: directDatabaseUrl,
    repository: services.realtime.repository,
    tokens: services.realtime.tokens,
    identities: services.auth,
    clock,
  });
  await app.register(cacheInvalidation, {
    invalidation: services.caches,
    directDatabaseUrl,
  });
  await app.register(jobs, {
    enabled: config.jobsEnabled,
    queue: services.jobQueue,
    wallet: services.wallet,
    games: services.games,
    bonuses: services.bonuses.lifecycle,
    tournaments: services.tournaments,
    push: services.push.notifications,
    retention: {
      idempotency: services.idempotency,
      auth: services.auth,
      operators: services.operators,
      messenger: services.messenger,
      realtime: {
        repository: services.realtime.repository,
        historyTtlMs: config.realtime.historyTtlSeconds * 1000,
      },
      sportsbook: services.sportsbook,
      clock,
    },
  });
  await app.register(webApp, {
    distDirectory: config.webDistDirectory,
    backofficeDistDirectory: config.backofficeDistDirectory,
    bootData: createWebBootData({
      languages: services.languages,
      banners: services.banners,
      region: services.region,
      games: services.games,
      sportCatalog: services.sportsbook.catalog,
      nowMs: () => clock.now().getTime(),
    }),
  });

  return Object.assign(app, { services });
}
