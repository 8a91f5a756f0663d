import type { DatabaseExecutor } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import type { AuditRepository } from './audit.repository.ts';

/** The operator behind an action and the request that carried it. */
export interface OperatorActor {
  operatorId: string;
  context: RequestContext;
}

export interface AuditedAction {
  action: string;
  targetType: string;
  targetId: string;
  payload?: Record<string, unknown>;
}

export interface AuditServiceDependencies {
  repository: AuditRepository;
  clock: Clock;
}

/** Records operator actions; pass the caller's transaction so the record commits with the change. */
export class AuditService {
  private readonly repository: AuditRepository;
  private readonly clock: Clock;

  constructor({ repository, clock }: AuditServiceDependencies) {
    this.repository = repository;
    this.clock = clock;
  }

  async record(actor: OperatorActor, action: AuditedAction, executor?: DatabaseExecutor) {
    await this.repository.insert(
      {
        operatorId: actor.operatorId,
        action: action.action,
        targetType: action.targetType,
        targetId: action.targetId,
        payload: action.payload ?? {},
        ip: actor.context.inet,
        requestId: actor.context.requestId,
        createdAt: this.clock.now(),
      },
      executor,
    );
  }
}
