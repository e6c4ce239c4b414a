CREATE TABLE "financeiro_movimento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financeiro_movimento_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"empresa_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"data" date NOT NULL,
	"valor" bigint NOT NULL,
	"tipo" text NOT NULL,
	"plano_conta_id" text,
	"descricao" text NOT NULL,
	"pessoa_id" text,
	"documento_tipo" text,
	"documento_id" text,
	"transferencia_id" text,
	"estorno_de" text,
	"usuario_id" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_movimento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_saldo" (
	"grupo_empresarial_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"saldo" bigint DEFAULT 0 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_saldo_grupo_empresarial_id_conta_id_pk" PRIMARY KEY("grupo_empresarial_id","conta_id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_saldo_dia" (
	"grupo_empresarial_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"data" date NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "financeiro_saldo_dia_grupo_empresarial_id_conta_id_data_pk" PRIMARY KEY("grupo_empresarial_id","conta_id","data")
);
--> statement-breakpoint
ALTER TABLE "financeiro_movimento" ADD CONSTRAINT "financeiro_movimento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_saldo" ADD CONSTRAINT "financeiro_saldo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_saldo_dia" ADD CONSTRAINT "financeiro_saldo_dia_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financeiro_movimento_conta_idx" ON "financeiro_movimento" USING btree ("grupo_empresarial_id","conta_id","data","seq");--> statement-breakpoint
CREATE INDEX "financeiro_movimento_periodo_idx" ON "financeiro_movimento" USING btree ("grupo_empresarial_id","empresa_id","data");--> statement-breakpoint
CREATE INDEX "financeiro_movimento_plano_idx" ON "financeiro_movimento" USING btree ("grupo_empresarial_id","plano_conta_id");--> statement-breakpoint
CREATE INDEX "financeiro_movimento_documento_idx" ON "financeiro_movimento" USING btree ("grupo_empresarial_id","documento_tipo","documento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_movimento_estorno_uq" ON "financeiro_movimento" USING btree ("grupo_empresarial_id","estorno_de") WHERE estorno_de is not null;
-- The ledger is append-only for the application: it may read and add rows, never change or remove them.
--> statement-breakpoint
GRANT SELECT, INSERT ON "financeiro_movimento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_movimento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_movimento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_movimento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_movimento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "financeiro_saldo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_saldo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_saldo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_saldo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_saldo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "financeiro_saldo_dia" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_saldo_dia" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_saldo_dia" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_saldo_dia" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_saldo_dia" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
