export * from './navigation.ts';
export * from './paths.ts';
