-- Stock pending issues (pendências) of the sales: the open row per company, product and kind, and the sales it affected; RLS as on every tenant table.
CREATE TABLE "estoque_pendencia" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"tipo" text NOT NULL,
	"primeira_venda_em" timestamp with time zone NOT NULL,
	"ultima_venda_em" timestamp with time zone NOT NULL,
	"registrada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"fechada_em" timestamp with time zone,
	"fechamento" text,
	"fechada_por" text,
	CONSTRAINT "estoque_pendencia_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_pendencia_venda" (
	"grupo_empresarial_id" text NOT NULL,
	"pendencia_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(18, 4) NOT NULL,
	"ocorrido_em" timestamp with time zone NOT NULL,
	CONSTRAINT "estoque_pendencia_venda_grupo_empresarial_id_pendencia_id_venda_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","pendencia_id","venda_id","produto_id")
);
--> statement-breakpoint
ALTER TABLE "estoque_pendencia" ADD CONSTRAINT "estoque_pendencia_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_pendencia_venda" ADD CONSTRAINT "estoque_pendencia_venda_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_pendencia_aberta_idx" ON "estoque_pendencia" USING btree ("grupo_empresarial_id","empresa_id","produto_id","tipo") WHERE fechada_em is null;--> statement-breakpoint
CREATE INDEX "estoque_pendencia_venda_venda_idx" ON "estoque_pendencia_venda" USING btree ("grupo_empresarial_id","venda_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_pendencia" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_pendencia" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_pendencia" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_pendencia" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_pendencia" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_pendencia_venda" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_pendencia_venda" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_pendencia_venda" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_pendencia_venda" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_pendencia_venda" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
