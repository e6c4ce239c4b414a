CREATE TABLE "nota_fiscal_emitida" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"modelo" text DEFAULT '55' NOT NULL,
	"serie" integer NOT NULL,
	"numero" bigint,
	"chave" text,
	"tipo" text NOT NULL,
	"natureza_operacao" text NOT NULL,
	"destinatario_empresa_id" text,
	"destinatario_pessoa_id" text,
	"destinatario" jsonb NOT NULL,
	"itens" jsonb NOT NULL,
	"totais" jsonb NOT NULL,
	"valor_total" bigint NOT NULL,
	"informacoes_complementares" text,
	"situacao" text DEFAULT 'rascunho' NOT NULL,
	"c_stat" text,
	"x_motivo" text,
	"protocolo" text,
	"recibo" text,
	"emitida_em" timestamp with time zone,
	"autorizada_em" timestamp with time zone,
	"arquivo_xml_id" text,
	"arquivo_proc_id" text,
	"origem_tipo" text,
	"origem_id" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone,
	"ultimo_erro" text,
	"usuario_id" text,
	"cancelada_em" timestamp with time zone,
	CONSTRAINT "nota_fiscal_emitida_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "nota_fiscal_emitida" ADD CONSTRAINT "nota_fiscal_emitida_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nota_fiscal_emitida_numero_uq" ON "nota_fiscal_emitida" USING btree ("grupo_empresarial_id","empresa_id","modelo","serie","numero") WHERE numero is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "nota_fiscal_emitida_chave_uq" ON "nota_fiscal_emitida" USING btree ("grupo_empresarial_id","chave") WHERE chave is not null;--> statement-breakpoint
CREATE INDEX "nota_fiscal_emitida_lista_idx" ON "nota_fiscal_emitida" USING btree ("grupo_empresarial_id","empresa_id","situacao","created_at");--> statement-breakpoint
CREATE INDEX "nota_fiscal_emitida_fila_idx" ON "nota_fiscal_emitida" USING btree ("proxima_tentativa_em") WHERE situacao = 'contingencia';--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "nota_fiscal_emitida" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "nota_fiscal_emitida" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "nota_fiscal_emitida" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "nota_fiscal_emitida" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "nota_fiscal_emitida" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
