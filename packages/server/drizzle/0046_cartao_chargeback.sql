CREATE TABLE "cartao_chargeback" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"pagamento_seq" smallint NOT NULL,
	"valor" bigint NOT NULL,
	"data" date NOT NULL,
	"motivo" text NOT NULL,
	"conta_id" text NOT NULL,
	"estorno_de" text,
	"usuario_id" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartao_chargeback_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "cartao_chargeback" ADD CONSTRAINT "cartao_chargeback_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cartao_chargeback_venda_idx" ON "cartao_chargeback" USING btree ("grupo_empresarial_id","venda_id","pagamento_seq");--> statement-breakpoint
CREATE INDEX "cartao_chargeback_data_idx" ON "cartao_chargeback" USING btree ("grupo_empresarial_id","empresa_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "cartao_chargeback_estorno_uq" ON "cartao_chargeback" USING btree ("grupo_empresarial_id","estorno_de") WHERE estorno_de is not null;--> statement-breakpoint
-- Append-only for the application: a reversal is a new row, never a change.
GRANT SELECT, INSERT ON "cartao_chargeback" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "cartao_chargeback" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cartao_chargeback" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "cartao_chargeback" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "cartao_chargeback" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
