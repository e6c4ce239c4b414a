CREATE TABLE "financeiro_conciliacao_antecipacao" (
	"grupo_empresarial_id" text NOT NULL,
	"conciliacao_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"operadora_id" text NOT NULL,
	"recebivel_data" date NOT NULL,
	"dias" integer NOT NULL,
	"previsto_bruto" bigint NOT NULL,
	"previsto_taxas" bigint NOT NULL,
	"previsto_liquido" bigint NOT NULL,
	"desconto" bigint NOT NULL,
	CONSTRAINT "financeiro_conciliacao_antecipacao_grupo_empresarial_id_conciliacao_id_recebivel_data_pk" PRIMARY KEY("grupo_empresarial_id","conciliacao_id","recebivel_data")
);
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_antecipacao" ADD CONSTRAINT "financeiro_conciliacao_antecipacao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financeiro_conciliacao_antecipacao_dia_idx" ON "financeiro_conciliacao_antecipacao" USING btree ("grupo_empresarial_id","empresa_id","recebivel_data");--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "financeiro_conciliacao_antecipacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_antecipacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_antecipacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_conciliacao_antecipacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_conciliacao_antecipacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
