CREATE TABLE "kds_evento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "kds_evento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"empresa_id" text NOT NULL,
	"tipo" text NOT NULL,
	"kds_pedido_id" text NOT NULL,
	"setores" text[] NOT NULL,
	"dados" jsonb NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kds_evento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "kds_item" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"kds_pedido_id" text NOT NULL,
	"seq" integer NOT NULL,
	"produto_id" text NOT NULL,
	"descricao" text NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"modificadores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observacao" text,
	"setor_id" text,
	"estado" text DEFAULT 'novo' NOT NULL,
	"chegou_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"pronto_em" timestamp with time zone,
	"pronto_estacao" text,
	CONSTRAINT "kds_item_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "kds_pedido" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"origem" text NOT NULL,
	"pedido_id" text NOT NULL,
	"venda_id" text,
	"mesa" text,
	"cliente" text,
	"chegou_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kds_pedido_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "kds_evento" ADD CONSTRAINT "kds_evento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kds_item" ADD CONSTRAINT "kds_item_grupo_empresarial_id_kds_pedido_id_kds_pedido_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","kds_pedido_id") REFERENCES "public"."kds_pedido"("grupo_empresarial_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kds_pedido" ADD CONSTRAINT "kds_pedido_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kds_evento_empresa_idx" ON "kds_evento" USING btree ("grupo_empresarial_id","empresa_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kds_item_seq_unico" ON "kds_item" USING btree ("grupo_empresarial_id","kds_pedido_id","seq");--> statement-breakpoint
CREATE INDEX "kds_item_aberto_idx" ON "kds_item" USING btree ("grupo_empresarial_id","empresa_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "kds_pedido_origem_unico" ON "kds_pedido" USING btree ("grupo_empresarial_id","empresa_id","origem","pedido_id");--> statement-breakpoint
GRANT SELECT, INSERT ON "kds_pedido" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "kds_pedido" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kds_pedido" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "kds_pedido" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "kds_pedido" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Items change state (bump, recall); never deleted.
GRANT SELECT, INSERT, UPDATE ON "kds_item" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "kds_item" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kds_item" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "kds_item" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "kds_item" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Events are never changed: a recall is a new event.
GRANT SELECT, INSERT ON "kds_evento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "kds_evento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kds_evento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "kds_evento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "kds_evento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
