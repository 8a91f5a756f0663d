import type { HealthRepository } from './health.repository.ts';

/** A readiness probe must answer quickly even when the database hangs. */
const databaseProbeTimeoutMs = 2_000;

export interface HealthServiceDependencies {
  repository: HealthRepository;
}

export class HealthService {
  private readonly repository: HealthRepository;

  constructor({ repository }: HealthServiceDependencies) {
    this.repository = repository;
  }

  async isDatabaseReachable(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), databaseProbeTimeoutMs);
    });
    try {
      return await Promise.race([
        this.repository.ping().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
