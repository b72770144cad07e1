export * from './alarms.ts';
export * from './audit-log.ts';
export * from './auth-failures.ts';
export * from './customers.ts';
export * from './resources.ts';
export * from './sessions.ts';
export * from './user-tokens.ts';
export * from './users.ts';
