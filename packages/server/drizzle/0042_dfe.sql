CREATE TABLE "dfe_controle" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ult_nsu" text DEFAULT '000000000000000' NOT NULL,
	"max_nsu" text DEFAULT '000000000000000' NOT NULL,
	"proxima_consulta" timestamp with time zone,
	"ultima_consulta" timestamp with time zone,
	"ultimo_c_stat" text,
	"ultimo_motivo" text,
	CONSTRAINT "dfe_controle_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "dfe_documento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"chave" text NOT NULL,
	"nsu" text NOT NULL,
	"conteudo" text NOT NULL,
	"emitente_documento" text NOT NULL,
	"emitente_nome" text NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	"valor" bigint NOT NULL,
	"situacao_nfe" text NOT NULL,
	"protocolo" text,
	"arquivo_id" text NOT NULL,
	CONSTRAINT "dfe_documento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "dfe_evento" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"nsu" text NOT NULL,
	"chave" text NOT NULL,
	"tp_evento" text NOT NULL,
	"descricao" text NOT NULL,
	"data_evento" timestamp with time zone,
	"arquivo_id" text NOT NULL,
	CONSTRAINT "dfe_evento_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "dfe_manifestacao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"chave" text NOT NULL,
	"tp_evento" text NOT NULL,
	"n_seq_evento" integer NOT NULL,
	"justificativa" text,
	"c_stat" text NOT NULL,
	"x_motivo" text NOT NULL,
	"protocolo" text,
	"usuario_id" text,
	"enviada_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dfe_manifestacao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "dfe_controle" ADD CONSTRAINT "dfe_controle_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dfe_documento" ADD CONSTRAINT "dfe_documento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dfe_evento" ADD CONSTRAINT "dfe_evento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dfe_manifestacao" ADD CONSTRAINT "dfe_manifestacao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dfe_documento_chave_uq" ON "dfe_documento" USING btree ("grupo_empresarial_id","empresa_id","chave");--> statement-breakpoint
CREATE INDEX "dfe_documento_emissao_idx" ON "dfe_documento" USING btree ("grupo_empresarial_id","empresa_id","emissao");--> statement-breakpoint
CREATE UNIQUE INDEX "dfe_evento_nsu_uq" ON "dfe_evento" USING btree ("grupo_empresarial_id","empresa_id","nsu");--> statement-breakpoint
CREATE INDEX "dfe_evento_chave_idx" ON "dfe_evento" USING btree ("grupo_empresarial_id","empresa_id","chave");--> statement-breakpoint
CREATE INDEX "dfe_manifestacao_chave_idx" ON "dfe_manifestacao" USING btree ("grupo_empresarial_id","empresa_id","chave");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "dfe_controle" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "dfe_controle" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dfe_controle" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "dfe_controle" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "dfe_controle" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "dfe_documento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "dfe_documento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dfe_documento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "dfe_documento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "dfe_documento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "dfe_evento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "dfe_evento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dfe_evento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "dfe_evento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "dfe_evento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT ON "dfe_manifestacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "dfe_manifestacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dfe_manifestacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "dfe_manifestacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "dfe_manifestacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
