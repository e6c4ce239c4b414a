CREATE TABLE "correcao_produtos_lote" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"usuario_id" text NOT NULL,
	"usuario_nome" text NOT NULL,
	"campo" text NOT NULL,
	"edicao" jsonb NOT NULL,
	"descricao" text NOT NULL,
	"itens" jsonb NOT NULL,
	"desfeito_em" timestamp with time zone,
	"desfeito_por_nome" text,
	CONSTRAINT "correcao_produtos_lote_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "correcao_produtos_lote" ADD CONSTRAINT "correcao_produtos_lote_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correcao_produtos_lote_empresa_idx" ON "correcao_produtos_lote" USING btree ("grupo_empresarial_id","empresa_id","created_at");