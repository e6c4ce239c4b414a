ALTER TABLE "entrada_nota_fiscal_item" ADD COLUMN "pedido_id" text;--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal_item" ADD COLUMN "pedido_linha" integer;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra_recebimento" ADD COLUMN "entrada_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_pedido_compra_recebimento_entrada_uq" ON "estoque_pedido_compra_recebimento" USING btree ("grupo_empresarial_id","pedido_id","entrada_id");