export * from './config/runtime-config.ts';
export * from './constants/index.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/health.ts';
export * from './schemas/user.ts';
export * from './texts/index.ts';
export * from './validation/index.ts';
