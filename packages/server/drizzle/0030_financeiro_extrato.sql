-- Bank statements imported from OFX (issue 14): the imports and their lines, append-only for the app role (select and insert only), one line per account and dedupe key (unique index); RLS as on every tenant table.
CREATE TABLE "financeiro_extrato_importacao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"arquivo_nome" text NOT NULL,
	"arquivo_hash" text NOT NULL,
	"linhas" integer NOT NULL,
	"importadas" integer NOT NULL,
	"repetidas" integer NOT NULL,
	"inicio" date,
	"fim" date,
	"saldo" bigint,
	"saldo_data" date,
	"usuario_id" text,
	"importado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_extrato_importacao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_extrato_linha" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"fitid" text NOT NULL,
	"data" date NOT NULL,
	"valor" bigint NOT NULL,
	"memo" text NOT NULL,
	"nome" text NOT NULL,
	"checknum" text NOT NULL,
	"trntype" text NOT NULL,
	"chave" text NOT NULL,
	"ocorrencia" integer NOT NULL,
	"posicao" integer NOT NULL,
	"importacao_id" text NOT NULL,
	"usuario_id" text,
	"importado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_extrato_linha_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "financeiro_extrato_importacao" ADD CONSTRAINT "financeiro_extrato_importacao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financeiro_extrato_linha" ADD CONSTRAINT "financeiro_extrato_linha_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financeiro_extrato_importacao_conta_idx" ON "financeiro_extrato_importacao" USING btree ("grupo_empresarial_id","conta_id","importado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_extrato_linha_chave_idx" ON "financeiro_extrato_linha" USING btree ("grupo_empresarial_id","conta_id","chave","ocorrencia");--> statement-breakpoint
CREATE INDEX "financeiro_extrato_linha_data_idx" ON "financeiro_extrato_linha" USING btree ("grupo_empresarial_id","conta_id","data");--> statement-breakpoint
GRANT SELECT, INSERT ON "financeiro_extrato_importacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_extrato_importacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_extrato_importacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_extrato_importacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_extrato_importacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "financeiro_extrato_linha" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_extrato_linha" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_extrato_linha" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_extrato_linha" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_extrato_linha" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
