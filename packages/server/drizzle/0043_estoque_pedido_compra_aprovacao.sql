ALTER TABLE "estoque_pedido_compra" ADD COLUMN "aprovacao_pedida_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "aprovacao_pedida_por" text;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "aprovado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "aprovado_por" text;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "encerrado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "encerrado_por" text;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "motivo_encerramento" text;