CREATE TABLE "recuperador_campanha" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"dias_sem_pedido" integer NOT NULL,
	"minimo_pedidos" integer NOT NULL,
	"janela_dias" integer NOT NULL,
	"cupom_id" text NOT NULL,
	"cupom_codigo" text NOT NULL,
	"mensagem" text NOT NULL,
	"enviada_em" timestamp with time zone NOT NULL,
	"enviada_por" text NOT NULL,
	CONSTRAINT "recuperador_campanha_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "recuperador_cliente" (
	"grupo_empresarial_id" text NOT NULL,
	"campanha_id" text NOT NULL,
	"cliente_id" text NOT NULL,
	"nome" text NOT NULL,
	"numero" text NOT NULL,
	"pedidos_antes" integer NOT NULL,
	"ultimo_pedido_em" timestamp with time zone NOT NULL,
	"mensagem_id" text NOT NULL,
	CONSTRAINT "recuperador_cliente_grupo_empresarial_id_campanha_id_cliente_id_pk" PRIMARY KEY("grupo_empresarial_id","campanha_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_conexao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"phone_number_id" text NOT NULL,
	"numero_exibicao" text NOT NULL,
	"api_url" text,
	"token_cifrado" text NOT NULL,
	"app_secret_cifrado" text NOT NULL,
	"verify_token_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"alterado_por" text NOT NULL,
	CONSTRAINT "whatsapp_conexao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_conversa" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"numero" text NOT NULL,
	"nome" text,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"ultima_mensagem_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_mensagem" text DEFAULT '' NOT NULL,
	"nao_lidas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_conversa_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_mensagem" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"conversa_id" text NOT NULL,
	"direcao" text NOT NULL,
	"tipo" text NOT NULL,
	"texto" text NOT NULL,
	"modelo" jsonb,
	"situacao" text NOT NULL,
	"wamid" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone,
	"ultimo_erro" text,
	"origem" text NOT NULL,
	"chave" text,
	"autor" text,
	"situacao_em" timestamp with time zone,
	CONSTRAINT "whatsapp_mensagem_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_conexao" ADD CONSTRAINT "whatsapp_conexao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recuperador_campanha_idx" ON "recuperador_campanha" USING btree ("grupo_empresarial_id","enviada_em");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_conexao_grupo" ON "whatsapp_conexao" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "whatsapp_conexao_numero_idx" ON "whatsapp_conexao" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_conexao_verify_idx" ON "whatsapp_conexao" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_conversa_numero" ON "whatsapp_conversa" USING btree ("grupo_empresarial_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagem_wamid" ON "whatsapp_mensagem" USING btree ("grupo_empresarial_id","wamid") WHERE wamid is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagem_chave" ON "whatsapp_mensagem" USING btree ("grupo_empresarial_id","chave") WHERE chave is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagem_conversa_idx" ON "whatsapp_mensagem" USING btree ("grupo_empresarial_id","conversa_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagem_fila_idx" ON "whatsapp_mensagem" USING btree ("proxima_tentativa_em") WHERE situacao = 'pendente';
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "whatsapp_conexao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "whatsapp_conexao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "whatsapp_conexao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "whatsapp_conexao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "whatsapp_conexao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "whatsapp_conversa" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "whatsapp_conversa" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "whatsapp_conversa" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "whatsapp_conversa" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "whatsapp_conversa" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "whatsapp_mensagem" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "whatsapp_mensagem" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "whatsapp_mensagem" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "whatsapp_mensagem" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "whatsapp_mensagem" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "recuperador_campanha" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "recuperador_campanha" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "recuperador_campanha" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "recuperador_campanha" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "recuperador_campanha" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "recuperador_cliente" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "recuperador_cliente" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "recuperador_cliente" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "recuperador_cliente" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "recuperador_cliente" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
