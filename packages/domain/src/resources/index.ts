export * from './catalogue.ts';
export * from './define.ts';
