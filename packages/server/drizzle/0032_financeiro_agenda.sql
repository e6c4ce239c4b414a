CREATE TABLE "financeiro_baixa" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"parcela_id" text NOT NULL,
	"titulo_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"data" date NOT NULL,
	"valor" bigint NOT NULL,
	"juros" bigint DEFAULT 0 NOT NULL,
	"multa" bigint DEFAULT 0 NOT NULL,
	"desconto" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"estorno_de" text,
	"motivo" text,
	"usuario_id" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_baixa_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_parcela" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"titulo_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"vencimento" date NOT NULL,
	"valor" bigint NOT NULL,
	"pago" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "financeiro_parcela_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_titulo" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"tipo" text NOT NULL,
	"pessoa_id" text,
	"plano_conta_id" text NOT NULL,
	"descricao" text NOT NULL,
	"documento" text DEFAULT '' NOT NULL,
	"emissao" date NOT NULL,
	"recorrencia_id" text,
	"recorrencia_numero" integer,
	"anexos" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"usuario_id" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_titulo_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "financeiro_baixa" ADD CONSTRAINT "financeiro_baixa_grupo_empresarial_id_parcela_id_financeiro_parcela_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","parcela_id") REFERENCES "public"."financeiro_parcela"("grupo_empresarial_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_parcela" ADD CONSTRAINT "financeiro_parcela_grupo_empresarial_id_titulo_id_financeiro_titulo_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","titulo_id") REFERENCES "public"."financeiro_titulo"("grupo_empresarial_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_titulo" ADD CONSTRAINT "financeiro_titulo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financeiro_baixa_parcela_idx" ON "financeiro_baixa" USING btree ("grupo_empresarial_id","parcela_id");--> statement-breakpoint
CREATE INDEX "financeiro_baixa_data_idx" ON "financeiro_baixa" USING btree ("grupo_empresarial_id","empresa_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_baixa_estorno_uq" ON "financeiro_baixa" USING btree ("grupo_empresarial_id","estorno_de") WHERE estorno_de is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_parcela_numero_uq" ON "financeiro_parcela" USING btree ("grupo_empresarial_id","titulo_id","numero");--> statement-breakpoint
CREATE INDEX "financeiro_parcela_vencimento_idx" ON "financeiro_parcela" USING btree ("grupo_empresarial_id","empresa_id","vencimento");--> statement-breakpoint
CREATE INDEX "financeiro_titulo_empresa_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","empresa_id","tipo");--> statement-breakpoint
CREATE INDEX "financeiro_titulo_recorrencia_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","recorrencia_id");--> statement-breakpoint
-- Settlements are append-only for the application (a reversal is a new row); títulos and installments are updated (cancel, the paid amount kept).
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "financeiro_titulo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_titulo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_titulo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_titulo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_titulo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "financeiro_parcela" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_parcela" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_parcela" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_parcela" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_parcela" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "financeiro_baixa" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_baixa" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_baixa" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_baixa" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_baixa" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
