export * from './ibpt.ts';
