export * from './pedidoDelivery.ts';
export * from './qrCode.ts';
export * from './modeloMensagem.ts';
export * from './whatsapp.ts';
export * from './deliveryProprio.ts';
