-- What each company sold of each product per local day (relatorioVendaInsumos reads it), filled from the sales already stored; RLS as on every tenant table.
CREATE TABLE "estoque_vendido_dia" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "estoque_vendido_dia_grupo_empresarial_id_empresa_id_dia_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","produto_id")
);
--> statement-breakpoint
ALTER TABLE "estoque_vendido_dia" ADD CONSTRAINT "estoque_vendido_dia_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "estoque_vendido_dia" ("grupo_empresarial_id", "empresa_id", "dia", "produto_id", "quantidade")
SELECT i.grupo_empresarial_id, i.empresa_id, (i.fechado_em AT TIME ZONE 'America/Sao_Paulo')::date, x.produto, sum(x.q)
FROM venda_item i
JOIN venda v ON v.grupo_empresarial_id = i.grupo_empresarial_id AND v.id = i.venda_id AND NOT v.cancelada
CROSS JOIN LATERAL (
  SELECT i.produto_id AS produto, i.quantidade::numeric AS q
  UNION ALL
  SELECT m->>'produto', round(i.quantidade * coalesce((m->>'quantidade')::numeric, 1), 4) FROM jsonb_array_elements(i.modificadores) m WHERE m->>'produto' IS NOT NULL
) x
WHERE NOT i.cancelado
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "estoque_vendido_dia" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_vendido_dia" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_vendido_dia" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_vendido_dia" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_vendido_dia" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
