-- Production orders (estoqueProducaoProdutos) and their postings; RLS as on every tenant table.
CREATE TABLE "estoque_producao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" bigint NOT NULL,
	"produto_id" text NOT NULL,
	"status" text DEFAULT 'planejada' NOT NULL,
	"quantidade_planejada" numeric(18, 4) NOT NULL,
	"quantidade_informada" numeric(18, 4) NOT NULL,
	"unidade_informada" text,
	"quantidade_produzida" numeric(18, 4) DEFAULT '0' NOT NULL,
	"valor_produzido" bigint DEFAULT 0 NOT NULL,
	"local_origem_id" text NOT NULL,
	"local_destino_id" text NOT NULL,
	"empresa_destino_id" text,
	"local_empresa_destino_id" text,
	"data_planejada" date NOT NULL,
	"observacao" text,
	"criado_por" text,
	"iniciada_em" timestamp with time zone,
	"finalizada_em" timestamp with time zone,
	"finalizada_por" text,
	"cancelada_em" timestamp with time zone,
	"cancelada_por" text,
	"motivo_cancelamento" text,
	CONSTRAINT "estoque_producao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_producao_apontamento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"producao_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"quantidade" numeric(18, 4) NOT NULL,
	"custo_unitario" numeric(18, 4) NOT NULL,
	"valor" bigint NOT NULL,
	"consumos" jsonb NOT NULL,
	"finalizou" boolean DEFAULT false NOT NULL,
	"observacao" text,
	"ocorrido_em" timestamp with time zone NOT NULL,
	"usuario_id" text,
	"estornado_em" timestamp with time zone,
	"estornado_por" text,
	"motivo_estorno" text,
	CONSTRAINT "estoque_producao_apontamento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "estoque_producao" ADD CONSTRAINT "estoque_producao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_producao_apontamento" ADD CONSTRAINT "estoque_producao_apontamento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_producao_lista_idx" ON "estoque_producao" USING btree ("grupo_empresarial_id","empresa_id","data_planejada");--> statement-breakpoint
CREATE INDEX "estoque_producao_apontamento_producao_idx" ON "estoque_producao_apontamento" USING btree ("grupo_empresarial_id","producao_id","numero");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_producao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_producao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_producao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_producao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_producao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_producao_apontamento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_producao_apontamento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_producao_apontamento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_producao_apontamento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_producao_apontamento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
