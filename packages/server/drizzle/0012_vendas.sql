CREATE TABLE "terminal_credencial" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"criada_por" text,
	"revogada_em" timestamp with time zone,
	CONSTRAINT "terminal_credencial_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "venda" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"empresa_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"periodo_id" text,
	"canal" text NOT NULL,
	"mesa" text,
	"garcom_id" text,
	"entregador_id" text,
	"cliente_id" text,
	"aberto_em" timestamp with time zone NOT NULL,
	"fechado_em" timestamp with time zone NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"desconto_itens" bigint DEFAULT 0 NOT NULL,
	"desconto" bigint DEFAULT 0 NOT NULL,
	"desconto_motivo_id" text,
	"taxa_servico" bigint DEFAULT 0 NOT NULL,
	"taxa_entrega" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"troco" bigint DEFAULT 0 NOT NULL,
	"itens_cancelados" integer DEFAULT 0 NOT NULL,
	"valor_cancelado" bigint DEFAULT 0 NOT NULL,
	"cupom" text,
	"documento_modelo" text,
	"documento_chave" text,
	"documento_numero" integer,
	"documento_serie" smallint,
	"documento_status" text,
	"cancelada" boolean DEFAULT false NOT NULL,
	"cancelada_em" timestamp with time zone,
	"cancelada_por" text,
	"motivo_cancelamento" text,
	"original" jsonb NOT NULL,
	CONSTRAINT "venda_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
CREATE TABLE "venda_item" (
	"grupo_empresarial_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"seq" smallint NOT NULL,
	"empresa_id" text NOT NULL,
	"fechado_em" timestamp with time zone NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(12, 3) NOT NULL,
	"preco_unitario" bigint DEFAULT 0 NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"desconto" bigint DEFAULT 0 NOT NULL,
	"desconto_motivo_id" text,
	"modificadores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observacao" text,
	"cancelado" boolean DEFAULT false NOT NULL,
	"cancelado_por" text,
	"cancelado_motivo" text,
	"cancelado_em" timestamp with time zone,
	CONSTRAINT "venda_item_grupo_empresarial_id_venda_id_seq_pk" PRIMARY KEY("grupo_empresarial_id","venda_id","seq")
);
--> statement-breakpoint
CREATE TABLE "venda_pagamento" (
	"grupo_empresarial_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"seq" smallint NOT NULL,
	"empresa_id" text NOT NULL,
	"fechado_em" timestamp with time zone NOT NULL,
	"forma_pagamento_id" text NOT NULL,
	"t_pag" text NOT NULL,
	"bandeira_id" text,
	"operadora_id" text,
	"parcelas" smallint DEFAULT 1 NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	"troco" bigint DEFAULT 0 NOT NULL,
	"autorizacao" text,
	CONSTRAINT "venda_pagamento_grupo_empresarial_id_venda_id_seq_pk" PRIMARY KEY("grupo_empresarial_id","venda_id","seq")
);
--> statement-breakpoint
ALTER TABLE "terminal_credencial" ADD CONSTRAINT "terminal_credencial_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda" ADD CONSTRAINT "venda_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_item" ADD CONSTRAINT "venda_item_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","venda_id") REFERENCES "public"."venda"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_pagamento" ADD CONSTRAINT "venda_pagamento_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk" FOREIGN KEY ("grupo_empresarial_id","venda_id") REFERENCES "public"."venda"("grupo_empresarial_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_credencial_token" ON "terminal_credencial" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "venda_pedido_unico" ON "venda" USING btree ("grupo_empresarial_id","terminal_id","pedido_id");--> statement-breakpoint
CREATE INDEX "venda_periodo_idx" ON "venda" USING btree ("grupo_empresarial_id","empresa_id","fechado_em");--> statement-breakpoint
CREATE INDEX "venda_item_produto_idx" ON "venda_item" USING btree ("grupo_empresarial_id","empresa_id","fechado_em","produto_id");--> statement-breakpoint
CREATE INDEX "venda_pagamento_periodo_idx" ON "venda_pagamento" USING btree ("grupo_empresarial_id","empresa_id","fechado_em");