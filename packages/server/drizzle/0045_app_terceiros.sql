CREATE TABLE "app_terceiros_chamada" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"app_terceiros_id" text NOT NULL,
	"chave_id" text,
	"empresa_id" text,
	"metodo" text NOT NULL,
	"rota" text NOT NULL,
	"status" integer NOT NULL,
	CONSTRAINT "app_terceiros_chamada_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "app_terceiros_chave" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"app_terceiros_id" text NOT NULL,
	"descricao" text NOT NULL,
	"segredo_hash" text NOT NULL,
	"emitida_por" text NOT NULL,
	"revogada_em" timestamp with time zone,
	"revogada_por" text,
	CONSTRAINT "app_terceiros_chave_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "app_terceiros_token" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"app_terceiros_id" text NOT NULL,
	"chave_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"escopos" text[] NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "app_terceiros_token_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE INDEX "app_terceiros_chamada_app_idx" ON "app_terceiros_chamada" USING btree ("grupo_empresarial_id","app_terceiros_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_terceiros_chave_id_unico" ON "app_terceiros_chave" USING btree ("id");--> statement-breakpoint
CREATE INDEX "app_terceiros_chave_app_idx" ON "app_terceiros_chave" USING btree ("grupo_empresarial_id","app_terceiros_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_terceiros_token_hash_unico" ON "app_terceiros_token" USING btree ("token_hash");
--> statement-breakpoint
-- Keys are issued and revoked (revogada_em), never deleted.
GRANT SELECT, INSERT, UPDATE ON "app_terceiros_chave" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "app_terceiros_chave" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "app_terceiros_chave" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "app_terceiros_chave" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "app_terceiros_chave" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Tokens are only issued; they end by time, or with their key or client.
GRANT SELECT, INSERT ON "app_terceiros_token" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "app_terceiros_token" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "app_terceiros_token" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "app_terceiros_token" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "app_terceiros_token" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The audit of the calls is append-only.
GRANT SELECT, INSERT ON "app_terceiros_chamada" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "app_terceiros_chamada" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "app_terceiros_chamada" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "app_terceiros_chamada" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "app_terceiros_chamada" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
