export * from './navigation.ts';
