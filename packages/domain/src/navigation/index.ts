export * from './areas.ts';
export * from './screens.ts';
export * from './publicRoutes.ts';
