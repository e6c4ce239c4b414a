DROP INDEX "financeiro_parcela_numero_uq";--> statement-breakpoint
ALTER TABLE "financeiro_parcela" ADD COLUMN "removida_em" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_parcela_numero_uq" ON "financeiro_parcela" USING btree ("grupo_empresarial_id","titulo_id","numero") WHERE removida_em is null;