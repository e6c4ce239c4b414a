CREATE TABLE "nota_fiscal_evento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"nota_id" text NOT NULL,
	"chave" text NOT NULL,
	"tp_evento" text NOT NULL,
	"n_seq_evento" integer NOT NULL,
	"texto" text NOT NULL,
	"c_stat" text NOT NULL,
	"x_motivo" text NOT NULL,
	"protocolo" text,
	"arquivo_id" text,
	"usuario_id" text,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nota_fiscal_evento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "nota_fiscal_evento" ADD CONSTRAINT "nota_fiscal_evento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nota_fiscal_evento_nota_idx" ON "nota_fiscal_evento" USING btree ("grupo_empresarial_id","nota_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nota_fiscal_evento_registrado_uq" ON "nota_fiscal_evento" USING btree ("grupo_empresarial_id","nota_id","tp_evento","n_seq_evento") WHERE c_stat in ('135', '136', '155');--> statement-breakpoint
ALTER TABLE "nota_fiscal_evento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "nota_fiscal_evento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "nota_fiscal_evento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "nota_fiscal_evento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
