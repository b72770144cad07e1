export * from './audit-log.ts';
export * from './customers.ts';
export * from './sessions.ts';
export * from './users.ts';
