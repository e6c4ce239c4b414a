CREATE TABLE "dispositivo_credencial" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"app_sistema_id" text NOT NULL,
	"segredo_hash" text NOT NULL,
	"emitida_por" text NOT NULL,
	"revogada_em" timestamp with time zone,
	"sessao_hash" text,
	"sessao_expira_em" timestamp with time zone,
	"ultimo_acesso_em" timestamp with time zone,
	"versao_app" text,
	CONSTRAINT "dispositivo_credencial_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivo_credencial_id_unico" ON "dispositivo_credencial" USING btree ("id");--> statement-breakpoint
CREATE INDEX "dispositivo_credencial_sessao_idx" ON "dispositivo_credencial" USING btree ("sessao_hash");--> statement-breakpoint
CREATE INDEX "dispositivo_credencial_app_idx" ON "dispositivo_credencial" USING btree ("grupo_empresarial_id","app_sistema_id");ALTER TABLE "dispositivo_credencial" ADD CONSTRAINT "dispositivo_credencial_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Issued, revoked and signed in with (session, last seen, version): updated, never deleted.
GRANT SELECT, INSERT, UPDATE ON "dispositivo_credencial" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "dispositivo_credencial" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dispositivo_credencial" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "dispositivo_credencial" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "dispositivo_credencial" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
