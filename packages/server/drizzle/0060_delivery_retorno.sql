CREATE TABLE "delivery_retorno" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"evento" text NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"desistiu_em" timestamp with time zone,
	"ultimo_erro" text,
	CONSTRAINT "delivery_retorno_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_retorno_unico" ON "delivery_retorno" USING btree ("grupo_empresarial_id","pedido_id","evento");--> statement-breakpoint
CREATE INDEX "delivery_retorno_pendentes_idx" ON "delivery_retorno" USING btree ("proxima_em") WHERE enviado_em is null and desistiu_em is null;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "delivery_retorno" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_retorno" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_retorno" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_retorno" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_retorno" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
