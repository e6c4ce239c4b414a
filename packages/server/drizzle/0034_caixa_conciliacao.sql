CREATE TABLE "caixa_conciliacao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"periodo_id" text NOT NULL,
	"data" date NOT NULL,
	"fundo_troco" bigint NOT NULL,
	"sangrias" bigint NOT NULL,
	"suprimentos" bigint NOT NULL,
	"linhas" jsonb NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"usuario_id" text,
	"aprovado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caixa_conciliacao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "caixa_movimento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"periodo_id" text NOT NULL,
	"tipo" text NOT NULL,
	"valor" bigint NOT NULL,
	"motivo" text NOT NULL,
	"usuario_id" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caixa_movimento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "caixa_conciliacao" ADD CONSTRAINT "caixa_conciliacao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixa_movimento" ADD CONSTRAINT "caixa_movimento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caixa_conciliacao_periodo_uq" ON "caixa_conciliacao" USING btree ("grupo_empresarial_id","periodo_id");--> statement-breakpoint
CREATE INDEX "caixa_movimento_periodo_idx" ON "caixa_movimento" USING btree ("grupo_empresarial_id","periodo_id");--> statement-breakpoint
CREATE INDEX "venda_periodo_caixa_idx" ON "venda" USING btree ("grupo_empresarial_id","periodo_id") WHERE periodo_id is not null;--> statement-breakpoint
-- Append-only for the application: it may read and add rows, never change or remove them.
GRANT SELECT, INSERT ON "caixa_movimento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "caixa_movimento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "caixa_movimento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "caixa_movimento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "caixa_movimento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Append-only for the application: it may read and add rows, never change or remove them.
GRANT SELECT, INSERT ON "caixa_conciliacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "caixa_conciliacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "caixa_conciliacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "caixa_conciliacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "caixa_conciliacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
