CREATE TABLE "caixa_reabertura" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"periodo_id" text NOT NULL,
	"conciliacao_id" text NOT NULL,
	"motivo" text NOT NULL,
	"usuario_id" text,
	"reaberto_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caixa_reabertura_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
DROP INDEX "caixa_conciliacao_periodo_uq";--> statement-breakpoint
ALTER TABLE "caixa_conciliacao" ADD COLUMN "sequencia" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "caixa_reabertura" ADD CONSTRAINT "caixa_reabertura_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caixa_reabertura_conciliacao_uq" ON "caixa_reabertura" USING btree ("grupo_empresarial_id","conciliacao_id");--> statement-breakpoint
CREATE INDEX "caixa_reabertura_periodo_idx" ON "caixa_reabertura" USING btree ("grupo_empresarial_id","periodo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caixa_conciliacao_periodo_seq_uq" ON "caixa_conciliacao" USING btree ("grupo_empresarial_id","periodo_id","sequencia");--> statement-breakpoint
-- Append-only for the application: it may read and add rows, never change or remove them.
GRANT SELECT, INSERT ON "caixa_reabertura" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "caixa_reabertura" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "caixa_reabertura" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "caixa_reabertura" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "caixa_reabertura" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
