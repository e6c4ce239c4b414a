/** Where a sale happens (PRODUCT.md): coupons and loyalty rules apply per channel. */
export const canaisVenda = ['Salão', 'Balcão', 'Delivery', 'Delivery próprio', 'Totem', 'QR Code', 'App'] as const;
export type CanalVenda = (typeof canaisVenda)[number];
