CREATE TABLE "entrada_nota_fiscal" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"chave" text NOT NULL,
	"modelo" text NOT NULL,
	"serie" integer NOT NULL,
	"numero" bigint NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	"fornecedor_id" text NOT NULL,
	"emitente_documento" text NOT NULL,
	"emitente_nome" text NOT NULL,
	"valor_total" bigint NOT NULL,
	"situacao" text NOT NULL,
	"avisos" jsonb NOT NULL,
	"totais" jsonb NOT NULL,
	"duplicatas" jsonb NOT NULL,
	"pagamentos" jsonb NOT NULL,
	"arquivo_id" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"usuario_id" text,
	"local_id" text,
	"titulos" text[] DEFAULT '{}'::text[] NOT NULL,
	"lancada_em" timestamp with time zone,
	"lancada_por" text,
	"estornada_em" timestamp with time zone,
	"estornada_por" text,
	"cancelada_em" timestamp with time zone,
	CONSTRAINT "entrada_nota_fiscal_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "entrada_nota_fiscal_item" (
	"grupo_empresarial_id" text NOT NULL,
	"entrada_id" text NOT NULL,
	"numero" integer NOT NULL,
	"c_prod" text NOT NULL,
	"gtin" text,
	"descricao" text NOT NULL,
	"unidade" text NOT NULL,
	"quantidade" numeric(18, 4) NOT NULL,
	"valor_produto" bigint NOT NULL,
	"dados" jsonb NOT NULL,
	"produto_id" text,
	"fator" numeric(18, 6),
	CONSTRAINT "entrada_nota_fiscal_item_grupo_empresarial_id_entrada_id_numero_pk" PRIMARY KEY("grupo_empresarial_id","entrada_id","numero")
);
--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal" ADD CONSTRAINT "entrada_nota_fiscal_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal_item" ADD CONSTRAINT "entrada_nota_fiscal_item_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entrada_nota_fiscal_chave_uq" ON "entrada_nota_fiscal" USING btree ("grupo_empresarial_id","chave");--> statement-breakpoint
CREATE INDEX "entrada_nota_fiscal_lista_idx" ON "entrada_nota_fiscal" USING btree ("grupo_empresarial_id","empresa_id","emissao");--> statement-breakpoint
-- The header is updated (matched, posted, reversed, cancelled) and its items matched; nothing is deleted.
GRANT SELECT, INSERT, UPDATE ON "entrada_nota_fiscal" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "entrada_nota_fiscal" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "entrada_nota_fiscal" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "entrada_nota_fiscal_item" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal_item" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "entrada_nota_fiscal_item" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "entrada_nota_fiscal_item" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "entrada_nota_fiscal_item" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
