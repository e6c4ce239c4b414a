CREATE TABLE "exportacao_fiscal" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresas" text[] NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"eventos" boolean NOT NULL,
	"email" text,
	"situacao" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"feitos" integer DEFAULT 0 NOT NULL,
	"notas" integer DEFAULT 0 NOT NULL,
	"arquivo_id" text,
	"tamanho" bigint,
	"erro" text,
	"usuario_id" text NOT NULL,
	"concluida_em" timestamp with time zone,
	"expira_em" timestamp with time zone,
	CONSTRAINT "exportacao_fiscal_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "exportacao_fiscal" ADD CONSTRAINT "exportacao_fiscal_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exportacao_fiscal_lista_idx" ON "exportacao_fiscal" USING btree ("grupo_empresarial_id","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "exportacao_fiscal" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "exportacao_fiscal" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "exportacao_fiscal" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "exportacao_fiscal" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "exportacao_fiscal" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
