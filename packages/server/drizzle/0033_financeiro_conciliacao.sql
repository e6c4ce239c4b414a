-- Bank reconciliation (issue 14): current matches (a line once, a movement once: unique keys; the app role may delete to unmatch), their append-only history (select and insert only), and the saved rules; RLS as on every tenant table.
CREATE TABLE "financeiro_conciliacao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"linha_id" text NOT NULL,
	"origem" text NOT NULL,
	"operadora_id" text,
	"recebivel_data" date,
	"previsto_bruto" bigint,
	"previsto_taxas" bigint,
	"previsto_liquido" bigint,
	"regra_id" text,
	"usuario_id" text,
	"conciliado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_conciliacao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_conciliacao_historico" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"conciliacao_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"linha_id" text NOT NULL,
	"acao" text NOT NULL,
	"origem" text NOT NULL,
	"movimentos" text[] NOT NULL,
	"usuario_id" text,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_conciliacao_historico_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_conciliacao_movimento" (
	"grupo_empresarial_id" text NOT NULL,
	"movimento_id" text NOT NULL,
	"conciliacao_id" text NOT NULL,
	"conta_id" text NOT NULL,
	CONSTRAINT "financeiro_conciliacao_movimento_grupo_empresarial_id_movimento_id_pk" PRIMARY KEY("grupo_empresarial_id","movimento_id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_conciliacao_regra" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"texto" text NOT NULL,
	"conta_id" text,
	"sinal" text,
	"plano_conta_id" text NOT NULL,
	"descricao" text,
	"usuario_id" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_conciliacao_regra_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao" ADD CONSTRAINT "financeiro_conciliacao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_historico" ADD CONSTRAINT "financeiro_conciliacao_historico_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_movimento" ADD CONSTRAINT "financeiro_conciliacao_movimento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_regra" ADD CONSTRAINT "financeiro_conciliacao_regra_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_conciliacao_linha_uq" ON "financeiro_conciliacao" USING btree ("grupo_empresarial_id","linha_id");--> statement-breakpoint
CREATE INDEX "financeiro_conciliacao_conta_idx" ON "financeiro_conciliacao" USING btree ("grupo_empresarial_id","conta_id");--> statement-breakpoint
CREATE INDEX "financeiro_conciliacao_historico_linha_idx" ON "financeiro_conciliacao_historico" USING btree ("grupo_empresarial_id","linha_id");--> statement-breakpoint
CREATE INDEX "financeiro_conciliacao_movimento_conciliacao_idx" ON "financeiro_conciliacao_movimento" USING btree ("grupo_empresarial_id","conciliacao_id");--> statement-breakpoint
CREATE INDEX "financeiro_conciliacao_movimento_conta_idx" ON "financeiro_conciliacao_movimento" USING btree ("grupo_empresarial_id","conta_id");--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "financeiro_conciliacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_conciliacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_conciliacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "financeiro_conciliacao_movimento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_movimento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_movimento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_conciliacao_movimento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_conciliacao_movimento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "financeiro_conciliacao_historico" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_historico" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_historico" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_conciliacao_historico" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_conciliacao_historico" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "financeiro_conciliacao_regra" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_regra" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_conciliacao_regra" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_conciliacao_regra" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_conciliacao_regra" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
