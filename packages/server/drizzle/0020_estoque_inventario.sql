-- Stock counts (estoqueInventario): the frozen balances and the counted lines; RLS as on every tenant table.
CREATE TABLE "estoque_inventario" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" bigint NOT NULL,
	"descricao" text NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"congelado_em" timestamp with time zone NOT NULL,
	"criado_por" text,
	"aprovado_em" timestamp with time zone,
	"aprovado_por" text,
	"observacao" text,
	CONSTRAINT "estoque_inventario_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "estoque_inventario_item" (
	"grupo_empresarial_id" text NOT NULL,
	"inventario_id" text NOT NULL,
	"local_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"congelado" numeric(18, 4) DEFAULT '0' NOT NULL,
	"custo_medio" numeric(18, 4) DEFAULT '0' NOT NULL,
	"contado" numeric(18, 4),
	"contado_por" text,
	"contado_em" timestamp with time zone,
	CONSTRAINT "estoque_inventario_item_grupo_empresarial_id_inventario_id_local_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","inventario_id","local_id","produto_id")
);
--> statement-breakpoint
ALTER TABLE "estoque_inventario" ADD CONSTRAINT "estoque_inventario_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_inventario_item" ADD CONSTRAINT "estoque_inventario_item_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_inventario_lista_idx" ON "estoque_inventario" USING btree ("grupo_empresarial_id","empresa_id","congelado_em");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_inventario" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_inventario" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_inventario" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_inventario" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_inventario" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_inventario_item" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_inventario_item" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_inventario_item" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_inventario_item" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_inventario_item" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
