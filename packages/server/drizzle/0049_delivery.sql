CREATE TABLE "delivery_evento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"evento_id" text NOT NULL,
	"tipo" text NOT NULL,
	"pedido_externo" text,
	"corpo" jsonb NOT NULL,
	CONSTRAINT "delivery_evento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "delivery_mapa" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"integracao_id" text NOT NULL,
	"item_externo" text NOT NULL,
	"descricao_externa" text NOT NULL,
	"produto_id" text NOT NULL,
	CONSTRAINT "delivery_mapa_grupo_empresarial_id_integracao_id_item_externo_pk" PRIMARY KEY("grupo_empresarial_id","integracao_id","item_externo")
);
--> statement-breakpoint
CREATE TABLE "delivery_pedido" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"pedido_externo" text NOT NULL,
	"codigo" text NOT NULL,
	"cliente" text,
	"criado_em" timestamp with time zone NOT NULL,
	"itens" jsonb NOT NULL,
	"pedido" jsonb NOT NULL,
	"situacao" text DEFAULT 'recebido' NOT NULL,
	"venda_id" text,
	"decidido_em" timestamp with time zone,
	"decidido_por" text,
	"motivo" text,
	CONSTRAINT "delivery_pedido_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "delivery_repasse" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"bruto" integer NOT NULL,
	"comissao" integer NOT NULL,
	"taxa_entrega" integer NOT NULL,
	"campanhas" integer NOT NULL,
	"subsidio" integer NOT NULL,
	"liquido" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_repasse_grupo_empresarial_id_pedido_id_pk" PRIMARY KEY("grupo_empresarial_id","pedido_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_segredo" (
	"grupo_empresarial_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"segredo_cifrado" text NOT NULL,
	"definido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"definido_por" text NOT NULL,
	CONSTRAINT "delivery_segredo_grupo_empresarial_id_integracao_id_pk" PRIMARY KEY("grupo_empresarial_id","integracao_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_evento_unico" ON "delivery_evento" USING btree ("grupo_empresarial_id","integracao_id","evento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_pedido_unico" ON "delivery_pedido" USING btree ("grupo_empresarial_id","integracao_id","pedido_externo");--> statement-breakpoint
CREATE INDEX "delivery_pedido_lista_idx" ON "delivery_pedido" USING btree ("grupo_empresarial_id","empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "delivery_repasse_empresa_idx" ON "delivery_repasse" USING btree ("grupo_empresarial_id","empresa_id","created_at");
--> statement-breakpoint
-- The secret is replaced, never deleted with the integration (which goes to the trash).
GRANT SELECT, INSERT, UPDATE ON "delivery_segredo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_segredo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_segredo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_segredo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_segredo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- A mapping is corrected or removed by hand on the screen.
GRANT SELECT, INSERT, UPDATE, DELETE ON "delivery_mapa" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_mapa" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_mapa" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_mapa" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_mapa" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Webhook events are append-only.
GRANT SELECT, INSERT ON "delivery_evento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_evento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_evento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_evento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_evento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- An order changes state (accepted, refused, cancelled), never deleted.
GRANT SELECT, INSERT, UPDATE ON "delivery_pedido" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_pedido" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_pedido" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_pedido" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_pedido" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The payout is written once, with the order.
GRANT SELECT, INSERT ON "delivery_repasse" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_repasse" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_repasse" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_repasse" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_repasse" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The webhook finds the integration by the merchantId in the body, before the group is known.
CREATE INDEX "registro_delivery_merchant_idx" ON "registro" USING btree ((dados->>'merchantId')) WHERE recurso = 'appIntegracaoDelivery';
