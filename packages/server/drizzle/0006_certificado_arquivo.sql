CREATE TABLE "empresa_certificado" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pfx_cifrado" text NOT NULL,
	"senha_cifrada" text NOT NULL,
	"subject" text NOT NULL,
	"cnpj" text,
	"validade" timestamp with time zone NOT NULL,
	CONSTRAINT "empresa_certificado_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "arquivo" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"chave" text NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "arquivo_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "empresa_certificado" ADD CONSTRAINT "empresa_certificado_grupo_empresarial_id_id_empresa_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","id") REFERENCES "public"."empresa"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arquivo" ADD CONSTRAINT "arquivo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;