CREATE TABLE "dfe_consulta_chave" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"chave" text NOT NULL,
	"c_stat" text,
	"x_motivo" text,
	"usuario_id" text,
	"consultada_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dfe_consulta_chave_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "dfe_consulta_chave" ADD CONSTRAINT "dfe_consulta_chave_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dfe_consulta_chave_empresa_idx" ON "dfe_consulta_chave" USING btree ("grupo_empresarial_id","empresa_id","consultada_em");--> statement-breakpoint
ALTER TABLE "dfe_consulta_chave" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dfe_consulta_chave" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "dfe_consulta_chave" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "dfe_consulta_chave" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
