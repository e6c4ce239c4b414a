CREATE TABLE "qr_chamada" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"mesa_id" text NOT NULL,
	"atendida_em" timestamp with time zone,
	"atendida_por" text,
	CONSTRAINT "qr_chamada_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "qr_code_config" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"cardapio_id" text,
	"tabela_venda_id" text,
	"taxa_servico" numeric(5, 2) DEFAULT '0' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "qr_code_config_grupo_empresarial_id_empresa_id_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id")
);
--> statement-breakpoint
CREATE TABLE "qr_mesa" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"lixo" boolean DEFAULT false NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"nome" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"token" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "qr_mesa_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "qr_pedido" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"mesa_id" text NOT NULL,
	"cliente_id" text NOT NULL,
	"itens" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"taxa_servico_percentual" numeric(5, 2) NOT NULL,
	"taxa_servico" integer NOT NULL,
	"total" integer NOT NULL,
	"kds_pedido_id" text,
	CONSTRAINT "qr_pedido_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "qr_chamada" ADD CONSTRAINT "qr_chamada_grupo_empresarial_id_mesa_id_qr_mesa_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","mesa_id") REFERENCES "public"."qr_mesa"("grupo_empresarial_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code_config" ADD CONSTRAINT "qr_code_config_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_mesa" ADD CONSTRAINT "qr_mesa_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_pedido" ADD CONSTRAINT "qr_pedido_grupo_empresarial_id_mesa_id_qr_mesa_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","mesa_id") REFERENCES "public"."qr_mesa"("grupo_empresarial_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_chamada_recentes_idx" ON "qr_chamada" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_mesa_numero_unico" ON "qr_mesa" USING btree ("grupo_empresarial_id","empresa_id","numero") WHERE not "qr_mesa"."lixo";--> statement-breakpoint
CREATE UNIQUE INDEX "qr_mesa_token_unico" ON "qr_mesa" USING btree ("grupo_empresarial_id","token");--> statement-breakpoint
CREATE INDEX "qr_mesa_token_idx" ON "qr_mesa" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_pedido_cliente_unico" ON "qr_pedido" USING btree ("grupo_empresarial_id","mesa_id","cliente_id");--> statement-breakpoint
CREATE INDEX "qr_pedido_recentes_idx" ON "qr_pedido" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "qr_code_config" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "qr_code_config" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "qr_code_config" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "qr_code_config" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "qr_code_config" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "qr_mesa" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "qr_mesa" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "qr_mesa" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "qr_mesa" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "qr_mesa" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "qr_pedido" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "qr_pedido" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "qr_pedido" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "qr_pedido" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "qr_pedido" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "qr_chamada" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "qr_chamada" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "qr_chamada" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "qr_chamada" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "qr_chamada" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
