-- Stock (docs/decisions/0014): the ledger, the kept balances, the documents typed by hand; RLS as on the sales tables.
CREATE TABLE "estoque_custo" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"custo_medio" numeric(18, 4) DEFAULT '0' NOT NULL,
	"ultimo_em" timestamp with time zone,
	"ultimo_proprio_em" timestamp with time zone,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_custo_grupo_empresarial_id_empresa_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","produto_id")
);
--> statement-breakpoint
CREATE TABLE "estoque_documento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"tipo" text NOT NULL,
	"numero" bigint NOT NULL,
	"local_id" text NOT NULL,
	"destino_id" text,
	"ocorrido_em" timestamp with time zone NOT NULL,
	"motivo" text,
	"observacao" text,
	"usuario_id" text,
	"itens" jsonb NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	"estornado_em" timestamp with time zone,
	"estornado_por" text,
	"motivo_estorno" text,
	CONSTRAINT "estoque_documento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_movimento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "estoque_movimento_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"empresa_id" text NOT NULL,
	"local_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"tipo" text NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"custo_unitario" numeric(18, 4) NOT NULL,
	"custo_proprio" boolean NOT NULL,
	"valor" bigint NOT NULL,
	"ocorrido_em" timestamp with time zone NOT NULL,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" text,
	"documento_tipo" text NOT NULL,
	"documento_id" text NOT NULL,
	"estorno_de" text,
	CONSTRAINT "estoque_movimento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_saldo" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"local_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_saldo_grupo_empresarial_id_local_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","local_id","produto_id")
);
--> statement-breakpoint
ALTER TABLE "estoque_custo" ADD CONSTRAINT "estoque_custo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_documento" ADD CONSTRAINT "estoque_documento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimento" ADD CONSTRAINT "estoque_movimento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_saldo" ADD CONSTRAINT "estoque_saldo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_documento_lista_idx" ON "estoque_documento" USING btree ("grupo_empresarial_id","empresa_id","tipo","ocorrido_em");--> statement-breakpoint
CREATE INDEX "estoque_movimento_produto_idx" ON "estoque_movimento" USING btree ("grupo_empresarial_id","empresa_id","produto_id","ocorrido_em","seq");--> statement-breakpoint
CREATE INDEX "estoque_movimento_periodo_idx" ON "estoque_movimento" USING btree ("grupo_empresarial_id","empresa_id","ocorrido_em");--> statement-breakpoint
CREATE INDEX "estoque_movimento_documento_idx" ON "estoque_movimento" USING btree ("grupo_empresarial_id","documento_id");--> statement-breakpoint
CREATE INDEX "estoque_saldo_empresa_idx" ON "estoque_saldo" USING btree ("grupo_empresarial_id","empresa_id","produto_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_documento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_documento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_documento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_documento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_documento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_movimento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_movimento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_movimento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_movimento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_movimento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_saldo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_saldo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_saldo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_saldo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_saldo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_custo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_custo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_custo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_custo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_custo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
