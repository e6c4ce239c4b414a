-- Purchase orders are updated (state, received quantities), never deleted; receipts are append-only.
CREATE TABLE "estoque_pedido_compra" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" bigint NOT NULL,
	"fornecedor_id" text NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"itens" jsonb NOT NULL,
	"valor" bigint NOT NULL,
	"previsao_entrega" date,
	"observacao" text,
	"criado_por" text,
	"enviado_em" timestamp with time zone,
	"enviado_por" text,
	"cancelado_em" timestamp with time zone,
	"cancelado_por" text,
	"motivo_cancelamento" text,
	CONSTRAINT "estoque_pedido_compra_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_pedido_compra_recebimento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"local_id" text NOT NULL,
	"itens" jsonb NOT NULL,
	"valor" bigint NOT NULL,
	"observacao" text,
	"ocorrido_em" timestamp with time zone NOT NULL,
	"usuario_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_pedido_compra_recebimento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ADD CONSTRAINT "estoque_pedido_compra_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra_recebimento" ADD CONSTRAINT "estoque_pedido_compra_recebimento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_pedido_compra_lista_idx" ON "estoque_pedido_compra" USING btree ("grupo_empresarial_id","empresa_id","status","created_at");--> statement-breakpoint
CREATE INDEX "estoque_pedido_compra_recebimento_pedido_idx" ON "estoque_pedido_compra_recebimento" USING btree ("grupo_empresarial_id","pedido_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "estoque_pedido_compra" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_pedido_compra" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_pedido_compra" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "estoque_pedido_compra_recebimento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra_recebimento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_pedido_compra_recebimento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_pedido_compra_recebimento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_pedido_compra_recebimento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
