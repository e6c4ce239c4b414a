CREATE TABLE "grupo_empresarial" (
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"lixo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "grupo_empresarial_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nome_fantasia" text NOT NULL,
	"razao_social" text NOT NULL,
	"cnpj" text,
	"configuracoes" jsonb NOT NULL,
	"lixo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "empresa_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "pessoa" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'Física' NOT NULL,
	"cpf_cnpj" text,
	"sexo" text,
	"data_nascimento" date,
	"email" text,
	"cliente_padrao" boolean DEFAULT false NOT NULL,
	"lixo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pessoa_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"login" text NOT NULL,
	"email" text,
	"senha_hash" text NOT NULL,
	"pessoa_id" text,
	"atribuicao_sistema" text NOT NULL,
	"administrador" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"empresas" text[] DEFAULT '{}'::text[] NOT NULL,
	"empresa_padrao" text,
	"lixo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "usuario_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"usuario_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "chave_senha" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"chave_hash" text NOT NULL,
	"usuario_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "chave_senha_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "email_saida" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"ultimo_erro" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_saida_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_grupo_empresarial_id_pessoa_id_pessoa_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","pessoa_id") REFERENCES "public"."pessoa"("grupo_empresarial_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_grupo_empresarial_id_usuario_id_usuario_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","usuario_id") REFERENCES "public"."usuario"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chave_senha" ADD CONSTRAINT "chave_senha_grupo_empresarial_id_usuario_id_usuario_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","usuario_id") REFERENCES "public"."usuario"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_saida" ADD CONSTRAINT "email_saida_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_grupo_login_unico" ON "usuario" USING btree ("grupo_empresarial_id",lower("login"));--> statement-breakpoint
CREATE INDEX "usuario_login_idx" ON "usuario" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "usuario_email_idx" ON "usuario" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessao_grupo_token_unico" ON "sessao" USING btree ("grupo_empresarial_id","token_hash");--> statement-breakpoint
CREATE INDEX "sessao_token_idx" ON "sessao" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "chave_senha_grupo_chave_unica" ON "chave_senha" USING btree ("grupo_empresarial_id","chave_hash");--> statement-breakpoint
CREATE INDEX "chave_senha_chave_idx" ON "chave_senha" USING btree ("chave_hash");--> statement-breakpoint
CREATE INDEX "email_saida_status_idx" ON "email_saida" USING btree ("status");