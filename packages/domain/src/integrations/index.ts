export * from './pedidoDelivery.ts';
