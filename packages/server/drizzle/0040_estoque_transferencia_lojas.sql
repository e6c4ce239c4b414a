-- Transfers between stores (updated in state, never deleted; stock only in the ledger) and transfer requests.
CREATE TABLE "estoque_pedido_transferencia" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" bigint NOT NULL,
	"empresa_fornecedora_id" text NOT NULL,
	"status" text DEFAULT 'solicitado' NOT NULL,
	"origem" text DEFAULT 'manual' NOT NULL,
	"itens" jsonb NOT NULL,
	"observacao" text,
	"transferencia_id" text,
	"criado_por" text,
	"aprovado_em" timestamp with time zone,
	"aprovado_por" text,
	"recusado_em" timestamp with time zone,
	"recusado_por" text,
	"cancelado_em" timestamp with time zone,
	"cancelado_por" text,
	"motivo" text,
	CONSTRAINT "estoque_pedido_transferencia_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_transferencia_lojas" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" bigint NOT NULL,
	"empresa_destino_id" text NOT NULL,
	"local_origem_id" text NOT NULL,
	"local_destino_id" text,
	"pedido_id" text,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"itens" jsonb NOT NULL,
	"valor" bigint NOT NULL,
	"valor_recebido" bigint,
	"valor_divergencia" bigint,
	"observacao" text,
	"observacao_recebimento" text,
	"criado_por" text,
	"enviado_em" timestamp with time zone,
	"enviado_por" text,
	"recebido_em" timestamp with time zone,
	"recebido_por" text,
	"cancelado_em" timestamp with time zone,
	"cancelado_por" text,
	"motivo_cancelamento" text,
	CONSTRAINT "estoque_transferencia_lojas_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "estoque_pedido_transferencia" ADD CONSTRAINT "estoque_pedido_transferencia_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_transferencia_lojas" ADD CONSTRAINT "estoque_transferencia_lojas_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_pedido_transferencia_solicitante_idx" ON "estoque_pedido_transferencia" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "estoque_pedido_transferencia_fornecedora_idx" ON "estoque_pedido_transferencia" USING btree ("grupo_empresarial_id","empresa_fornecedora_id","created_at");--> statement-breakpoint
CREATE INDEX "estoque_transferencia_lojas_origem_idx" ON "estoque_transferencia_lojas" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "estoque_transferencia_lojas_destino_idx" ON "estoque_transferencia_lojas" USING btree ("grupo_empresarial_id","empresa_destino_id","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "estoque_transferencia_lojas" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_transferencia_lojas" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_transferencia_lojas" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_transferencia_lojas" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_transferencia_lojas" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "estoque_pedido_transferencia" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_pedido_transferencia" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_pedido_transferencia" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_pedido_transferencia" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_pedido_transferencia" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
