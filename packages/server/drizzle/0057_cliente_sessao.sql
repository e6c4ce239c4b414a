CREATE TABLE "cliente_sessao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"pessoa_id" text NOT NULL,
	"destino" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"encerrada_em" timestamp with time zone,
	CONSTRAINT "cliente_sessao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "qr_pedido" ADD COLUMN "pessoa_id" text;--> statement-breakpoint
ALTER TABLE "cliente_sessao" ADD CONSTRAINT "cliente_sessao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_sessao_token_unico" ON "cliente_sessao" USING btree ("grupo_empresarial_id","token_hash");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "cliente_sessao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "cliente_sessao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cliente_sessao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "cliente_sessao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "cliente_sessao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
