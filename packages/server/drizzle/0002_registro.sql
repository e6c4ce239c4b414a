CREATE TABLE "registro" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"recurso" text NOT NULL,
	"empresa_id" text,
	"dados" jsonb NOT NULL,
	"lixo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "registro_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "registro" ADD CONSTRAINT "registro_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registro_recurso_idx" ON "registro" USING btree ("grupo_empresarial_id","recurso","empresa_id","lixo");