CREATE TABLE "venda_documento_situacao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"venda_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"anterior" text,
	"status" text NOT NULL,
	"protocolo" text,
	"codigo" text,
	"motivo" text,
	"em" timestamp with time zone NOT NULL,
	"origem" text NOT NULL,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venda_documento_situacao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "venda_documento_situacao" ADD CONSTRAINT "venda_documento_situacao_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","venda_id") REFERENCES "public"."venda"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venda_documento_situacao_venda_idx" ON "venda_documento_situacao" USING btree ("grupo_empresarial_id","venda_id","registrado_em");--> statement-breakpoint
-- Row-level security as on the sales tables (0013).
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_documento_situacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_documento_situacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_documento_situacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_documento_situacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_documento_situacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
