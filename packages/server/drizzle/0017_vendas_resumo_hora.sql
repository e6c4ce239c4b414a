CREATE TABLE "venda_resumo_hora" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"hora" smallint NOT NULL,
	"canal" text NOT NULL,
	"terminal_id" text NOT NULL,
	"operador_id" text DEFAULT '' NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"descontos" bigint DEFAULT 0 NOT NULL,
	"taxa_servico" bigint DEFAULT 0 NOT NULL,
	"taxa_entrega" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"canceladas" integer DEFAULT 0 NOT NULL,
	"valor_cancelado" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "venda_resumo_hora_grupo_empresarial_id_empresa_id_dia_hora_canal_terminal_id_operador_id_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","hora","canal","terminal_id","operador_id")
);
--> statement-breakpoint
ALTER TABLE "venda_resumo_hora" ADD CONSTRAINT "venda_resumo_hora_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Row-level security as on the sales tables (0013).
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_resumo_hora" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_resumo_hora" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_resumo_hora" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_resumo_hora" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_resumo_hora" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The sales received before this version, added up once.
INSERT INTO "venda_resumo_hora" (grupo_empresarial_id, empresa_id, dia, hora, canal, terminal_id, operador_id, vendas, bruto, descontos, taxa_servico, taxa_entrega, total, canceladas, valor_cancelado)
SELECT grupo_empresarial_id, empresa_id, (fechado_em AT TIME ZONE 'America/Sao_Paulo')::date, extract(hour FROM fechado_em AT TIME ZONE 'America/Sao_Paulo')::smallint,
  canal, terminal_id, coalesce(operador_id, ''),
  count(*) FILTER (WHERE NOT cancelada), coalesce(sum(bruto) FILTER (WHERE NOT cancelada), 0), coalesce(sum(desconto + desconto_itens) FILTER (WHERE NOT cancelada), 0),
  coalesce(sum(taxa_servico) FILTER (WHERE NOT cancelada), 0), coalesce(sum(taxa_entrega) FILTER (WHERE NOT cancelada), 0), coalesce(sum(total) FILTER (WHERE NOT cancelada), 0),
  count(*) FILTER (WHERE cancelada), coalesce(sum(total) FILTER (WHERE cancelada), 0)
FROM "venda"
GROUP BY 1, 2, 3, 4, 5, 6, 7;
