CREATE TABLE "venda_transferencia" (
	"grupo_empresarial_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"seq" smallint NOT NULL,
	"empresa_id" text NOT NULL,
	"fechado_em" timestamp with time zone NOT NULL,
	"item_seq" smallint NOT NULL,
	"de_mesa" text NOT NULL,
	"para_mesa" text NOT NULL,
	"usuario_id" text NOT NULL,
	"motivo" text,
	"em" timestamp with time zone NOT NULL,
	CONSTRAINT "venda_transferencia_grupo_empresarial_id_venda_id_seq_pk" PRIMARY KEY("grupo_empresarial_id","venda_id","seq")
);
--> statement-breakpoint
ALTER TABLE "venda" ADD COLUMN "operador_id" text;--> statement-breakpoint
ALTER TABLE "venda_item" ADD COLUMN "cfop" text;--> statement-breakpoint
ALTER TABLE "venda_item" ADD COLUMN "cst" text;--> statement-breakpoint
ALTER TABLE "venda_transferencia" ADD CONSTRAINT "venda_transferencia_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","venda_id") REFERENCES "public"."venda"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venda_transferencia_periodo_idx" ON "venda_transferencia" USING btree ("grupo_empresarial_id","empresa_id","fechado_em");--> statement-breakpoint
-- Row-level security on the transfers, as 0013 does for the other sales tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_transferencia" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_transferencia" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_transferencia" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_transferencia" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_transferencia" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
