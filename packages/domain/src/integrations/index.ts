export * from './pedidoDelivery.ts';
export * from './qrCode.ts';
