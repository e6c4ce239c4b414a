ALTER TABLE "email_saida" ADD COLUMN "anexos" jsonb;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "email_enviado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "email_enviado_por" text;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD COLUMN "email_para" text;