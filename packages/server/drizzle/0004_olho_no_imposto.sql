CREATE TABLE "olho_no_imposto" (
	"grupo_empresarial_id" text NOT NULL,
	"versao_id" text NOT NULL,
	"uf" text NOT NULL,
	"codigo" text NOT NULL,
	"ex" text NOT NULL,
	"tipo" smallint NOT NULL,
	"descricao" text NOT NULL,
	"nacional_federal" numeric(7, 4) NOT NULL,
	"importados_federal" numeric(7, 4) NOT NULL,
	"estadual" numeric(7, 4) NOT NULL,
	"municipal" numeric(7, 4) NOT NULL,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date NOT NULL,
	"chave" text NOT NULL,
	"versao" text NOT NULL,
	"fonte" text NOT NULL,
	CONSTRAINT "olho_no_imposto_grupo_empresarial_id_versao_id_tipo_codigo_ex_pk" PRIMARY KEY("grupo_empresarial_id","versao_id","tipo","codigo","ex")
);
--> statement-breakpoint
CREATE TABLE "olho_no_imposto_versao" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"uf" text NOT NULL,
	"versao" text NOT NULL,
	"chave" text NOT NULL,
	"fonte" text NOT NULL,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date NOT NULL,
	"linhas" integer NOT NULL,
	"ncm" integer NOT NULL,
	"nbs" integer NOT NULL,
	"lc116" integer NOT NULL,
	"arquivo" text,
	"usuario_id" text,
	CONSTRAINT "olho_no_imposto_versao_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "olho_no_imposto" ADD CONSTRAINT "olho_no_imposto_grupo_empresarial_id_versao_id_olho_no_imposto_versao_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","versao_id") REFERENCES "public"."olho_no_imposto_versao"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olho_no_imposto_versao" ADD CONSTRAINT "olho_no_imposto_versao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "olho_no_imposto_codigo_idx" ON "olho_no_imposto" USING btree ("grupo_empresarial_id","uf","codigo","ex");--> statement-breakpoint
CREATE UNIQUE INDEX "olho_no_imposto_versao_uf_versao" ON "olho_no_imposto_versao" USING btree ("grupo_empresarial_id","uf","versao");